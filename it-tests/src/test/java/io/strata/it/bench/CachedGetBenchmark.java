package io.strata.it.bench;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.conf.BlockCacheKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.cache.BlockCache;
import io.strata.server.cache.CombinedBlockCache;
import io.strata.server.cache.LruBlockCache;
import io.strata.server.cache.bucket.BucketCache;
import io.strata.server.region.BlockCaches;
import io.strata.server.region.RegionCaching;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Random gets of one row, every block cached: the table of HBase's PE randomRead (one column a
 * row, here {@code rows} rows with 100-byte values in one flushed file with a row bloom filter), data
 * blocks in an off-heap L2 (cache=l1+l2) or the on-heap L1 (cache=l1). {@code get} returns cells
 * copied onto the heap, as an in-process caller keeps them; {@code getInPlace} reads the cells
 * where they lie during the call ({@code Region.readRow}), as the RPC server sends them.
 * Allocation per get: run with {@code -prof gc} and read gc.alloc.rate.norm.
 */
@State(Scope.Benchmark)
public class CachedGetBenchmark {
  private static final byte[] FAMILY = Bytes.toBytes("f");

  @Param({"l1", "l1+l2"})
  public String cache;

  /** Rows in the table: 100,000 (15 MB of cells, beyond the CPU caches) by default. */
  @Param({"100000"})
  public int rows;

  /** NONE steps through a block to its row; ROW_INDEX_V1 binary-searches the block's rows. */
  @Param({"NONE", "ROW_INDEX_V1"})
  public String encoding;

  private BenchRegion bench;
  private BlockCache blockCache;
  private byte[][] keys;
  private ScanSpec[] specs;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    StrataConfiguration conf = StrataConfiguration.defaults();
    blockCache = switch (cache) {
      case "l1" -> new LruBlockCache(512L << 20);
      case "l1+l2" -> BlockCaches.fromConfig(conf.set(BlockCacheKeys.L1_HEAP_FRACTION, "0.1")
          .set(BlockCacheKeys.L2_ENGINE, "offheap").set(BlockCacheKeys.L2_SIZE, "512m"));
      default -> throw new IllegalArgumentException("cache is l1 or l1+l2, not " + cache);
    };
    bench = new BenchRegion(true, new RegionCaching(blockCache, true, true, true, false),
        io.strata.common.schema.ColumnFamilyDescriptor.newBuilder(FAMILY)
            .setDataBlockEncoding(io.strata.common.schema.DataBlockEncoding.valueOf(encoding))
            .build());
    keys = new byte[rows][];
    specs = new ScanSpec[rows];
    Random rnd = new Random(1);
    List<RowEdit> batch = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      keys[r] = Bytes.toBytes(String.format("%026d", r)); // PE's row key format
      specs[r] = ScanSpec.row(keys[r]);
      byte[] value = new byte[100];
      rnd.nextBytes(value);
      batch.add(new RowEdit(keys[r], List.of(KeyValue.of(keys[r], FAMILY, Bytes.toBytes("0"),
          1L, CellType.PUT, value)), Durability.SKIP_WAL));
      if (batch.size() == 1000) {
        bench.region.mutate(batch);
        batch.clear();
      }
    }
    bench.region.flush(); // cache on write: every block is cached from the start
    if (blockCache instanceof CombinedBlockCache c) {
      ((BucketCache) c.l2()).awaitPendingWrites(1, TimeUnit.MINUTES);
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    bench.close();
    if (blockCache instanceof CombinedBlockCache c) {
      ((BucketCache) c.l2()).close();
    }
  }

  /** A per-thread pseudo-random row that costs no allocation. */
  @State(Scope.Thread)
  public static class Pick {
    private final XorShift random = new XorShift(System.nanoTime());

    int next(int bound) {
      return random.next(bound);
    }
  }

  @Benchmark
  @BenchmarkMode(Mode.Throughput)
  @OutputTimeUnit(TimeUnit.SECONDS)
  public int get(Pick pick) throws Exception {
    int r = pick.next(rows);
    return bench.region.get(keys[r], specs[r]).size();
  }

  @Benchmark
  @BenchmarkMode(Mode.Throughput)
  @OutputTimeUnit(TimeUnit.SECONDS)
  public int getInPlace(Pick pick) throws Exception {
    int r = pick.next(rows);
    return bench.region.readRow(keys[r], specs[r], CachedGetBenchmark::valueBytes);
  }

  private static int valueBytes(List<Cell> cells) {
    int n = 0;
    for (int i = 0; i < cells.size(); i++) {
      n += cells.get(i).getValueLength();
    }
    return n;
  }
}
