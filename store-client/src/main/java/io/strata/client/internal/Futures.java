package io.strata.client.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/** Where callers' futures complete. */
final class Futures {
  private Futures() {}

  /**
   * A future completed like {@code f} but on {@code callbacks}, so callers' callbacks never run
   * on a network thread; {@code f} itself when {@code callbacks} is null (raw, for the blocking
   * adapters, which only wait).
   */
  static <T> CompletableFuture<T> completeOn(CompletableFuture<T> f, Executor callbacks) {
    if (callbacks == null) {
      return f;
    }
    CompletableFuture<T> r = new CompletableFuture<>();
    f.whenCompleteAsync((v, e) -> {
      if (e == null) {
        r.complete(v);
      } else {
        r.completeExceptionally(RetryingCaller.unwrap(e));
      }
    }, callbacks);
    return r;
  }
}
