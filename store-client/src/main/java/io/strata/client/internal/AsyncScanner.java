package io.strata.client.internal;

import io.strata.client.AsyncResultScanner;
import io.strata.client.RegionLocation;
import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.client.ScanMetrics;
import io.strata.client.internal.rpc.DirectConnection;
import io.strata.client.internal.rpc.DirectScope;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.client.internal.rpc.RpcResponse;
import io.strata.common.conf.ClientKeys;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.proto.ClientProtos.ResultProto;
import io.strata.common.proto.ClientProtos.ScanRequest;
import io.strata.common.proto.ClientProtos.ScanResponse;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The client side of the scanner protocol (docs/formats/rpc.md): walks the table's regions in
 * scan order, opening a server-side scanner on each and fetching batches ({@code caching} rows,
 * at most {@code maxResultSize} bytes, half the RPC timeout of server time per call). Answers
 * with no rows (heartbeats) just lead to the next call.
 *
 * <p>Parts of a row (a row larger than a call's byte limit) are joined before they are handed
 * out; a scan with a batch gets them regrouped into Results of exactly that many cells but the
 * last of a row ({@link BatchRegrouper}); one that allowed partial results gets them as they
 * come. If a region moves,
 * splits or loses its scanner mid-scan, the scan reopens on the region's current location just
 * after what it has already received, so no row is returned twice or skipped: after the last
 * whole row, or, when parts of a row were handed out, at that row again, dropping every cell up
 * to the last one handed out.
 *
 * <p>Calls to {@link #next()} are chained, so the scanner's state is touched by one stage at a
 * time; each stage runs after the previous one completed, which orders its memory effects. A
 * blocking scan's next call may already be out (see {@link #pipeline}); its answer touches no
 * state until the fetch that needs it takes it up, in the chain.
 */
final class AsyncScanner implements AsyncResultScanner {
  private final AsyncConnectionImpl conn;
  private final TableName table;
  private final Scan scan;
  private final RetryPolicy policy;
  private final int priority;
  private final int caching;
  private final long maxResultSize;
  /** Parts go to the caller as they come (setAllowPartialResults). */
  private final boolean handOutParts;
  /** Parts regrouped into batches (setBatch without setAllowPartialResults); else null. */
  private final BatchRegrouper regrouper;
  private final ScanMetrics metrics;
  private final ArrayDeque<Result> ready = new ArrayDeque<>();
  private final List<Result> partials = new ArrayList<>();
  /** The region being scanned and its scanner there; id 0 when none is open. */
  private RegionLocation region;
  /** Where the last attempt went (set even when it could not connect), for the cache. */
  private RegionLocation tried;
  private long scannerId;
  private long nextCallSeq;
  private final ScanPosition position;
  /** For a reversed scan moving down: the start key of the region just finished. */
  private byte[] previousRegionEnd;
  private int returned;
  private boolean done;
  /** The caller closed the scan (or its limit was reached): next() answers null from now. */
  private volatile boolean closed;
  private CompletableFuture<?> tail = CompletableFuture.completedFuture(null);
  /** The direct connection the last call went over; null when it went through Netty. */
  private DirectConnection lastDirect;
  /** The next batch's call, sent before the last answer was decoded; null when none. */
  private DirectCall pipelined;
  /** A pipelined call taken up where no scope awaits it: {@link #awaitCalls} reads it. */
  private DirectCall unawaited;

  /** A call sent over a direct connection, whose answer someone must read there. */
  private record DirectCall(DirectConnection on,
      CompletableFuture<RpcResponse<ScanResponse>> call) {}

  AsyncScanner(AsyncConnectionImpl conn, TableName table, Scan scan, RetryPolicy policy,
      int priority) {
    this.conn = conn;
    this.table = table;
    this.scan = new Scan(scan);
    this.policy = policy;
    this.priority = priority;
    this.caching = scan.getCaching() > 0 ? scan.getCaching()
        : conn.getConfiguration().get(ClientKeys.SCANNER_CACHING);
    this.maxResultSize = scan.getMaxResultSize() > 0 ? scan.getMaxResultSize()
        : conn.getConfiguration().get(ClientKeys.SCANNER_MAX_RESULT_SIZE);
    this.handOutParts = scan.getAllowPartialResults();
    this.regrouper = scan.getBatch() > 0 && !handOutParts ? new BatchRegrouper(scan.getBatch())
        : null;
    this.metrics = scan.isScanMetricsEnabled() ? new ScanMetrics() : null;
    this.position = new ScanPosition(scan);
  }

  @Override
  public ScanMetrics getScanMetrics() {
    return metrics;
  }

  @Override
  public synchronized CompletableFuture<Result> next() {
    CompletableFuture<Result> f = tail.handle((x, e) -> null).thenCompose(x -> nextOne());
    tail = f;
    return f;
  }

  private CompletableFuture<Result> nextOne() {
    if (closed) {
      return CompletableFuture.completedFuture(null);
    }
    if (ready.isEmpty() && !done) {
      return fetch().thenCompose(x -> nextOne());
    }
    return CompletableFuture.completedFuture(handOut(ready.poll()));
  }

  /**
   * A row already fetched, when one is and no call is in flight: the blocking scanner takes
   * rows this way without a future each. Null means "ask {@link #next()}", which also tells the
   * end of the scan.
   */
  synchronized Result nextReady() {
    if (closed || ready.isEmpty() || !tail.isDone()) {
      return null;
    }
    return handOut(ready.poll());
  }

  /** Whether the next row needs a call: nothing fetched is left and the scan goes on. */
  synchronized boolean needsFetch() {
    return ready.isEmpty() && !done && !closed;
  }

  /** Counts a row handed to the caller; the scan's limit closes it. */
  private Result handOut(Result r) {
    if (r != null) {
      if (metrics != null) {
        metrics.rows.incrementAndGet();
        metrics.cells.addAndGet(r.size());
      }
      if (!r.mayHaveMoreCellsInRow()) {
        returned++;
        if (scan.getLimit() > 0 && returned >= scan.getLimit()) {
          close();
        }
      }
    }
    return r;
  }

  /**
   * One call: opens the next region's scanner if none is open, else continues it, or takes up
   * the call already sent for it (see {@link #pipeline}).
   */
  private CompletableFuture<Void> fetch() {
    int rows = caching;
    if (scan.getLimit() > 0) {
      rows = Math.min(rows, scan.getLimit() - returned - ready.size());
    }
    int asked = Math.max(1, rows);
    CompletableFuture<RpcResponse<ScanResponse>> answer;
    if (pipelined != null) {
      DirectCall p = pipelined;
      pipelined = null;
      // Adopted even when answered: the scope then awaits no later call (the next pipelined
      // one, sent while this answer is decoded), which would hold these rows back.
      if (!DirectScope.adopt(p.on(), p.call()) && !p.call().isDone()) {
        synchronized (this) {
          unawaited = p;
        }
      }
      answer = p.call().handle((r, e) -> {
        if (e == null) {
          nextCallSeq++;
          return CompletableFuture.completedFuture(r);
        }
        // As if it had not been sent: if the server did take it, the call is refused for its
        // sequence number and the scanner reopens after the last row received.
        return call(asked);
      }).thenCompose(x -> x);
    } else {
      answer = call(asked);
    }
    return answer.handle((r, e) -> {
      if (e != null) {
        done = true;
        throw new CompletionException(RetryingCaller.unwrap(e));
      }
      ScanResponse resp = r.result();
      if (metrics != null) {
        metrics.bytes.addAndGet(r.cellBlock() == null ? 0 : r.cellBlock().length);
        metrics.rowsScanned.addAndGet(resp.getRowsScanned());
        metrics.rowsFiltered.addAndGet(resp.getRowsFiltered());
        if (resp.getHeartbeat()) {
          metrics.heartbeats.incrementAndGet();
        }
      }
      if (resp.getMoreResultsInRegion()) {
        pipeline(asked);
      }
      try {
        CellBlock.Reader in = new CellBlock.Reader(r.cellBlock());
        for (ResultProto p : resp.getResultsList()) {
          take(OperationProtos.toResult(p, in));
        }
      } catch (IOException io) {
        closeServerScanner();
        throw new CompletionException(io);
      }
      if (!resp.getMoreResultsInRegion()) {
        scannerId = 0;
        nextRegion();
      } else if (closed) {
        closeServerScanner(); // closed while this call was out: free what it opened
      }
      return null;
    });
  }

  /**
   * Sends the next batch's call now, before this answer is decoded, so that the server answers
   * it while the client decodes: only over a direct connection (a blocking scanner's, which
   * reads the answer when it needs the rows, {@link #awaitCalls}), on a scanner that goes on
   * in its region, and without a row limit (whose last call asks for fewer rows).
   */
  private void pipeline(int rows) {
    if (lastDirect == null || closed || scan.getLimit() > 0 || scannerId == 0
        || region == null) {
      return;
    }
    long timeout = policy.rpcTimeout().toMillis();
    if (metrics != null) {
      metrics.rpcCalls.incrementAndGet();
    }
    pipelined = new DirectCall(lastDirect, lastDirect.call("Scan",
        continueRequest(rows, timeout), null, ScanResponse.parser(), Duration.ofMillis(timeout),
        priority));
  }

  /**
   * Reads, on the calling thread, any pipelined call the scan waits for that no scope awaits,
   * until {@code f} is done: the blocking scanner calls this before it blocks on {@code f}.
   */
  void awaitCalls(CompletableFuture<?> f) {
    while (!f.isDone()) {
      DirectCall u;
      synchronized (this) {
        u = unawaited;
        unawaited = null;
      }
      if (u != null) {
        u.on().await(u.call());
        continue;
      }
      try {
        f.get(1, java.util.concurrent.TimeUnit.MILLISECONDS);
      } catch (java.util.concurrent.TimeoutException e) {
        // look again: a chained stage may have taken up a pipelined call meanwhile
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (java.util.concurrent.ExecutionException e) {
        return; // the caller gets the failure from f
      }
    }
  }

  private void take(Result r) {
    if (r.isEmpty()) {
      return;
    }
    r = position.admit(r);
    if (r == null) {
      return;
    }
    if (regrouper != null) {
      regrouper.add(r, this::ready);
      return;
    }
    if (handOutParts) {
      ready(r); // parts, as asked
      return;
    }
    partials.add(r);
    if (!r.mayHaveMoreCellsInRow()) {
      Result whole = partials.size() == 1 ? r : Result.createCompleteResult(partials);
      partials.clear();
      ready(whole);
    }
  }

  /** {@code r} is the caller's next, and the scan has got past it. */
  private void ready(Result r) {
    ready.add(r);
    position.handedOut(r);
  }

  /** The region after the current one in scan order, or the end of the scan. */
  private void nextRegion() {
    RegionLocation r = region;
    region = null;
    partials.clear();
    if (regrouper != null) {
      regrouper.rowEnded(this::ready); // a row never spans regions
    }
    if (scan.isReversed()) {
      byte[] start = r.region().getStartKey();
      byte[] stop = scan.getStopRow();
      if (start.length == 0 || (stop.length > 0 && Bytes.compare(stop, start) >= 0)) {
        done = true;
        return;
      }
      position.regionFinished(start);
      previousRegionEnd = start;
    } else {
      byte[] end = r.region().getEndKey();
      byte[] stop = scan.getStopRow();
      if (end.length == 0 || (stop.length > 0 && Bytes.compare(stop, end) <= 0)) {
        done = true;
        return;
      }
      position.regionFinished(end);
    }
  }

  private CompletableFuture<RpcResponse<ScanResponse>> call(int rows) {
    return conn.caller().call("scan of table '" + table + "'", policy, (timeout, previous) -> {
      boolean reload = false;
      if (previous != null) {
        // Reopen where we were: the old scanner (if any) is lost or its region moved.
        if (metrics != null) {
          metrics.rpcRetries.incrementAndGet();
        }
        reload = conn.locations().onError(tried, previous);
        region = null;
        scannerId = 0;
        partials.clear();
        if (regrouper != null) {
          regrouper.clear();
        }
      }
      CompletableFuture<RegionLocation> loc;
      if (region != null) {
        loc = CompletableFuture.completedFuture(region);
      } else if (scan.isReversed() && previousRegionEnd != null) {
        loc = conn.locations().locateBefore(table, previousRegionEnd, timeout);
      } else if (scan.isReversed() && position.startRow().length == 0) {
        loc = conn.locations().locateLast(table, timeout);
      } else {
        loc = conn.locations().locate(table, position.startRow(), reload, timeout);
      }
      return loc.thenCompose(l -> {
        tried = l;
        return conn.channels().connection(l.server(), "ClientService")
            .thenCompose(c -> send(c, l, rows, timeout));
      });
    });
  }

  /** Opens a scanner on region {@code l}, or continues the open one. */
  private CompletableFuture<RpcResponse<ScanResponse>> send(RpcConnection c, RegionLocation l,
      int rows, long timeout) {
    ScanRequest req;
    boolean open = scannerId == 0 || region == null;
    if (open) {
      region = l;
      req = batch(rows, timeout).setRegion(RegionSpecifierProto.newBuilder().setEncodedName(
          l.region().getEncodedName())).setScan(OperationProtos.toProto(new Scan(scan)
              .withStartRow(position.startRow(), true))).build();
    } else {
      req = continueRequest(rows, timeout);
    }
    lastDirect = c instanceof DirectConnection d ? d : null;
    if (metrics != null) {
      metrics.rpcCalls.incrementAndGet();
      if (open) {
        metrics.regions.incrementAndGet();
      }
    }
    return c.call("Scan", req, null, ScanResponse.parser(), Duration.ofMillis(timeout),
        priority).thenApply(resp -> {
          if (open) {
            scannerId = resp.result().getScannerId();
            nextCallSeq = 1;
            previousRegionEnd = null;
          } else {
            nextCallSeq++;
          }
          return resp;
        });
  }

  /** The call that continues the open scanner with the next batch. */
  private ScanRequest continueRequest(int rows, long timeout) {
    return batch(rows, timeout).setScannerId(scannerId).setNextCallSeq(nextCallSeq).build();
  }

  /** A call's limits: rows, bytes, and half the RPC timeout of server time. */
  private ScanRequest.Builder batch(int rows, long timeout) {
    return ScanRequest.newBuilder().setNumberOfRows(rows).setMaxResultSize(maxResultSize)
        .setTimeLimitMillis((int) Math.max(1, timeout / 2));
  }

  @Override
  public void close() {
    closed = true;
    closeServerScanner();
  }

  private void closeServerScanner() {
    RegionLocation r;
    long id;
    synchronized (this) {
      done = true;
      r = region;
      id = scannerId;
      scannerId = 0;
    }
    if (id != 0 && r != null) {
      if (metrics != null) {
        metrics.rpcCalls.incrementAndGet();
      }
      // A close that fails changes nothing: the server's lease closes the scanner anyway.
      conn.channels().connection(r.server(), "ClientService").thenAccept(c -> c.call("Scan",
          ScanRequest.newBuilder().setScannerId(id).setCloseScanner(true).build(), null,
          ScanResponse.parser(), policy.rpcTimeout(), priority));
    }
  }
}
