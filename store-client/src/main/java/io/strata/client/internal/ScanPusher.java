package io.strata.client.internal;

import io.strata.client.Result;
import io.strata.client.ScanResultConsumer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Drives a scan into a {@link ScanResultConsumer}: asks for the next row before handing the
 * current one over, so the next batch is on its way while the consumer works, and delivers on
 * the given executor (the callback threads; inline for {@code scanAll}'s collecting), one call
 * at a time, looping on the same thread while rows are already there (a hop per row would cost
 * more than most consumers).
 */
final class ScanPusher {
  private final AsyncScanner scanner;
  private final ScanResultConsumer consumer;
  private final Executor executor;

  ScanPusher(AsyncScanner scanner, ScanResultConsumer consumer, Executor executor) {
    this.scanner = scanner;
    this.consumer = consumer;
    this.executor = executor;
  }

  void start() {
    executor.execute(() -> {
      if (scanner.getScanMetrics() != null) {
        consumer.onScanMetricsCreated(scanner.getScanMetrics());
      }
      await(scanner.next());
    });
  }

  private void await(CompletableFuture<Result> f) {
    f.whenComplete((r, e) -> executor.execute(() -> deliver(f)));
  }

  private void deliver(CompletableFuture<Result> f) {
    while (true) {
      Result r;
      try {
        r = f.join();
      } catch (CompletionException | java.util.concurrent.CancellationException e) {
        consumer.onError(RetryingCaller.unwrap(e));
        return;
      }
      if (r == null) {
        consumer.onComplete();
        return;
      }
      CompletableFuture<Result> ahead = scanner.next();
      boolean more;
      try {
        more = consumer.onNext(r);
      } catch (RuntimeException e) {
        scanner.close();
        consumer.onError(e);
        return;
      }
      if (!more) {
        scanner.close();
        return;
      }
      if (!ahead.isDone()) {
        await(ahead);
        return;
      }
      f = ahead;
    }
  }
}
