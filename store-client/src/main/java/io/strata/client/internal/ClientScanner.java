package io.strata.client.internal;

import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.ScanMetrics;
import io.strata.client.internal.rpc.DirectScope;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/**
 * The blocking scanner: waits on the {@link AsyncScanner} it adapts. Rows already fetched are
 * taken without a future; when the last of them is handed out, the next batch is asked for at
 * once, so it is fetched while the caller works through that row.
 */
final class ClientScanner implements ResultScanner {
  private final AsyncScanner scanner;
  private CompletableFuture<Result> ahead;
  /** The scope the look-ahead was asked in: its call, if direct, is read at the next row. */
  private DirectScope aheadScope;

  ClientScanner(AsyncScanner scanner) {
    this.scanner = scanner;
  }

  @Override
  public Result next() throws IOException {
    if (ahead == null) {
      Result r = scanner.nextReady();
      if (r != null) {
        fetchAheadIfEmpty();
        return r;
      }
      askAhead();
    }
    CompletableFuture<Result> f = ahead;
    DirectScope scope = aheadScope;
    ahead = null;
    aheadScope = null;
    scope.await();
    scanner.awaitCalls(f);
    Result r = RetryingCaller.join(f);
    if (r != null) {
      fetchAheadIfEmpty();
    }
    return r;
  }

  /** Starts the next fetch before the caller works through the last row fetched. */
  private void fetchAheadIfEmpty() {
    if (scanner.needsFetch()) {
      askAhead();
    }
  }

  /** Asks for the next row; a fetch this starts may go over a direct connection. */
  private void askAhead() {
    aheadScope = DirectScope.open();
    try {
      ahead = scanner.next();
    } finally {
      aheadScope.close();
    }
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
