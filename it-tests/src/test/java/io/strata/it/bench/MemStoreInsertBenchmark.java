package io.strata.it.bench;

import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import io.strata.server.memstore.ChunkPool;
import io.strata.server.memstore.MemStore;
import io.strata.server.memstore.SequencedCell;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Inserts of one cell (16-byte row, a value of {@code valueBytes}) into a {@link MemStore}, with
 * no region, WAL or MVCC around it: the index's insert and the copy into MSLAB chunks. Row keys
 * are {@code sequential} (every writer appends at the end of the index) or {@code random}.
 * Larger values spread the keys a search visits over more memory, as pe's 1,000-byte rows do. The
 * memstore is concurrent: run with {@code -t 1}, {@code -t 2}, ... and {@code -prof gc} for the
 * bytes allocated per insert.
 *
 * <p>The memstore must not take an insert while a snapshot swaps its segments out (a region
 * guarantees that with its updates lock). Here each writer holds a lock of its own around its
 * insert, which only the writer that swaps out a full segment ever contends: so the memstore's
 * rule holds without a lock word shared by every insert, whose cache line would bounce between
 * cores and be measured as memstore cost. A full segment (64 MiB of cells, half the default flush
 * size) is dropped as a flush would drop it, its chunks going back to the pool.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MemStoreInsertBenchmark {
  private static final long SEGMENT_BYTES = 64L << 20;

  @Param({"sequential", "random"})
  public String keys;

  @Param({"100", "1000"})
  public int valueBytes;

  private final MemStore memStore = new MemStore(new ChunkPool(2 << 20, 64));
  private final List<Writer> writers = new CopyOnWriteArrayList<>();
  /** Held by the writer swapping out a full segment, and by a writer joining. */
  private final ReentrantLock swapLock = new ReentrantLock();

  /** One writer thread: its reusable input cell, whose row it rewrites, and its lock. */
  @State(Scope.Thread)
  public static class Writer {
    private final ReentrantLock lock = new ReentrantLock();
    private final byte[] row = Bytes.toBytes("user000000000000");
    private KeyValue cell;
    private boolean sequential;
    private int threadIndex;
    private int threads;
    private long counter;
    private XorShift random;
    private long writeNumber;

    @Setup(Level.Trial)
    public void setUp(MemStoreInsertBenchmark bench, ThreadParams thread) {
      cell = KeyValue.of(row, Bytes.toBytes("f"), Bytes.toBytes("q"), 1_700_000_000_000L,
          CellType.PUT, new byte[bench.valueBytes]);
      sequential = bench.keys.equals("sequential");
      threadIndex = thread.getThreadIndex();
      threads = thread.getThreadCount();
      random = new XorShift(0x9E3779B97F4A7C15L * (threadIndex + 1));
      bench.swapLock.lock();
      try {
        bench.writers.add(this);
      } finally {
        bench.swapLock.unlock();
      }
    }

    /**
     * Writes the next row key ("user" and 12 digits) into the cell in place: the memstore copies
     * the cell, so one input cell serves every insert and costs the measurement nothing.
     */
    private void nextRow() {
      long n;
      if (sequential) {
        n = counter++ * threads + threadIndex; // the writers interleave at the tail
      } else {
        n = random.next();
      }
      n %= 1_000_000_000_000L;
      byte[] buf = cell.getBuffer();
      for (int i = cell.getRowOffset() + cell.getRowLength() - 1; i >= cell.getRowOffset() + 4;
          i--) {
        buf[i] = (byte) ('0' + n % 10);
        n /= 10;
      }
    }
  }

  @Benchmark
  public SequencedCell insert(Writer w) {
    w.nextRow();
    SequencedCell stored;
    w.lock.lock();
    try {
      w.writeNumber++;
      stored = memStore.add(w.cell, w.writeNumber, w.writeNumber);
    } finally {
      w.lock.unlock();
    }
    if (memStore.activeDataSize() >= SEGMENT_BYTES) {
      dropFullSegment();
    }
    return stored;
  }

  private void dropFullSegment() {
    if (!swapLock.tryLock()) {
      return; // another writer is at it
    }
    try {
      writers.forEach(w -> w.lock.lock());
      try {
        if (memStore.activeDataSize() >= SEGMENT_BYTES) {
          memStore.clearSnapshot(memStore.snapshot());
        }
      } finally {
        writers.forEach(w -> w.lock.unlock());
      }
    } finally {
      swapLock.unlock();
    }
  }
}
