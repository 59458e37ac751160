package io.strata.client.internal.rpc;

import java.util.concurrent.CompletableFuture;

/**
 * Marks the stretch in which a blocking operation issues its call on the calling thread, so
 * that the call may go over a {@link DirectConnection}: the thread then waits for it with
 * {@link #await()}, reading the answer itself. Only the first call made in the stretch goes
 * direct; calls made later (retries from the timer, a second call chained on the first) go
 * through Netty, since no thread is sure to wait for them. One scope per thread at a time.
 */
public final class DirectScope {
  private static final ThreadLocal<DirectScope> CURRENT = new ThreadLocal<>();

  private DirectConnection connection;
  private CompletableFuture<?> call;

  private DirectScope() {}

  /**
   * Opens a scope on this thread; close it once the operation's future is in hand, then
   * {@link #await()} (possibly later: a scanner awaits its prefetch at the next row).
   */
  public static DirectScope open() {
    DirectScope s = new DirectScope();
    CURRENT.set(s);
    return s;
  }

  /** Whether a call made now on this thread may go direct. */
  public static boolean wanted() {
    DirectScope s = CURRENT.get();
    return s != null && s.call == null;
  }

  /** Notes that {@code call} went over {@code c} from this thread, if its scope wanted one. */
  static void record(DirectConnection c, CompletableFuture<?> call) {
    DirectScope s = CURRENT.get();
    if (s != null && s.call == null) {
      s.connection = c;
      s.call = call;
    }
  }

  /**
   * Makes {@code call}, already sent over {@code c}, the scope's call to await, as if made
   * now, when this thread's scope wants one; returns whether it did (else someone else must
   * await the call).
   */
  public static boolean adopt(DirectConnection c, CompletableFuture<?> call) {
    if (!wanted()) {
      return false;
    }
    record(c, call);
    return true;
  }

  /** Ends the stretch in which calls may go direct. */
  public void close() {
    if (CURRENT.get() == this) {
      CURRENT.remove();
    }
  }

  /** Waits for the direct call made in the scope, if one was, reading its answer. */
  public void await() {
    DirectConnection c = connection;
    CompletableFuture<?> f = call;
    connection = null;
    call = null;
    if (c != null) {
      c.await(f);
    }
  }
}
