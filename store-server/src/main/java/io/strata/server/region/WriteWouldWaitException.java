package io.strata.server.region;

import java.io.IOException;

/**
 * Thrown by a write run through {@link Region#withoutWaiting} where it would have to wait for
 * another thread (a row lock held, a flush taking its snapshot, the WAL busy), before it changed
 * anything: the caller runs the write again where waiting holds up nothing else. It never leaves
 * the server.
 */
public final class WriteWouldWaitException extends IOException {
  private static final long serialVersionUID = 1L;

  WriteWouldWaitException(String what) {
    super("the write would wait for " + what);
  }

  @Override
  public synchronized Throwable fillInStackTrace() {
    return this; // an expected turn of events, not an error: no stack to record
  }
}
