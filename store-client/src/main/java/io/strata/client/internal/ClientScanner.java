package io.strata.client.internal;

import io.strata.client.RegionLocation;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.client.internal.rpc.RpcResponse;
import io.strata.common.conf.ClientKeys;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.proto.ClientProtos.ResultProto;
import io.strata.common.proto.ClientProtos.ScanProto;
import io.strata.common.proto.ClientProtos.ScanRequest;
import io.strata.common.proto.ClientProtos.ScanResponse;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import com.google.protobuf.ByteString;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The client side of the scanner protocol: walks the table's regions in scan order, opening a
 * server-side scanner on each and fetching batches ({@code caching} rows, at most
 * {@code maxResultSize} bytes per call). Rows a call cut short (partial results) are joined
 * before they are handed out, unless the scan asked for batches of cells. If a region moves or
 * its scanner is lost mid-scan, the scan reopens on the region's new location just after the
 * last row it returned, so no row is returned twice or skipped.
 */
final class ClientScanner implements ResultScanner {
  private final ConnectionImpl conn;
  private final TableName table;
  private final Scan scan;
  private final int priority;
  private final int caching;
  private final long maxResultSize;
  private final ArrayDeque<Result> ready = new ArrayDeque<>();
  private final List<Result> partials = new ArrayList<>();
  /** The region being scanned and its scanner there; id 0 when none is open. */
  private RegionLocation region;
  private long scannerId;
  private long nextCallSeq;
  /** Where the next region scanner starts (inclusive), and a row to skip if it comes first. */
  private byte[] resumeRow;
  private byte[] skipRow;
  /** For a reversed scan moving down: the start key of the region just finished. */
  private byte[] previousRegionEnd;
  private int returned;
  private boolean done;

  ClientScanner(ConnectionImpl conn, TableName table, Scan scan, int priority) {
    this.conn = conn;
    this.table = table;
    this.scan = new Scan(scan);
    this.priority = priority;
    this.caching = scan.getCaching() > 0 ? scan.getCaching()
        : conn.getConfiguration().get(ClientKeys.SCANNER_CACHING);
    this.maxResultSize = scan.getMaxResultSize() > 0 ? scan.getMaxResultSize()
        : conn.getConfiguration().get(ClientKeys.SCANNER_MAX_RESULT_SIZE);
    this.resumeRow = scan.getStartRow();
    if (!scan.includeStartRow() && scan.getStartRow().length > 0) {
      if (scan.isReversed()) {
        skipRow = scan.getStartRow(); // start there and drop that row
      } else {
        resumeRow = Bytes.add(scan.getStartRow(), new byte[] {0});
      }
    }
  }

  @Override
  public Result next() throws IOException {
    while (ready.isEmpty() && !done) {
      fetch();
    }
    Result r = ready.poll();
    if (r != null && !r.mayHaveMoreCellsInRow()) {
      returned++;
      if (scan.getLimit() > 0 && returned >= scan.getLimit()) {
        finish();
      }
    }
    return r;
  }

  /** One call: opens the next region's scanner if none is open, else continues it. */
  private void fetch() throws IOException {
    int rows = caching;
    if (scan.getLimit() > 0) {
      rows = Math.min(rows, scan.getLimit() - returned - ready.size());
    }
    ScanResponse resp;
    byte[] block;
    try {
      RpcResponse<ScanResponse> r = RetryingCaller.join(call(Math.max(1, rows)));
      resp = r.result();
      block = r.cellBlock();
    } catch (IOException e) {
      close();
      throw e;
    }
    CellBlock.Reader in = new CellBlock.Reader(block);
    for (ResultProto p : resp.getResultsList()) {
      take(OperationProtos.toResult(p, in));
    }
    if (!resp.getMoreResultsInRegion()) {
      scannerId = 0;
      nextRegion();
    }
  }

  private void take(Result r) {
    if (r.isEmpty()) {
      return;
    }
    if (skipRow != null) {
      if (Bytes.equals(r.getRow(), skipRow)) {
        return;
      }
      skipRow = null;
    }
    if (scan.getBatch() > 0) {
      ready.add(r); // batches of cells, as asked
      noteReturned(r);
      return;
    }
    partials.add(r);
    if (!r.mayHaveMoreCellsInRow()) {
      Result whole = partials.size() == 1 ? r : Result.createCompleteResult(partials);
      partials.clear();
      ready.add(whole);
      noteReturned(whole);
    }
  }

  /** After a row is complete, a reopened scan resumes just past it. */
  private void noteReturned(Result r) {
    if (r.mayHaveMoreCellsInRow()) {
      return;
    }
    if (scan.isReversed()) {
      resumeRow = r.getRow();
      skipRow = r.getRow();
    } else {
      resumeRow = Bytes.add(r.getRow(), new byte[] {0});
      skipRow = null;
    }
  }

  /** The region after the current one in scan order, or the end of the scan. */
  private void nextRegion() {
    RegionLocation r = region;
    region = null;
    if (scan.isReversed()) {
      byte[] start = r.region().getStartKey();
      byte[] stop = scan.getStopRow();
      if (start.length == 0 || (stop.length > 0 && Bytes.compare(stop, start) >= 0)) {
        done = true;
        return;
      }
      resumeRow = start; // rows below it; the next region's bound clamps to its end
      skipRow = null;
      previousRegionEnd = start;
    } else {
      byte[] end = r.region().getEndKey();
      byte[] stop = scan.getStopRow();
      if (end.length == 0 || (stop.length > 0 && Bytes.compare(stop, end) <= 0)) {
        done = true;
        return;
      }
      resumeRow = end;
      skipRow = null;
    }
    partials.clear();
  }

  private CompletableFuture<RpcResponse<ScanResponse>> call(int rows) {
    return conn.caller().call("scan of table '" + table + "'", (timeout, previous) -> {
      if (previous != null) {
        // Reopen where we were: the old scanner (if any) is lost or its region moved.
        if (conn.locations().onError(region, previous)) {
          conn.locations().invalidate(region);
        }
        region = null;
        scannerId = 0;
        partials.clear();
      }
      CompletableFuture<RegionLocation> loc;
      if (region != null) {
        loc = CompletableFuture.completedFuture(region);
      } else if (scan.isReversed() && previousRegionEnd != null) {
        loc = conn.locations().locateBefore(table, previousRegionEnd, timeout);
      } else if (scan.isReversed() && resumeRow.length == 0) {
        loc = conn.locations().locateLast(table, timeout);
      } else {
        loc = conn.locations().locate(table, resumeRow, previous != null, timeout);
      }
      return loc.thenCompose(l -> {
        RpcConnection c;
        try {
          c = conn.channels().get(l.server(), "ClientService");
        } catch (IOException e) {
          return CompletableFuture.failedFuture(e);
        }
        ScanRequest.Builder req = ScanRequest.newBuilder().setNumberOfRows(rows)
            .setMaxResultSize(maxResultSize);
        if (scannerId == 0 || region == null) {
          region = l;
          req.setRegion(RegionSpecifierProto.newBuilder()
              .setEncodedName(l.region().getEncodedName())).setScan(scanProto());
        } else {
          req.setScannerId(scannerId).setNextCallSeq(nextCallSeq);
        }
        return c.call("Scan", req.build(), null, ScanResponse.parser(),
            Duration.ofMillis(timeout), priority).thenApply(resp -> {
              if (req.hasScan()) {
                scannerId = resp.result().getScannerId();
                nextCallSeq = 1;
                previousRegionEnd = null;
              } else {
                nextCallSeq++;
              }
              return resp;
            });
      });
    });
  }

  private ScanProto scanProto() {
    Scan s = new Scan(scan).withStartRow(resumeRow, true);
    return OperationProtos.toProto(s);
  }

  private void finish() {
    done = true;
    close();
  }

  @Override
  public void close() {
    done = true;
    RegionLocation r = region;
    long id = scannerId;
    scannerId = 0;
    if (id != 0 && r != null) {
      try {
        conn.channels().get(r.server(), "ClientService").call("Scan", ScanRequest.newBuilder()
            .setScannerId(id).setCloseScanner(true).build(), null, ScanResponse.parser(),
            conn.caller().policy().rpcTimeout(), priority);
      } catch (IOException | RuntimeException e) {
        // The server's lease closes it anyway.
      }
    }
  }

}
