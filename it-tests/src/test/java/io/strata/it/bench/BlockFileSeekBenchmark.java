package io.strata.it.bench;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.FirstOnRow;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.BloomType;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.Bytes;
import io.strata.server.blockfile.BlockFileOptions;
import io.strata.server.blockfile.BlockFileReader;
import io.strata.server.blockfile.BlockFileScanner;
import io.strata.server.blockfile.BlockFileWriter;
import io.strata.server.blockfile.CacheOptions;
import io.strata.server.cache.LruBlockCache;
import java.nio.file.Files;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
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
 * Seeks to random rows of one block file through {@link BlockFileScanner}, with no region or
 * merging above it: the index search, the block read and the search inside the block. The file
 * has the shape of HBase's PE randomRead table ({@code rows} rows of one column, 26-byte row
 * keys, 100-byte values, 64 KiB blocks, a row bloom). {@code cache=none} reads every block from
 * the file (the page cache) and verifies its CRC32C; {@code cache=l1} finds every block in an
 * on-heap block cache filled before measuring.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class BlockFileSeekBenchmark {
  @Param({"none", "l1"})
  public String cache;

  @Param({"NONE", "PREFIX", "FAST_DIFF", "ROW_INDEX_V1"})
  public String encoding;

  @Param({"100000"})
  public int rows;

  private java.nio.file.Path dir;
  private BlockFileReader reader;
  private byte[][] keys;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    dir = Files.createTempDirectory("strata-bench-seek");
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    Path file = new Path(dir.toUri().toString(), "file");
    BlockFileOptions options = BlockFileOptions.defaults()
        .withEncoding(DataBlockEncoding.valueOf(encoding)).withBloom(BloomType.ROW, 0.01);
    keys = new byte[rows][];
    Random rnd = new Random(1);
    try (BlockFileWriter w = BlockFileWriter.create(fs, file, options)) {
      for (int r = 0; r < rows; r++) {
        keys[r] = Bytes.toBytes(String.format("%026d", r));
        byte[] value = new byte[100];
        rnd.nextBytes(value);
        w.append(KeyValue.of(keys[r], Bytes.toBytes("f"), Bytes.toBytes("0"), 1L,
            CellType.PUT, value));
      }
    }
    CacheOptions caching = switch (cache) {
      case "none" -> CacheOptions.NONE;
      case "l1" -> new CacheOptions(new LruBlockCache(512L << 20), true, false, false, false,
          false, false);
      default -> throw new IllegalArgumentException("cache is none or l1, not " + cache);
    };
    reader = BlockFileReader.open(fs, file, caching);
    // One pass reads every block once: into the cache for l1, into the page cache for none.
    try (BlockFileScanner s = reader.scanner()) {
      s.seekToFirst();
      while (s.next() != null) {
        continue;
      }
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    reader.close();
    FileSystem.getLocal(new Configuration()).getRaw().delete(new Path(dir.toUri()), true);
  }

  /** One thread's scanner and seek key, reused from seek to seek as the read path does. */
  @State(Scope.Thread)
  public static class Seeker {
    private final XorShift random = new XorShift(System.nanoTime());
    private final FirstOnRow key = new FirstOnRow(new byte[0]);
    private BlockFileScanner scanner;

    @Setup(Level.Trial)
    public void setUp(BlockFileSeekBenchmark bench) {
      scanner = bench.reader.scanner();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      scanner.close();
    }
  }

  /** Positions at a random row and returns its cell. */
  @Benchmark
  public Cell seek(Seeker seeker) throws Exception {
    seeker.key.setRow(keys[seeker.random.next(rows)]);
    if (!seeker.scanner.seek(seeker.key)) {
      throw new IllegalStateException("no cell at or after a row that was written");
    }
    return seeker.scanner.peek();
  }
}
