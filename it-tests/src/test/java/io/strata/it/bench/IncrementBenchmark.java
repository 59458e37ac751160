package io.strata.it.bench;

import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.region.ColumnDelta;
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

/** SYNC_WAL increments of one counter column: all on one hot row, or spread over 100,000. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class IncrementBenchmark {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] COUNTER = Bytes.toBytes("hits");
  private static final byte[] HOT = Bytes.toBytes("hot");
  private BenchRegion bench;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    bench = new BenchRegion();
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    bench.close();
  }

  @State(Scope.Thread)
  public static class Rows {
    final Random rnd = new Random();
  }

  @Benchmark
  public Object hotRow() throws Exception {
    return bench.region.increment(HOT, List.of(new ColumnDelta(FAMILY, COUNTER, 1)),
        Durability.SYNC_WAL);
  }

  @Benchmark
  public Object manyRows(Rows rows) throws Exception {
    byte[] row = Bytes.toBytes(String.format("row%06d", rows.rnd.nextInt(100_000)));
    return bench.region.increment(row, List.of(new ColumnDelta(FAMILY, COUNTER, 1)),
        Durability.SYNC_WAL);
  }
}
