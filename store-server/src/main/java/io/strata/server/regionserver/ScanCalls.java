package io.strata.server.regionserver;

import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.client.internal.OperationProtos;
import io.strata.common.cell.Cell;
import io.strata.common.error.UnknownScannerException;
import io.strata.common.proto.ClientProtos.ResultProto;
import io.strata.common.proto.ClientProtos.ScanRequest;
import io.strata.common.proto.ClientProtos.ScanResponse;
import io.strata.common.quota.ThrottleType;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.TableName;
import io.strata.server.coprocessor.RegionCoprocessorHost;
import io.strata.server.quota.RegionServerQuotas;
import io.strata.server.region.RegionScanner;
import io.strata.server.rpc.RpcResult;
import io.strata.server.rpc.RpcServer;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Scan method: opens, continues and closes scanners (the protocol is in {@link
 * ScannerRegistry}). Cells are written into the answer in place and the scanner ships (gives
 * back blocks) right after, so a scan pins nothing between calls.
 *
 * <p>From a scanner's second call on, once the answer is written, the same thread reads the
 * next batch under the same limits and keeps it for the next call: the server's reading then
 * overlaps the client's taking in the answer and asking again, instead of following it. A scan
 * answered by its first call (a small scan, a limit) reads nothing ahead, and the scanner's
 * read point is fixed when it opens, so what is read ahead is exactly what the next call would
 * have read.
 */
final class ScanCalls {
  private static final Logger LOG = LoggerFactory.getLogger(ScanCalls.class);
  /** Bytes a scan call returns at most when the client does not say. */
  private static final long DEFAULT_MAX_RESULT_SIZE = 2L << 20;
  /** Longest a scanner call reads when it runs on a network thread. */
  private static final long IO_THREAD_SCAN_MILLIS = 10;

  private final OnlineRegions regions;
  private final ScannerRegistry scanners;
  private final RegionServerQuotas quotas;

  ScanCalls(OnlineRegions regions, ScannerRegistry scanners) {
    this(regions, scanners, new RegionServerQuotas(null));
  }

  ScanCalls(OnlineRegions regions, ScannerRegistry scanners, RegionServerQuotas quotas) {
    this.regions = regions;
    this.scanners = scanners;
    this.quotas = quotas;
  }

  RpcResult scan(ScanRequest req) throws IOException {
    if (req.getCloseScanner() && req.getScannerId() != 0 && !req.hasScan()) {
      if (RpcServer.onIoThread() && scanners.costly(req.getScannerId())) {
        return RpcResult.HAND_OFF; // its close hooks may wait
      }
      ScannerRegistry.Open o = scanners.take(req.getScannerId());
      try {
        close(req.getScannerId(), o);
      } finally {
        o.lock.unlock();
      }
      return RpcResult.of(ScanResponse.newBuilder().setScannerId(req.getScannerId())
          .setMoreResultsInRegion(false).build());
    }
    boolean costly = req.hasScan() ? req.getScan().hasFilter()
        && FilterCost.costly(req.getScan().getFilter()) : scanners.costly(req.getScannerId());
    if (costly && RpcServer.onIoThread()) {
      return RpcResult.HAND_OFF; // a scan handler runs it, not the connections' thread
    }
    // Each call that reads counts as a request, before the scanner moves: a throttled call
    // leaves it where it was for the client's retry of the same call.
    boolean fetches = req.hasScan() ? req.getNumberOfRows() > 0 : !req.getCloseScanner();
    if (fetches && quotas.enforcing()) {
      TableName table = req.hasScan()
          ? regions.get(req.getRegion().getEncodedName()).region().info().getTable()
          : scanners.tableOf(req.getScannerId());
      if (table != null) {
        quotas.admit(ClientService::caller, table, ThrottleType.Kind.READ, 1, 0);
      }
    }
    long id;
    ScannerRegistry.Open o;
    if (req.hasScan()) {
      OnlineRegions.Hosted h = regions.get(req.getRegion().getEncodedName());
      RegionCoprocessorHost cp = h.observingScans();
      if (cp != null && RpcServer.onIoThread()) {
        return RpcResult.HAND_OFF; // a hook may wait, which a network thread must not
      }
      io.strata.common.proto.ClientProtos.ScanProto scanProto = req.getScan();
      Scan observed = null;
      if (cp != null) {
        observed = ObservedCalls.scan(scanProto);
        cp.preScannerOpen(ClientService.caller(), observed);
        scanProto = OperationProtos.toProto(observed);
      }
      ScanSpec spec = h.translator().scan(scanProto);
      RegionScanner s = h.region().scannerInPlace(spec);
      o = new ScannerRegistry.Open(s, h.region().encodedName(), scanProto.getBatch(),
          costly, h.region().info().getTable(), cp);
      try {
        id = scanners.add(o);
      } catch (IOException | RuntimeException e) {
        s.close();
        throw e;
      }
      o = scanners.take(id);
      h.reads().increment();
      if (observed != null) {
        try {
          cp.postScannerOpen(ClientService.caller(), observed, id);
        } catch (IOException | RuntimeException e) {
          scanners.close(id, o);
          o.lock.unlock();
          throw e;
        }
      }
    } else {
      id = req.getScannerId();
      o = scanners.take(id);
      if (req.getNextCallSeq() != o.nextCallSeq) {
        long expected = o.nextCallSeq;
        scanners.close(id, o);
        o.lock.unlock();
        throw new UnknownScannerException(id, "it expected call " + expected + " but got "
            + req.getNextCallSeq() + " (a retry after a lost answer, which would skip rows)");
      }
    }
    try {
      return next(id, o, req);
    } catch (IOException | RuntimeException e) {
      scanners.close(id, o);
      throw e;
    } finally {
      o.lock.unlock();
    }
  }

  private RpcResult next(long id, ScannerRegistry.Open o, ScanRequest req) throws IOException {
    ScanResponse.Builder resp = ScanResponse.newBuilder().setScannerId(id)
        .setTtlSeconds((int) scanners.lease().toSeconds());
    byte[] cells = null;
    boolean more = true;
    Runnable after = null;
    // An open fetches its first batch unless it asks for no rows; a close of an open scanner
    // fetches nothing; an open that also closes fetches one batch and closes.
    boolean fetch = req.hasScan() ? req.getNumberOfRows() > 0 : !req.getCloseScanner();
    if (fetch) {
      int rows = Math.max(1, req.getNumberOfRows());
      long maxBytes = scanners.maxResultSize(req.getMaxResultSize(), DEFAULT_MAX_RESULT_SIZE);
      long limitMillis = timeLimitMillis(req);
      if (o.coprocessors != null) {
        return observedNext(id, o, req, resp, rows, maxBytes, limitMillis);
      }
      ScanAnswer a = scanners.hasAhead(o) ? scanners.takeAhead(o, rows, maxBytes)
          : ScanAnswer.read(o.scanner, rows, o.batch, maxBytes, deadline(limitMillis));
      resp.addAllResults(a.results()).setHeartbeat(a.heartbeat())
          .setRowsScanned(a.rowsScanned()).setRowsFiltered(a.rowsFiltered());
      cells = a.cells();
      if (o.table != null && cells != null) {
        quotas.charge(ClientService::caller, o.table, ThrottleType.Kind.READ, cells.length);
      }
      more = !a.exhausted();
      if (more && !req.hasScan() && !req.getCloseScanner() && !scanners.hasAhead(o)) {
        after = () -> readAhead(id, o, rows, maxBytes, limitMillis);
      }
    }
    o.nextCallSeq++;
    if (!more || req.getCloseScanner()) {
      close(id, o);
      more = false;
    }
    return new RpcResult(resp.setMoreResultsInRegion(more).build(), cells, after);
  }

  /**
   * A scanner call on a region with coprocessors: the pre hooks may answer it (bypass), the
   * post hooks change the rows read and say whether more follow. Rows are read per call, not
   * ahead, so that the hooks see each call's.
   */
  private RpcResult observedNext(long id, ScannerRegistry.Open o, ScanRequest req,
      ScanResponse.Builder resp, int rows, long maxBytes, long limitMillis) throws IOException {
    String caller = ClientService.caller();
    List<Result> read = new ArrayList<>();
    RegionCoprocessorHost.Next pre = o.coprocessors.preScannerNext(caller, id, read, rows);
    boolean more = pre.hasNext();
    if (!pre.bypassed()) {
      ScanAnswer a = ScanAnswer.read(o.scanner, rows, o.batch, maxBytes, deadline(limitMillis));
      CellBlock.Reader in = new CellBlock.Reader(a.cells() == null ? new byte[0] : a.cells());
      for (ResultProto r : a.results()) {
        read.add(OperationProtos.toResult(r, in));
      }
      resp.setRowsScanned(a.rowsScanned()).setRowsFiltered(a.rowsFiltered());
      more = !a.exhausted();
    }
    more = o.coprocessors.postScannerNext(caller, id, read, rows, more);
    CellBlock.Writer out = CellBlock.Writer.withoutTags(0);
    for (Result r : read) {
      List<Cell> cells = java.util.Arrays.asList(r.rawCells());
      out.addAll(cells);
      resp.addResults(ResultProto.newBuilder().setCellCount(cells.size())
          .setPartial(r.mayHaveMoreCellsInRow()));
    }
    byte[] cells = out.toBytes();
    if (o.table != null && cells != null) {
      quotas.charge(ClientService::caller, o.table, ThrottleType.Kind.READ, cells.length);
    }
    resp.setHeartbeat(read.isEmpty() && more); // nothing this time, the scan goes on
    o.nextCallSeq++;
    if (!more || req.getCloseScanner()) {
      close(id, o);
      more = false;
    }
    return new RpcResult(resp.setMoreResultsInRegion(more).build(), cells, null);
  }

  /** Closes a scanner, around its region's scanner close hooks. */
  private void close(long id, ScannerRegistry.Open o) throws IOException {
    if (o.coprocessors == null) {
      scanners.close(id, o);
      return;
    }
    try {
      o.coprocessors.preScannerClose(ClientService.caller(), id);
    } finally {
      scanners.close(id, o);
    }
    o.coprocessors.postScannerClose(ClientService.caller(), id);
  }

  /** The call's time limit: its own, at most half the lease, shorter on a network thread. */
  private long timeLimitMillis(ScanRequest req) {
    long lease = scanners.lease().toMillis() / 2;
    long limit = req.getTimeLimitMillis() > 0 ? Math.min(req.getTimeLimitMillis(), lease)
        : lease;
    if (RpcServer.onIoThread()) {
      // On a network thread a long filtering call would stall the thread's other
      // connections: answer with a heartbeat sooner and let the client call again.
      limit = Math.min(limit, IO_THREAD_SCAN_MILLIS);
    }
    return Math.max(1, limit);
  }

  private static long deadline(long limitMillis) {
    return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMillis);
  }

  /**
   * Reads the scanner's next batch for its next call, unless that call (or a close) is already
   * at the scanner, the scanner has closed, or read-ahead memory is all used. A failure closes
   * the scanner: what it read is unknown, so the client's next call is told to reopen after the
   * last row it received, and meets the failure there if it lasts.
   */
  private void readAhead(long id, ScannerRegistry.Open o, int rows, long maxBytes,
      long limitMillis) {
    if (!scanners.mayReadAhead() || !o.lock.tryLock()) {
      return;
    }
    try {
      if (!scanners.isOpen(id, o) || scanners.hasAhead(o)) {
        return;
      }
      scanners.holdAhead(o, ScanAnswer.read(o.scanner, rows, o.batch, maxBytes,
          deadline(limitMillis)));
    } catch (IOException | RuntimeException e) {
      LOG.warn("scanner {} on region {}: reading ahead failed; closing it", id, o.region, e);
      scanners.close(id, o);
    } finally {
      o.lock.unlock();
    }
  }
}
