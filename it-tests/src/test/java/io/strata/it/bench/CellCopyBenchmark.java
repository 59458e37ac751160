package io.strata.it.bench;

import java.util.Arrays;
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

/**
 * What one pass over written data costs on this machine: copying a 1 KiB cell (pe's value size)
 * from one ring of arrays to another, each ring {@code ringMegabytes} large, taking the cells in
 * order. A 1 MiB ring stays in the core's caches; a 512 MiB ring comes from memory, as a
 * 2 MB write batch does by the time a second stage of the write path reads it. The write path
 * copies each written byte several times, in the client, the kernel and the server, so this is
 * the price of each such copy; {@code allocateAndCopy} is a copy into a new array of its own, as
 * {@code KeyValue.of} makes one.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CellCopyBenchmark {
  private static final int CELL = 1024;

  @Param({"1", "512"})
  public int ringMegabytes;

  private byte[] from;
  private byte[] to;
  private int at;

  @Setup(Level.Trial)
  public void setUp() {
    from = new byte[ringMegabytes << 20];
    to = new byte[ringMegabytes << 20];
    Arrays.fill(from, (byte) 1); // touch every page before measuring
    Arrays.fill(to, (byte) 2);
  }

  private int next() {
    int offset = at;
    at = offset + CELL == from.length ? 0 : offset + CELL;
    return offset;
  }

  @Benchmark
  public byte[] copy() {
    int offset = next();
    System.arraycopy(from, offset, to, offset, CELL);
    return to;
  }

  @Benchmark
  public byte[] allocateAndCopy() {
    int offset = next();
    return Arrays.copyOfRange(from, offset, offset + CELL);
  }
}
