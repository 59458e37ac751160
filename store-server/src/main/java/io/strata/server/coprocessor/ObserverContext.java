package io.strata.server.coprocessor;

import java.util.Optional;

/**
 * What an observer's hook is told besides its arguments, as HBase's ObserverContext: its
 * environment, who made the call, and a way for a pre hook to bypass the default action.
 */
public final class ObserverContext<E extends CoprocessorEnvironment<?>> {
  private final E env;
  private final String caller;
  private final boolean bypassable;
  private boolean bypassed;

  ObserverContext(E env, String caller, boolean bypassable) {
    this.env = env;
    this.caller = caller;
    this.bypassable = bypassable;
  }

  public E getEnvironment() {
    return env;
  }

  /**
   * The user whose call this is, as its connection gave it (empty for the server's own work,
   * such as a region opening).
   */
  public Optional<String> getCaller() {
    return caller == null || caller.isEmpty() ? Optional.empty() : Optional.of(caller);
  }

  /**
   * Skips the default action, as in HBase 2: the server does not do it, answers with what the
   * hooks supplied (a get's result cells, an exists answer) and calls no post hook. The pre
   * hooks of the coprocessors after this one still run. Only pre hooks of operations may
   * bypass.
   */
  public void bypass() {
    if (!bypassable) {
      throw new UnsupportedOperationException("this hook cannot bypass its action: only pre"
          + " hooks of operations (preGetOp, preExists, prePut, preDelete, preIncrement,"
          + " preAppend, preScannerNext) can");
    }
    bypassed = true;
  }

  boolean shouldBypass() {
    return bypassed;
  }
}
