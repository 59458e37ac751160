package io.strata.client.internal;

import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.ScanMetrics;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/**
 * The blocking scanner: waits on the {@link AsyncScanner} it adapts. It asks for the next row
 * before handing out the current one, so the next batch is fetched while the caller works
 * through the last row of this one.
 */
final class ClientScanner implements ResultScanner {
  private final AsyncScanner scanner;
  private CompletableFuture<Result> ahead;

  ClientScanner(AsyncScanner scanner) {
    this.scanner = scanner;
  }

  @Override
  public Result next() throws IOException {
    CompletableFuture<Result> f = ahead != null ? ahead : scanner.next();
    ahead = null;
    Result r = RetryingCaller.join(f);
    if (r != null) {
      ahead = scanner.next();
    }
    return r;
  }

  @Override
  public ScanMetrics getScanMetrics() {
    return scanner.getScanMetrics();
  }

  @Override
  public void close() {
    scanner.close();
  }
}
