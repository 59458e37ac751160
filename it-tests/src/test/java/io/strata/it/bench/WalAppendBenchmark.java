package io.strata.it.bench;

import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.wal.Wal;
import io.strata.server.wal.WalOptions;
import java.nio.file.Files;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Appends of one edit (one cell with a 100-byte value) to a {@link Wal} on the local file
 * system, each writer waiting until its edit is durable, with no region or memstore around it:
 * the disruptor hand-off, the encoding, the write and the sync, and the hand-off back. Run with
 * {@code -t 1}, {@code -t 8} and {@code -t 64}: writers that wait together share one sync
 * (group commit). SYNC_WAL syncs with hflush (to the operating system), FSYNC_WAL with hsync
 * (to the disk). Besides appends per second it reports {@code syncs} per second from the WAL's
 * own counter; appends / syncs is the number of edits one sync covers. {@code directSync} is
 * {@code strata.wal.sync.direct}: with it a writer that finds the WAL idle syncs its own edit,
 * without the hand-offs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class WalAppendBenchmark {
  private static final List<KeyValue> EDIT = List.of(KeyValue.of(Bytes.toBytes("row0000000000000"),
      Bytes.toBytes("f"), Bytes.toBytes("q"), 1_700_000_000_000L, CellType.PUT, new byte[100]));

  @Param({"SYNC_WAL", "FSYNC_WAL"})
  public String durability;

  @Param({"true", "false"})
  public boolean directSync;

  private java.nio.file.Path dir;
  private Wal wal;
  private Durability d;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    dir = Files.createTempDirectory("strata-bench-wal");
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    Path root = new Path(dir.toUri());
    wal = new Wal(fs, new Path(root, "wals/bench"), new Path(root, "oldWALs"), "bench",
        new WalOptions(128L << 20, Duration.ofHours(1), 16384, Duration.ofSeconds(1),
            Duration.ofMinutes(5), Duration.ZERO, directSync), 1, InstantSource.system());
    d = Durability.valueOf(durability);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    wal.close();
    FileSystem.getLocal(new Configuration()).getRaw().delete(new Path(dir.toUri()), true);
  }

  /**
   * The WAL's syncs during the iteration. The counter is the WAL's, not the thread's, so only
   * the first thread reports it: JMH adds up the threads' counters.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Syncs {
    public long syncs;
    private boolean reports;
    private long atStart;

    @Setup(Level.Iteration)
    public void setUp(WalAppendBenchmark bench, ThreadParams thread) {
      reports = thread.getThreadIndex() == 0;
      atStart = bench.wal.syncCount();
      syncs = 0;
    }

    void update(Wal wal) {
      if (reports) {
        syncs = wal.syncCount() - atStart;
      }
    }
  }

  @Benchmark
  public long append(Syncs syncs) throws Exception {
    var ticket = wal.append("region", EDIT, d);
    ticket.awaitDurable();
    syncs.update(wal);
    return ticket.sequenceId();
  }
}
