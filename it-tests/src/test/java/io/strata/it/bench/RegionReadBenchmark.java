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

  /**
   * none: every read goes to the file (page cache); l1: through a 256 MiB on-heap LRU cache;
   * l1+l2: index and bloom blocks in L1, data blocks in a 256 MiB off-heap bucket cache.
   */
  @org.openjdk.jmh.annotations.Param({"none", "l1", "l1+l2"})
  public String cache;

  private io.strata.server.cache.BlockCache blockCache;
  private byte[][] rows;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    io.strata.common.conf.StrataConfiguration conf =
        io.strata.common.conf.StrataConfiguration.defaults();
    blockCache = switch (cache) {
      case "l1" -> new io.strata.server.cache.LruBlockCache(256L << 20);
      case "l1+l2" -> io.strata.server.region.BlockCaches.fromConfig(conf
          .set(io.strata.common.conf.BlockCacheKeys.L1_HEAP_FRACTION, "0.1")
          .set(io.strata.common.conf.BlockCacheKeys.L2_ENGINE, "offheap")
          .set(io.strata.common.conf.BlockCacheKeys.L2_SIZE, "256m"));
      default -> null;
    };
    bench = new BenchRegion(seek, new io.strata.server.region.RegionCaching(blockCache, false,
        false, false, false));
    Random rnd = new Random(1);
    rows = new byte[ROWS][];
    for (int r = 0; r < ROWS; r++) {
      byte[] row = Bytes.toBytes(String.format("user%012d", r));
      rows[r] = row;
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
    if (blockCache instanceof io.strata.server.cache.CombinedBlockCache c) {
      ((io.strata.server.cache.bucket.BucketCache) c.l2()).close();
    }
  }

  /** One operation is the whole table: MB/s = 14.3 MB / (ms per op) * 1000. */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public long fullScan() throws Exception {
    return scanAll(bench.region.scanner(ScanSpec.all()), false);
  }

  /**
   * The same scan reading cells where they lie (off-heap for L2), each row given back with
   * shipped() once counted: how the RPC server will scan.
   */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public long fullScanInPlace() throws Exception {
    return scanAll(bench.region.scannerInPlace(ScanSpec.all()), true);
  }

  private static long scanAll(RegionScanner scanner, boolean ship) throws Exception {
    long bytes = 0;
    try (RegionScanner s = scanner) {
      List<Cell> row;
      while ((row = s.nextRow()) != null) {
        for (int i = 0; i < row.size(); i++) {
          bytes += row.get(i).getValueLength();
        }
        if (ship) {
          s.shipped();
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
    byte[] row = rows[keys.rnd.nextInt(ROWS)];
    return bench.region.get(row, ScanSpec.row(row)).size();
  }
}
