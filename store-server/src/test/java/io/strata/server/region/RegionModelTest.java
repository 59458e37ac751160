package io.strata.server.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.strata.common.cell.Cell;
import io.strata.common.cell.KeyValue;
import io.strata.common.error.BadRequestException;
import io.strata.common.filter.FilterCodec;
import io.strata.common.schema.BloomType;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.Compression;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.region.ModelOps.CheckAndMutate;
import io.strata.server.region.ModelOps.Op;
import io.strata.server.region.ModelOps.Scan;
import io.strata.server.region.ModelOps.Spec;
import io.strata.server.scan.ScanSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random puts, deletes of every type, increments, appends, check-and-mutates (on values and on
 * filters), gets and scans (random filters, versions, time ranges, columns, reversed, row, batch
 * and size limits), interleaved with flushes, minor and major compactions, splits, clock advances
 * past the TTL, clean restarts and crashes, each compared with {@link TableModel}. Family a keeps
 * 2 versions with ROW blooms and FAST_DIFF; family b keeps 3 with a 60-second TTL, MIN_VERSIONS 1,
 * ROWCOL blooms, PREFIX, LZ4 and 1 KiB blocks.
 *
 * <p>Fixed seeds in CI; run longer with a random seed with {@code mvn -pl store-server test
 * -Dtest=RegionModelTest -DargLine="-Dstrata.model.seed=N -Dstrata.model.steps=M"}
 * ({@code -Dstrata.model.seed=random} picks one and prints it). A failure prints the seed and the
 * shortest operation log found that still fails (see {@link LogShrinker}) within
 * {@code -Dstrata.model.shrink.seconds} (120 by default).
 */
class RegionModelTest {
  static final TableDescriptor TABLE = table(DataBlockEncoding.FAST_DIFF,
      DataBlockEncoding.PREFIX);

  /**
   * Cache seeds use the encodings whose cells are read in place from off-heap memory, so that
   * reads through L2 meet cells in direct memory; the others rebuild keys on the heap.
   */
  static TableDescriptor table(long seed) {
    return withCache(seed) ? table(DataBlockEncoding.ROW_INDEX_V1, DataBlockEncoding.NONE)
        : TABLE;
  }

  private static TableDescriptor table(DataBlockEncoding a, DataBlockEncoding b) {
    return TableDescriptor.newBuilder(TableName.valueOf("t"))
        .setColumnFamily(ColumnFamilyDescriptor.newBuilder(ModelOps.A).setMaxVersions(2)
            .setBloomFilterType(BloomType.ROW).setDataBlockEncoding(a).build())
        .setColumnFamily(ColumnFamilyDescriptor.newBuilder(ModelOps.B).setMaxVersions(3)
            .setTimeToLive(60).setMinVersions(1).setBloomFilterType(BloomType.ROWCOL)
            .setDataBlockEncoding(b).setCompression(Compression.LZ4).setBlockSize(1024).build())
        .build();
  }

  /** More regions would hold too few rows each for scans to mean much. */
  private static final int MAX_REGIONS = 4;

  @TempDir
  java.nio.file.Path tmp;

  /** How often each outcome happened in the last run, so a run that tests little shows it. */
  private final java.util.TreeMap<String, Integer> stats = new java.util.TreeMap<>();

  private void count(String outcome) {
    stats.merge(outcome, 1, Integer::sum);
  }

  @Test
  void randomOperationsMatchTheModel() throws Exception {
    String seedProperty = System.getProperty("strata.model.seed");
    int steps = Integer.getInteger("strata.model.steps", 2000);
    List<Long> seeds = seedProperty == null ? List.of(20261122L, 20261123L)
        : List.of(seedProperty.equals("random") ? System.nanoTime() : Long.parseLong(seedProperty));
    for (long seed : seeds) {
      System.out.println("RegionModelTest seed " + seed + ", " + steps + " steps, block cache "
          + (withCache(seed) ? "on" : "off"));
      runSeed(seed, steps);
    }
  }

  /**
   * Odd seeds read through small L1 and L2 block caches (evicting all the time) that flushes and
   * compactions also write into: results must not change.
   */
  private static boolean withCache(long seed) {
    return (seed & 1) == 1;
  }

  /**
   * L1 (16 KiB, index and bloom blocks) and an off-heap L2 (32 KiB in 1, 2 and 4 KiB slots, one
   * writer thread) in combined mode, both evicting all the time.
   */
  private static RegionCaching caching(long seed) {
    if (!withCache(seed)) {
      return RegionCaching.NONE;
    }
    long bucket = 16 * 1024;
    var l2 = new io.strata.server.cache.bucket.BucketCache(
        new io.strata.server.cache.bucket.OffHeapEngine(2 * bucket, (int) bucket),
        new io.strata.server.cache.bucket.BucketAllocator(2 * bucket, bucket,
            new int[] {1024, 2048, 4096}),
        io.strata.server.blockfile.BlockCodec.INSTANCE, 1, 16);
    return new RegionCaching(new io.strata.server.cache.CombinedBlockCache(
        new io.strata.server.cache.LruBlockCache(16 * 1024), l2), true, true, true, false);
  }

  private void runSeed(long seed, int steps) throws Exception {
    List<Op> ops = ModelOps.generate(seed, steps);
    AssertionError failure = run(ops, tmp.resolve("seed-" + seed), seed);
    System.out.println("outcomes: " + stats);
    if (failure == null) {
      if (withCache(seed)) {
        assertTrue(stats.getOrDefault("cache hits", 0) > 1000
            && stats.getOrDefault("L2 hits", 0) > 100
            && stats.getOrDefault("cache evictions", 0) > 20, "the cache did little: " + stats);
      }
      assertTrue(stats.getOrDefault("split", 0) >= MAX_REGIONS - 1
          && stats.getOrDefault("scan rows", 0) > 150
          && stats.getOrDefault("check-and-mutate applied", 0) > 20
          && stats.getOrDefault("increment refused", 0) > 0
          && stats.getOrDefault("flush dropped versions", 0) > 5,
          "the run tested too little: " + stats);
      return;
    }
    int failingSteps = Integer.parseInt(failure.getSuppressed()[0].getMessage().substring(6));
    int[] attempt = {0};
    // Shrinking replays the log many times; it stops trying after a time budget.
    long shrinkDeadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(
        Integer.getInteger("strata.model.shrink.seconds", 120));
    Predicate<List<Op>> fails = candidate -> {
      if (System.nanoTime() > shrinkDeadline) {
        return false;
      }
      try {
        return run(candidate, tmp.resolve("shrink-" + attempt[0]++), seed) != null;
      } catch (Exception e) {
        return true;
      }
    };
    List<Op> failing = new ArrayList<>(ops.subList(0, failingSteps));
    // First keep only the failing row's steps and the table-wide ones, if that still fails.
    String row = failing.get(failing.size() - 1).row();
    if (row != null) {
      List<Op> sameRow = new ArrayList<>();
      for (Op op : failing) {
        if (op.row() == null || row.equals(op.row()) || op.kind().equals("split")) {
          sameRow.add(op);
        }
      }
      if (fails.test(sameRow)) {
        failing = sameRow;
      }
    }
    List<Op> shortest = LogShrinker.shrink(failing, fails, 600);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < shortest.size(); i++) {
      lines.add(i + ": " + shortest.get(i));
    }
    throw new AssertionError("seed " + seed + " " + failure.getMessage() + "; the shortest "
        + "operation log found that still fails (" + shortest.size() + " of " + failingSteps
        + " steps):\n" + String.join("\n", lines), failure.getCause());
  }

  /** Runs the ops on a fresh table and model; returns the failure, or null if all held. */
  private AssertionError run(List<Op> ops, java.nio.file.Path dir, long seed) throws Exception {
    stats.clear();
    TableModel model = new TableModel(TABLE, ModelOps.START_MILLIS);
    RegionCaching caching = caching(seed);
    // Closed after the table: by then no reader may hold an L2 slot (a leak would show here).
    try (java.io.Closeable l2 = () -> {
          if (caching.cache() instanceof io.strata.server.cache.CombinedBlockCache c) {
            var bucket = (io.strata.server.cache.bucket.BucketCache) c.l2();
            long held = bucket.heldByReaders();
            bucket.close();
            assertEquals(0, held, "L2 blocks still held by readers after the table closed");
          }
        };
        TableFixture t = new TableFixture(dir, table(seed), caching)) {
      t.server.fakeNow.set(ModelOps.START_MILLIS);
      for (int step = 0; step < ops.size(); step++) {
        Op op = ops.get(step);
        try {
          apply(t, model, op);
          stats.put("flush dropped versions", model.flushDroppedVersions);
          stats.put("flush dropped expired", model.flushDroppedExpired);
          stats.put("flush dropped masked", model.flushDroppedMasked);
          if (caching.cache() instanceof io.strata.server.cache.CombinedBlockCache c) {
            stats.put("cache hits", (int) c.stats().hits());
            stats.put("cache evictions", (int) (c.l1().stats().evictions()
                + c.l2().stats().evictions()));
            stats.put("L2 hits", (int) c.l2().stats().hits());
            stats.put("L2 blocks held at most", Math.max(stats.getOrDefault(
                "L2 blocks held at most", 0), (int) ((io.strata.server.cache.bucket.BucketCache)
                c.l2()).heldByReaders()));
          }
          if (op.row() != null) {
            check(t, model, op.row());
          }
        } catch (AssertionError | Exception e) {
          AssertionError failure = new AssertionError("failed at step " + step + " (" + op + ")",
              e);
          failure.addSuppressed(new IllegalStateException("steps=" + (step + 1)));
          return failure;
        }
      }
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private void apply(TableFixture t, TableModel model, Op op) throws Exception {
    byte[] row = op.row() == null ? null : Bytes.toBytes(op.row());
    switch (op.kind()) {
      case "mutate" -> {
        List<KeyValue> cells = (List<KeyValue>) op.arg();
        List<KeyValue> resolved = new ArrayList<>();
        for (KeyValue c : cells) {
          resolved.add(model.resolve(c));
        }
        t.regionFor(row).mutate(List.of(new RowEdit(row, cells)));
        model.write(resolved);
      }
      case "increment" -> increment(t, model, row, (List<ColumnDelta>) op.arg());
      case "append" -> append(t, model, row, (List<ColumnAppend>) op.arg());
      case "checkAndMutate" -> checkAndMutate(t, model, row, (CheckAndMutate) op.arg());
      case "get" -> {
        Spec spec = (Spec) op.arg();
        List<Cell> expected = model.read(op.row(), spec.build(ScanSpec.row(row)));
        // Half the gets read in place (cells where they lie, rendered during the call).
        ScanSpec engine = engineSpec(spec, ScanSpec.row(row));
        boolean inPlace = (op.row().hashCode() & 1) == 1;
        List<Cell> got = inPlace ? null : t.regionFor(row).get(row, engine);
        List<String> rendered = inPlace ? t.regionFor(row).readRow(row, engine, RegionModelTest::render)
            : render(got);
        assertEquals(render(expected == TableModel.SCAN_OVER ? List.of() : expected),
            rendered, "get");
        count(rendered.isEmpty() ? "get empty" : inPlace ? "get in place" : "get");
      }
      case "scan" -> scan(t, model, (Scan) op.arg());
      case "flush" -> {
        t.flush();
        model.flush(Bytes.EMPTY, Bytes.EMPTY);
      }
      case "minor compaction" -> {
        for (Region r : t.regions()) {
          // A store still reading a parent's files compacts all of them: a major compaction.
          // It drops surplus versions from files only, so flush first for the model to bake.
          boolean rewritesReferences = r.hasReferences();
          if (rewritesReferences) {
            r.flush();
            model.flush(r.info().getStartKey(), r.info().getEndKey());
          }
          r.compact(false);
          if (rewritesReferences) {
            model.bake(r.info().getStartKey(), r.info().getEndKey());
          }
        }
      }
      case "major compaction" -> {
        for (Region r : t.regions()) {
          r.flush();
          r.compact(true);
        }
        model.flush(Bytes.EMPTY, Bytes.EMPTY);
        model.bake(Bytes.EMPTY, Bytes.EMPTY);
      }
      case "split" -> split(t, model, row, op.arg().equals("at its mid row"));
      case "advance clock" -> {
        model.now += (Long) op.arg();
        t.server.fakeNow.set(model.now);
      }
      case "clean restart" -> {
        t.cleanRestart(); // closing flushes
        model.flush(Bytes.EMPTY, Bytes.EMPTY);
      }
      case "crash and recover" -> {
        t.crash();
        t.restart(); // the edits replayed are flushed before the regions serve
        model.flush(Bytes.EMPTY, Bytes.EMPTY);
      }
      case "check every row" -> {
        for (int r = 0; r < ModelOps.ROWS; r++) {
          check(t, model, ModelOps.row(r));
        }
      }
      default -> throw new IllegalArgumentException(op.kind());
    }
  }

  private static ScanSpec engineSpec(Spec spec, ScanSpec base) {
    ScanSpec s = spec.build(base);
    // The engine gets its filter through the wire form, as a region server will.
    return s.filter() == null ? s
        : s.withFilter(FilterCodec.fromProto(FilterCodec.toProto(s.filter())));
  }

  private void increment(TableFixture t, TableModel model, byte[] row, List<ColumnDelta> deltas)
      throws Exception {
    List<KeyValue> writes = new ArrayList<>();
    boolean refused = false;
    for (ColumnDelta d : deltas) {
      Cell old = model.newest(row, d.family(), d.qualifier());
      long base = 0;
      long ts = model.now;
      if (old != null) {
        if (old.getValueLength() != 8) {
          refused = true;
          break;
        }
        base = Bytes.toLong(old.getValueArray(), old.getValueOffset());
        ts = Math.max(model.now, old.getTimestamp());
      }
      writes.add(KeyValue.of(row, d.family(), d.qualifier(), ts,
          io.strata.common.cell.CellType.PUT, Bytes.toBytes(base + d.amount())));
    }
    try {
      List<Cell> got = t.regionFor(row).increment(row, deltas,
          io.strata.common.schema.Durability.USE_DEFAULT);
      assertTrue(!refused, "increment of a column holding a non-counter value must fail");
      count("increment");
      assertEquals(render(inCellOrder(writes)), render(got), "increment's new values");
      model.write(writes);
    } catch (BadRequestException e) {
      if (!refused) {
        throw e;
      }
      assertTrue(e.getMessage().contains("not an 8-byte counter"), e.getMessage());
      count("increment refused");
    }
  }

  /** The new values of an increment or append come back as a row's cells: in cell order. */
  private static List<Cell> inCellOrder(List<KeyValue> writes) {
    List<Cell> sorted = new ArrayList<>(writes);
    sorted.sort(io.strata.common.cell.CellComparator.INSTANCE);
    return sorted;
  }

  private void append(TableFixture t, TableModel model, byte[] row, List<ColumnAppend> appends)
      throws Exception {
    List<KeyValue> writes = new ArrayList<>();
    for (ColumnAppend a : appends) {
      Cell old = model.newest(row, a.family(), a.qualifier());
      byte[] value = old == null ? a.suffix() : Bytes.add(TableModel.value(old), a.suffix());
      long ts = old == null ? model.now : Math.max(model.now, old.getTimestamp());
      writes.add(KeyValue.of(row, a.family(), a.qualifier(), ts,
          io.strata.common.cell.CellType.PUT, value));
    }
    List<Cell> got = t.regionFor(row).append(row, appends,
        io.strata.common.schema.Durability.USE_DEFAULT);
    assertEquals(render(inCellOrder(writes)), render(got), "append's new values");
    model.write(writes);
  }

  private void checkAndMutate(TableFixture t, TableModel model, byte[] row, CheckAndMutate cam)
      throws Exception {
    boolean holds;
    if (cam.filter() != null) {
      holds = !model.read(Bytes.toString(row), ScanSpec.row(row).withFilter(
          cam.filter().make().get())).isEmpty();
    } else {
      Cell current = model.newest(row, Bytes.toBytes(cam.family()), Bytes.toBytes(cam.qualifier()));
      if (cam.value() == null) {
        holds = current == null;
      } else {
        byte[] v = Bytes.toBytes(cam.value());
        holds = current != null && cam.op().holds(Bytes.compare(v, 0, v.length,
            current.getValueArray(), current.getValueOffset(), current.getValueLength()));
      }
    }
    List<KeyValue> resolved = new ArrayList<>();
    for (KeyValue c : cam.action()) {
      resolved.add(model.resolve(c));
    }
    boolean applied = t.regionFor(row).checkAndMutate(row, cam.condition(),
        new RowEdit(row, cam.action()));
    assertEquals(holds, applied, "whether the check-and-mutate applied");
    count(applied ? "check-and-mutate applied" : "check-and-mutate not applied");
    if (applied) {
      model.write(resolved);
    }
  }

  private void scan(TableFixture t, TableModel model, Scan scan) throws Exception {
    List<Region> regions = t.regions();
    Region region = regions.get((int) (scan.regionPick() * regions.size()));
    byte[] start = Bytes.toBytes(scan.start());
    byte[] stop = Bytes.toBytes(scan.stop());
    ScanSpec base = ScanSpec.all().withRows(start, stop).withReversed(scan.reversed());
    // The model: the region's rows in range, in scan order, through one filter instance.
    ScanSpec modelSpec = scan.spec().build(base);
    List<String> rows = new ArrayList<>();
    for (String r : model.rows()) {
      byte[] rb = Bytes.toBytes(r);
      boolean inRegion = region.info().containsRow(rb);
      boolean inRange = scan.reversed()
          ? (start.length == 0 || Bytes.compare(rb, start) <= 0)
              && (stop.length == 0 || Bytes.compare(rb, stop) > 0)
          : Bytes.compare(rb, start) >= 0 && (stop.length == 0 || Bytes.compare(rb, stop) < 0);
      if (inRegion && inRange) {
        rows.add(r);
      }
    }
    if (scan.reversed()) {
      java.util.Collections.reverse(rows);
    }
    List<String> expected = new ArrayList<>();
    for (String r : rows) {
      List<Cell> cells = model.read(r, modelSpec);
      if (cells == TableModel.SCAN_OVER) {
        break;
      }
      if (!cells.isEmpty()) {
        expected.add(r + " " + render(cells));
      }
    }
    // The engine, under the scan's limits; parts of a row are put back together.
    List<String> got = new ArrayList<>();
    ScanSpec spec = engineSpec(scan.spec(), base);
    boolean wholeRows = spec.filter() != null && spec.filter().hasFilterRow();
    // Scans from an even position read in place: what they keep is copied before shipped().
    boolean inPlace = ((int) (scan.regionPick() * 1000) & 1) == 0;
    try (RegionScanner s = inPlace ? region.scannerInPlace(spec) : region.scanner(spec)) {
      String partialRow = null;
      List<Cell> partialCells = new ArrayList<>();
      for (int calls = 0; ; calls++) {
        if (calls > 10_000) {
          fail("the scan does not end");
        }
        RegionScanner.ScanBatch batch = s.next(scan.maxRows(), scan.batch(), scan.maxBytes());
        int complete = 0;
        for (RegionScanner.RowPart part : batch.parts()) {
          String r = Bytes.toString(part.row());
          if (scan.batch() > 0 && !wholeRows) {
            assertTrue(part.cells().size() <= scan.batch(), "a part has more cells than batch");
          }
          if (partialRow != null && !partialRow.equals(r)) {
            fail("row " + partialRow + " was left partial, then " + r + " came");
          }
          partialRow = r;
          for (Cell c : part.cells()) {
            partialCells.add(inPlace ? io.strata.common.cell.KeyValue.deepCopy(c) : c);
          }
          if (!part.partial()) {
            got.add(r + " " + render(partialCells));
            partialRow = null;
            partialCells = new ArrayList<>();
            complete++;
          }
        }
        assertTrue(complete <= scan.maxRows(), complete + " rows in one call");
        if (inPlace) {
          s.shipped();
        }
        if (batch.exhausted()) {
          assertEquals(null, partialRow, "the scan ended inside a row");
          break;
        }
      }
    }
    assertEquals(expected, got, "scan of " + region.info());
    stats.merge("scan rows", got.size(), Integer::sum);
    count(scan.spec().filter() == null ? "scan" : "scan with filter");
    if (inPlace) {
      count("scan in place");
    }
    if (scan.reversed()) {
      count("reversed scan");
    }
    if (region.hasReferences()) {
      count("scan through references");
    }
  }

  private void split(TableFixture t, TableModel model, byte[] row, boolean atMid)
      throws Exception {
    if (t.regions().size() >= MAX_REGIONS) {
      count("split skipped: enough regions");
      return;
    }
    Region region = t.regionFor(row);
    boolean hadReferences = region.hasReferences();
    byte[] start = region.info().getStartKey();
    byte[] end = region.info().getEndKey();
    try {
      t.split(region, atMid ? null : row);
      model.flush(start, end); // the parent flushed as it closed
      count("split");
    } catch (BadRequestException e) {
      // Refused: a daughter not yet compacted, a split row at the region's start, or no row to
      // split at (after a flush to find the mid row). The region keeps serving.
      boolean noRow = atMid && e.getMessage().contains("has no row to split at");
      assertTrue(hadReferences || (!atMid && Bytes.equals(row, region.info().getStartKey()))
          || noRow, e.getMessage());
      if (noRow) {
        model.flush(start, end);
      }
      region.get(row, ScanSpec.all());
      count("split refused");
    }
  }

  private void check(TableFixture t, TableModel model, String row) throws Exception {
    byte[] r = Bytes.toBytes(row);
    ScanSpec spec = ScanSpec.row(r).withMaxVersions(10);
    assertEquals(render(model.read(row, spec)), render(t.regionFor(r).get(r, spec)),
        "row " + row);
  }

  private static List<String> render(List<Cell> cells) {
    return RegionFixture.render(cells);
  }
}
