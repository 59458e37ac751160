package io.strata.it.bench;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import io.strata.server.region.RegionScanner;
import io.strata.server.region.RowEdit;
import io.strata.server.scan.ScanSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Reads through a region whose data is all in one flushed block file (in the page cache), with
 * or without the L1 block cache: a full scan of 100,000 cells (10,000 rows of 10 columns, 100-byte
 * values, 14.3 MB of cell data), and random gets of one row.
 */
@State(Scope.Benchmark)
public class RegionReadBenchmark {
  private static final int ROWS = 10_000;
  private BenchRegion bench;

  /** false: reads step over every cell instead of seeking (to compare). */
  @org.openjdk.jmh.annotations.Param({"true", "false"})
  public boolean seek;

  /** none: every read goes to the file (page cache); l1: through a 256 MiB on-heap LRU cache. */
  @org.openjdk.jmh.annotations.Param({"none", "l1"})
  public String cache;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    bench = new BenchRegion(seek, cache.equals("l1") ? new io.strata.server.region.RegionCaching(
        new io.strata.server.cache.LruBlockCache(256L << 20), false, false, false, false)
        : io.strata.server.region.RegionCaching.NONE);
    Random rnd = new Random(1);
    for (int r = 0; r < ROWS; r++) {
      byte[] row = Bytes.toBytes(String.format("user%012d", r));
      List<KeyValue> cells = new ArrayList<>();
      for (int c = 0; c < 10; c++) {
        byte[] value = new byte[100];
        rnd.nextBytes(value);
        cells.add(KeyValue.of(row, Bytes.toBytes("f"), Bytes.toBytes("col" + c), 1L,
            CellType.PUT, value));
      }
      bench.region.mutate(List.of(new RowEdit(row, cells,
          io.strata.common.schema.Durability.SKIP_WAL)));
    }
    bench.region.flush();
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    bench.close();
  }

  /** One operation is the whole table: MB/s = 14.3 MB / (ms per op) * 1000. */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public long fullScan() throws Exception {
    long bytes = 0;
    try (RegionScanner s = bench.region.scanner(ScanSpec.all())) {
      List<Cell> row;
      while ((row = s.nextRow()) != null) {
        for (Cell c : row) {
          bytes += c.getValueLength();
        }
      }
    }
    return bytes;
  }

  @State(Scope.Thread)
  public static class Keys {
    final Random rnd = new Random();
  }

  @Benchmark
  @BenchmarkMode(Mode.Throughput)
  @OutputTimeUnit(TimeUnit.SECONDS)
  public int randomGet(Keys keys) throws Exception {
    byte[] row = Bytes.toBytes(String.format("user%012d", keys.rnd.nextInt(ROWS)));
    return bench.region.get(row, ScanSpec.row(row)).size();
  }
}
