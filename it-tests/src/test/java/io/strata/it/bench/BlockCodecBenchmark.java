package io.strata.it.bench;

import io.strata.common.cell.CellKeys;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;
import io.strata.server.blockfile.encoding.CellDecoder;
import io.strata.server.blockfile.encoding.DataBlockCodec;
import io.strata.server.blockfile.encoding.DataBlockCodecs;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Encoding and decoding one data block per data block encoding, without compression, checksums
 * or files: the cells of one 64 KiB block in the plain key encoding (rows of 10 columns, 16-byte
 * row keys, 100-byte values: about 430 cells). One operation is the whole block; the
 * {@code cellBytes} counter is the rate in bytes of cell data (the plain encoding's size) per
 * second. {@code decode} reads a heap block (L1 cache, or a block read from a file);
 * {@code decodeOffHeap} a direct buffer, as from the off-heap L2 cache.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class BlockCodecBenchmark {
  private static final int BLOCK_BYTES = 64 * 1024;

  @Param({"NONE", "PREFIX", "FAST_DIFF", "ROW_INDEX_V1"})
  public String encoding;

  private DataBlockCodec codec;
  private List<KeyValue> cells;
  private int cellBytes;
  private byte[] encoded;
  private ByteBuffer offHeap;

  @Setup(Level.Trial)
  public void setUp() {
    codec = DataBlockCodecs.forEncoding(DataBlockEncoding.valueOf(encoding));
    cells = new ArrayList<>();
    Random rnd = new Random(1);
    ByteOutput plain = new ByteOutput(BLOCK_BYTES + 1024);
    for (int r = 0; plain.size() < BLOCK_BYTES; r++) {
      byte[] row = Bytes.toBytes(String.format("user%012d", r * 7L));
      for (int c = 0; c < 10 && plain.size() < BLOCK_BYTES; c++) {
        byte[] value = new byte[100];
        rnd.nextBytes(value);
        KeyValue kv = KeyValue.of(row, Bytes.toBytes("f"), Bytes.toBytes("col" + c),
            1_700_000_000_000L, CellType.PUT, value);
        CellKeys.writeCell(kv, plain);
        cells.add(kv);
      }
    }
    cellBytes = plain.size();
    ByteOutput out = new ByteOutput(BLOCK_BYTES + 1024);
    encodeBlock(codec.newEncoder(), out);
    encoded = out.toByteArray();
    offHeap = ByteBuffer.allocateDirect(encoded.length).put(encoded).flip();
    int decoded = 0;
    for (CellDecoder d = codec.newDecoder(encoded, 0, encoded.length); d.hasNext(); d.next()) {
      decoded++;
    }
    if (decoded != cells.size()) {
      throw new IllegalStateException(encoding + " decoded " + decoded + " cells of "
          + cells.size());
    }
  }

  /** Bytes of cell data handled, per second: MB/s of the encoding or decoding. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Throughput {
    public long cellBytes;
  }

  /** One thread's encoder and output buffer, reused from block to block as a writer does. */
  @State(Scope.Thread)
  public static class EncoderState {
    DataBlockCodec.Encoder encoder;
    final ByteOutput out = new ByteOutput(BLOCK_BYTES + 1024);

    @Setup(Level.Trial)
    public void setUp(BlockCodecBenchmark bench) {
      encoder = bench.codec.newEncoder();
    }
  }

  private void encodeBlock(DataBlockCodec.Encoder encoder, ByteOutput out) {
    encoder.reset();
    out.reset();
    for (int i = 0; i < cells.size(); i++) {
      encoder.encode(cells.get(i), out);
    }
    encoder.finishBlock(out);
  }

  @Benchmark
  public int encode(EncoderState state, Throughput counter) {
    encodeBlock(state.encoder, state.out);
    counter.cellBytes += cellBytes;
    return state.out.size();
  }

  @Benchmark
  public void decode(Throughput counter, Blackhole out) {
    counter.cellBytes += cellBytes;
    walk(codec.newDecoder(encoded, 0, encoded.length), out);
  }

  @Benchmark
  public void decodeOffHeap(Throughput counter, Blackhole out) {
    counter.cellBytes += cellBytes;
    walk(codec.newDecoder(offHeap, 0, encoded.length), out);
  }

  /**
   * Hands every cell of the block on, as a scanner does: the cells escape, so the compiler
   * cannot leave out the cell objects a real reader gets.
   */
  private static void walk(CellDecoder decoder, Blackhole out) {
    while (decoder.hasNext()) {
      out.consume(decoder.next());
    }
  }
}
