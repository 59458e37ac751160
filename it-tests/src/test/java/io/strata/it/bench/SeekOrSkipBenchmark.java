package io.strata.it.bench;

import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
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
 * Get of one column from a flushed file, in rows of 1 or 1,000 columns (20-byte values), with
 * reads that seek (stepping inside the current block, seeking through the index beyond it:
 * HBASE-13109) or that step over every cell.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SeekOrSkipBenchmark {
  @Param({"1", "1000"})
  public int columns;

  @Param({"true", "false"})
  public boolean seek;

  private static final int CELLS = 200_000;
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private BenchRegion bench;
  private int rows;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    bench = new BenchRegion(seek);
    rows = CELLS / columns;
    for (int r = 0; r < rows; r++) {
      byte[] row = Bytes.toBytes(String.format("row%08d", r));
      List<KeyValue> cells = new ArrayList<>();
      for (int c = 0; c < columns; c++) {
        cells.add(KeyValue.of(row, FAMILY, Bytes.toBytes(String.format("c%05d", c)), 1L,
            CellType.PUT, new byte[20]));
      }
      bench.region.mutate(List.of(new RowEdit(row, cells, Durability.SKIP_WAL)));
    }
    bench.region.flush();
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    bench.close();
  }

  @State(Scope.Thread)
  public static class Pick {
    final Random rnd = new Random();
  }

  @Benchmark
  public int getOneColumn(Pick pick) throws Exception {
    byte[] row = Bytes.toBytes(String.format("row%08d", pick.rnd.nextInt(rows)));
    byte[] q = Bytes.toBytes(String.format("c%05d", pick.rnd.nextInt(columns)));
    return bench.region.get(row, ScanSpec.row(row).withColumn(FAMILY, q)).size();
  }
}
