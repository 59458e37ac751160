package io.strata.server.regionserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.error.UnknownScannerException;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.proto.ClientProtos.ResultProto;
import io.strata.common.proto.ClientProtos.ScanProto;
import io.strata.common.proto.ClientProtos.ScanRequest;
import io.strata.common.proto.ClientProtos.ScanResponse;
import io.strata.common.rpc.CellBlock;
import io.strata.common.util.Bytes;
import io.strata.server.region.Region;
import io.strata.server.rpc.RpcResult;
import io.strata.server.scan.RowMatcher;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Scan method on a real region, with and without reading ahead: calls asking for random
 * numbers of rows and bytes (so an answer read ahead is often cut) return every cell once, in
 * order, each answer within its limits, and the same rows either way.
 */
class ScanCallsTest {
  private static final int ROWS = 300;

  @TempDir
  java.nio.file.Path tmp;

  private TestRegions test;
  private Region region;
  private final List<Cell> model = new ArrayList<>();

  @BeforeEach
  void setUp() throws IOException {
    test = new TestRegions(tmp, 64L << 20, InstantSource.system());
    region = test.open("", "");
    Random rnd = new Random(42);
    // Even rows go to a block file, odd rows stay in the memstore: the scan merges both.
    for (int pass = 0; pass < 2; pass++) {
      for (int r = pass; r < ROWS; r += 2) {
        int columns = 1 + rnd.nextInt(8);
        for (int c = 0; c < columns; c++) {
          byte[] value = new byte[1 + rnd.nextInt(400)];
          rnd.nextBytes(value);
          TestRegions.put(region, Bytes.toBytes(String.format("r%04d", r)),
              Bytes.toBytes(String.format("q%02d", c)), value);
        }
      }
      if (pass == 0) {
        region.flush();
      }
    }
    try (var s = region.scanner(ScanSpec.all())) {
      for (List<Cell> row = s.nextRow(); row != null; row = s.nextRow()) {
        model.addAll(row);
      }
    }
    assertTrue(model.size() > ROWS, "the model has rows of several cells");
  }

  @AfterEach
  void tearDown() throws IOException {
    test.close();
  }

  @Test
  void randomCallsReturnEveryCellOnceInOrderWithAndWithoutReadingAhead() throws Exception {
    for (long seed = 1; seed <= 20; seed++) {
      for (int batch : new int[] {0, 3}) {
        ScannerRegistry ahead = new ScannerRegistry(Duration.ofMinutes(1), 64L << 20, "t");
        ScannerRegistry none = new ScannerRegistry(Duration.ofMinutes(1), 0, "t");
        try (ahead; none) {
          Walk with = walk(new ScanCalls(test.regions, ahead), ahead, batch, new Random(seed));
          Walk without = walk(new ScanCalls(test.regions, none), none, batch, new Random(seed));
          String what = "seed " + seed + ", batch " + batch;
          assertCells(model, with.cells, what + ", reading ahead");
          assertCells(model, without.cells, what + ", not reading ahead");
          assertTrue(with.cutAhead > 0, what + ": some answers read ahead were cut");
          assertEquals(0, without.servedAhead, what);
          assertTrue(with.servedAhead > with.calls / 2, what + ": " + with.servedAhead
              + " of " + with.calls + " calls took rows read ahead");
          assertEquals(0, ahead.size(), "the exhausted scanner is closed");
          assertEquals(0, ahead.readAheadBytes(), "and holds nothing read ahead");
        }
      }
    }
  }

  @Test
  void aCloseFreesWhatWasReadAheadAndTheLimitStopsReadingAhead() throws Exception {
    try (ScannerRegistry reg = new ScannerRegistry(Duration.ofMinutes(1), 1, "t")) {
      ScanCalls calls = new ScanCalls(test.regions, reg);
      RpcResult first = calls.scan(open(0, 10, 1 << 20));
      assertNull(first.after(), "an open reads nothing ahead");
      long id = ((ScanResponse) first.result()).getScannerId();
      RpcResult second = calls.scan(next(id, 1, 10, 1 << 20));
      assertNotNull(second.after(), "the second call reads ahead");
      second.after().run();
      long held = reg.readAheadBytes();
      assertTrue(held > 0);

      // The limit (1 byte) is used up: another scanner reads nothing ahead.
      long other = ((ScanResponse) calls.scan(open(0, 10, 1 << 20)).result()).getScannerId();
      calls.scan(next(other, 1, 10, 1 << 20)).after().run();
      assertEquals(held, reg.readAheadBytes());

      calls.scan(ScanRequest.newBuilder().setScannerId(id).setCloseScanner(true).build());
      assertEquals(0, reg.readAheadBytes(), "the close dropped what was read ahead");
      assertThrows(UnknownScannerException.class, () -> calls.scan(next(id, 2, 10, 1 << 20)));
    }
  }

  @Test
  void theServersCapOnResultBytesHoldsWhateverTheClientAsks() throws Exception {
    // A cap of one byte: every call returns one row (at least one always comes), however many
    // bytes the client asks for.
    try (ScannerRegistry reg = new ScannerRegistry(Duration.ofMinutes(1), 0, 1, "t")) {
      ScanCalls calls = new ScanCalls(test.regions, reg);
      ScanResponse first = (ScanResponse) calls.scan(open(0, 50, Long.MAX_VALUE)).result();
      assertEquals(1, first.getResultsCount());
      ScanResponse second = (ScanResponse) calls.scan(next(first.getScannerId(), 1, 50,
          Long.MAX_VALUE)).result();
      assertEquals(1, second.getResultsCount());
    }
    try (ScannerRegistry reg = new ScannerRegistry(Duration.ofMinutes(1), 0, Long.MAX_VALUE,
        "t")) {
      ScanCalls calls = new ScanCalls(test.regions, reg);
      assertEquals(50, ((ScanResponse) calls.scan(open(0, 50, Long.MAX_VALUE)).result())
          .getResultsCount(), "without the cap the client's figure holds");
    }
    assertEquals("strata.server.scanner.max.result.size is 0; give at least 1 byte, such as"
        + " 100m", assertThrows(IllegalArgumentException.class,
            () -> new ScannerRegistry(Duration.ofMinutes(1), 0, 0, "t")).getMessage());
  }

  @Test
  void anExpiredScannerIsCountedAndItsNextCallToldWhy() throws Exception {
    try (ScannerRegistry reg = new ScannerRegistry(Duration.ofMillis(200), 0, "t")) {
      ScanCalls calls = new ScanCalls(test.regions, reg);
      long id = ((ScanResponse) calls.scan(open(0, 1, 1 << 20)).result()).getScannerId();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (reg.expired() == 0 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertEquals(1, reg.expired());
      assertTrue(assertThrows(UnknownScannerException.class, () -> calls.scan(next(id, 1, 10,
          1 << 20))).getMessage().contains("expired after 0 s without a call"
          + " (strata.regionserver.scanner.lease.timeout)"));
    }
  }

  @Test
  void aCallWithTheWrongSequenceNumberAfterReadingAheadIsRefused() throws Exception {
    try (ScannerRegistry reg = new ScannerRegistry(Duration.ofMinutes(1), 64L << 20, "t")) {
      ScanCalls calls = new ScanCalls(test.regions, reg);
      long id = ((ScanResponse) calls.scan(open(0, 10, 1 << 20)).result()).getScannerId();
      calls.scan(next(id, 1, 10, 1 << 20)).after().run();
      // A retry of call 1 (its answer lost) must not be answered with call 2's rows.
      UnknownScannerException e = assertThrows(UnknownScannerException.class,
          () -> calls.scan(next(id, 1, 10, 1 << 20)));
      assertTrue(e.getMessage().contains("expected call 2 but got 1"), e.getMessage());
      assertEquals(0, reg.readAheadBytes());
    }
  }

  /** What one scan through the calls returned. */
  private static final class Walk {
    final List<Cell> cells = new ArrayList<>();
    int calls;
    int servedAhead;
    int cutAhead;
  }

  /** Scans the whole region with random limits per call, checking each answer's limits. */
  private Walk walk(ScanCalls calls, ScannerRegistry reg, int batch, Random rnd)
      throws IOException {
    Walk w = new Walk();
    ScanRequest req = open(batch, 1 + rnd.nextInt(40), 100 + rnd.nextInt(20_000));
    long seq = 0;
    boolean partialBefore = false;
    while (true) {
      boolean hadAhead = req.getScannerId() != 0 && heldAhead(reg) > 0;
      long heldBefore = heldAhead(reg);
      RpcResult res = calls.scan(req);
      ScanResponse resp = (ScanResponse) res.result();
      w.calls++;
      if (hadAhead) {
        w.servedAhead++;
        if (heldAhead(reg) > 0 && heldAhead(reg) < heldBefore) {
          w.cutAhead++;
        }
      }
      CellBlock.Reader in = new CellBlock.Reader(res.cellBlock());
      int completed = 0;
      long bytesBeforeLast = 0;
      long bytes = 0;
      for (ResultProto r : resp.getResultsList()) {
        bytesBeforeLast = bytes;
        List<Cell> part = in.next(r.getCellCount());
        assertFalse(part.isEmpty(), "a result has cells");
        if (partialBefore) {
          assertEquals(0, CellComparator.INSTANCE.compareRows(part.get(0),
              w.cells.get(w.cells.size() - 1)), "a partial result's row goes on");
        }
        for (Cell c : part) {
          bytes += RowMatcher.sizeOf(c);
        }
        if (batch > 0) {
          assertTrue(part.size() <= batch, "at most " + batch + " cells a result");
        }
        w.cells.addAll(part);
        partialBefore = r.getPartial();
        if (!r.getPartial()) {
          completed++;
        }
      }
      assertTrue(in.atEnd(), "the cell block holds exactly the results' cells");
      assertTrue(completed <= req.getNumberOfRows(), completed + " rows for a call asking "
          + req.getNumberOfRows());
      assertTrue(bytesBeforeLast < req.getMaxResultSize(), "bytes before the last result "
          + bytesBeforeLast + " within " + req.getMaxResultSize());
      if (res.after() != null) {
        res.after().run();
      }
      if (!resp.getMoreResultsInRegion()) {
        assertFalse(partialBefore, "the scan ends on a whole row");
        return w;
      }
      seq++;
      req = next(resp.getScannerId(), seq, 1 + rnd.nextInt(40), 100 + rnd.nextInt(20_000));
    }
  }

  private static long heldAhead(ScannerRegistry reg) {
    return reg.readAheadBytes();
  }

  private ScanRequest open(int batch, int rows, long bytes) {
    return ScanRequest.newBuilder().setRegion(RegionSpecifierProto.newBuilder()
        .setEncodedName(region.encodedName())).setScan(ScanProto.newBuilder().setBatch(batch))
        .setNumberOfRows(rows).setMaxResultSize(bytes).build();
  }

  private static ScanRequest next(long id, long seq, int rows, long bytes) {
    return ScanRequest.newBuilder().setScannerId(id).setNextCallSeq(seq).setNumberOfRows(rows)
        .setMaxResultSize(bytes).build();
  }

  private static void assertCells(List<Cell> expected, List<Cell> actual, String what) {
    assertEquals(expected.size(), actual.size(), what + ": cells");
    for (int i = 0; i < expected.size(); i++) {
      Cell e = expected.get(i);
      Cell a = actual.get(i);
      assertEquals(0, CellComparator.INSTANCE.compare(e, a), what + ": cell " + i);
      assertTrue(Bytes.equals(e.getValueArray(), e.getValueOffset(), e.getValueLength(),
          a.getValueArray(), a.getValueOffset(), a.getValueLength()), what + ": value " + i);
    }
  }
}
