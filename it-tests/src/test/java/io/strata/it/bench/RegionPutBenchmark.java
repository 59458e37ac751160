package io.strata.it.bench;

import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.region.RowEdit;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
 * Puts of one 100-byte cell into a region, by durability. Run with {@code -t 1}, {@code -t 8}
 * and {@code -t 64} to see group commit: with SYNC_WAL and FSYNC_WAL each sync covers the edits
 * of every writer waiting for it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RegionPutBenchmark {
  @Param({"SKIP_WAL", "SYNC_WAL", "FSYNC_WAL"})
  public String durability;

  private BenchRegion bench;
  private Durability d;
  private final AtomicLong counter = new AtomicLong();
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] QUALIFIER = Bytes.toBytes("q");
  private static final byte[] VALUE = new byte[100];

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    bench = new BenchRegion();
    d = Durability.valueOf(durability);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    bench.close();
  }

  @Benchmark
  public void put() throws Exception {
    byte[] row = Bytes.toBytes(String.format("row%012d", counter.incrementAndGet()));
    bench.region.mutate(List.of(new RowEdit(row, List.of(KeyValue.of(row, FAMILY, QUALIFIER,
        1L, CellType.PUT, VALUE)), d)));
  }
}
