package io.strata.server.rpc;

/** Which handler pool serves a call: each kind has its own queue and threads. */
public enum CallKind {
  READ,
  WRITE,
  SCAN,
  /** Calls on strata:meta and admin calls, never starved by user traffic. */
  PRIORITY
}
