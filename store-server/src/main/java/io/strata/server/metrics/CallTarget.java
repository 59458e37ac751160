package io.strata.server.metrics;

/**
 * What a call was about (a region), told of the call once it is answered: a handler tags its
 * call with one ({@code RpcServer.tagCall}) to have it counted there too.
 */
public interface CallTarget {
  /** One answered call: its operation, how long it took, and whether it failed. */
  void answered(String operation, long nanos, boolean failed);
}
