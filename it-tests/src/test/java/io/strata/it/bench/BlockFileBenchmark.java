package io.strata.it.bench;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.BloomType;
import io.strata.common.schema.Compression;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.Bytes;
import io.strata.server.blockfile.BlockFileOptions;
import io.strata.server.blockfile.BlockFileReader;
import io.strata.server.blockfile.BlockFileScanner;
import io.strata.server.blockfile.BlockFileWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
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
 * Writing and sequentially reading a block file of 100,000 cells (row keys of 16 bytes, 10
 * columns a row, 100-byte values that compress about 2:1), per compression and encoding. One
 * operation is the whole file; MB/s = cell bytes / operation time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BlockFileBenchmark {
  @Param({"NONE", "SNAPPY", "LZ4", "ZSTD", "GZ"})
  public String compression;

  @Param({"NONE", "PREFIX", "FAST_DIFF"})
  public String encoding;

  private java.nio.file.Path dir;
  private FileSystem fs;
  private List<KeyValue> cells;
  private BlockFileOptions options;
  private Path readFile;
  private BlockFileReader reader;
  private int writes;


  @Setup(Level.Trial)
  public void setUp() throws Exception {
    dir = Files.createTempDirectory("strata-bench-bf");
    fs = FileSystem.getLocal(new Configuration()).getRaw();
    Random rnd = new Random(1);
    cells = new ArrayList<>();
    for (int r = 0; r < 10_000; r++) {
      byte[] row = Bytes.toBytes(String.format("user%012d", r * 7L));
      for (int c = 0; c < 10; c++) {
        byte[] value = new byte[100];
        for (int i = 0; i < value.length; i += 2) {
          value[i] = (byte) rnd.nextInt(256); // half random, half zero: compresses ~2:1
        }
        cells.add(KeyValue.of(row, Bytes.toBytes("f"), Bytes.toBytes("col" + c),
            1_700_000_000_000L, CellType.PUT, value));
      }
    }
    options = BlockFileOptions.defaults().withCompression(Compression.valueOf(compression))
        .withEncoding(DataBlockEncoding.valueOf(encoding)).withBloom(BloomType.ROW, 0.01);
    readFile = write("read");
    reader = BlockFileReader.open(fs, readFile);
  }

  private Path write(String name) throws Exception {
    Path p = new Path(dir.toUri().toString(), name);
    try (BlockFileWriter w = BlockFileWriter.create(fs, p, options)) {
      for (KeyValue kv : cells) {
        w.append(kv);
      }
    }
    return p;
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    reader.close();
    fs.delete(new Path(dir.toUri()), true);
  }

  @Benchmark
  public void writeFile() throws Exception {
    Path p = write("w" + (writes++));
    fs.delete(p, false);
  }

  @Benchmark
  public long readFileSequentially() throws Exception {
    BlockFileScanner s = reader.scanner();
    s.seekToFirst();
    long bytes = 0;
    Cell c;
    while ((c = s.next()) != null) {
      bytes += c.getValueLength();
    }
    return bytes;
  }
}
