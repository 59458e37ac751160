package io.strata.shell.pe;

import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.cell.Cell;
import io.strata.common.schema.Durability;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * One client's test: {@link #testRow} runs row {@code i} (one operation, or one entry of a
 * batch) and says how many bytes of keys, names and values it moved. The runner times each
 * call that sent something ({@link #sentLastRow}); setup and takedown (which flushes what is
 * still buffered) are inside the client's elapsed time, as in HBase's tool.
 */
abstract class PeTest {
  protected final PeClient client;
  protected final PeOptions opts;
  protected final Random rand;
  /** The keys of a sequential command, row after row. */
  protected final RowKeys.Sequence keys = new RowKeys.Sequence();
  protected final byte[][] families;
  protected final byte[][] qualifiers;
  private final ValueSizes valueSizes;
  private final ValuePool values;
  private final ValuePool.Cursor valueCursor;
  /** The qualifiers as buffers, made once: a Put keeps a buffer's array when it is all of it. */
  private final ByteBuffer[] qualifierBuffers;
  /** False when the last row only joined a batch that was not sent yet (not timed). */
  protected boolean sent = true;

  PeTest(PeClient client) {
    this.client = client;
    this.opts = client.options();
    this.rand = client.random();
    this.families = opts.familyNames();
    this.qualifiers = opts.qualifiers();
    this.valueSizes = new ValueSizes(opts);
    this.values = client.values();
    this.valueCursor = values.cursor(opts.seed + client.index());
    this.qualifierBuffers = new ByteBuffer[qualifiers.length];
    for (int i = 0; i < qualifiers.length; i++) {
      qualifierBuffers[i] = ByteBuffer.wrap(qualifiers[i]);
    }
  }

  /** The client's table, for the tests that call it directly. */
  protected Table table;

  void setup() throws Exception {
    table = client.connection().getTable(client.table());
  }

  /** Runs row {@code i}; returns the bytes it wrote or read. */
  abstract long testRow(int i) throws Exception;

  /** Sends what is still batched or buffered and releases what setup took. */
  void takedown() throws Exception {}

  boolean sentLastRow() {
    return sent;
  }

  /** A random row number over the whole key space (every client's rows). */
  protected int randomRow() {
    return RowKeys.randomRow(rand, opts.totalRows);
  }

  /** A put of a random value into every column of every family; adds its size to {@code size}. */
  protected Put newPut(byte[] row, long[] size) {
    Put put = new Put(row);
    long bytes = row.length;
    for (byte[] f : families) {
      for (int j = 0; j < qualifiers.length; j++) {
        byte[] q = qualifiers[j];
        int length = valueSizes.next(rand);
        if (values.holds(length)) { // a range of the shared pool, kept by the Put as it is
          put.addColumn(f, qualifierBuffers[j], put.getTimestamp(), valueCursor.next(length));
        } else { // a new array: Put keeps the one it is given until the write is sent
          put.addColumn(f, q, RowKeys.value(rand, length));
        }
        bytes += f.length + q.length + length;
      }
    }
    put.setDurability(opts.writeToWal ? Durability.SYNC_WAL : Durability.SKIP_WAL);
    size[0] = bytes;
    return put;
  }

  /**
   * A value of the configured size, for a filter to compare with: the value a write with this
   * client's seed would put in the same place.
   */
  protected byte[] newValue() {
    int length = valueSizes.next(rand);
    if (!values.holds(length)) {
      return RowKeys.value(rand, length);
    }
    ByteBuffer v = valueCursor.next(length);
    return Arrays.copyOfRange(v.array(), v.position(), v.limit());
  }

  protected Get newGet(byte[] row) {
    Get get = new Get(row).setCacheBlocks(opts.cacheBlocks);
    // Named here rather than through forEachColumn: under C1 alone (pe's JIT) its two method
    // references, made for every get, were each a call into the VM.
    for (byte[] f : families) {
      if (!opts.addColumns) {
        get.addFamily(f);
        continue;
      }
      for (byte[] q : qualifiers) {
        get.addColumn(f, q);
      }
    }
    return get;
  }

  /** A scan of every column (or family) asked for, with the run's caching and block use. */
  protected Scan newScan() {
    return newScan(families);
  }

  /** As {@link #newScan()}, of the columns of {@code ofFamilies} only. */
  protected Scan newScan(byte[][] ofFamilies) {
    Scan scan = new Scan().setCaching(opts.caching).setCacheBlocks(opts.cacheBlocks);
    forEachColumn(ofFamilies, scan::addColumn, scan::addFamily);
    return scan;
  }

  /** Names every column of {@code ofFamilies}, or (--addColumns=false) each whole family. */
  private void forEachColumn(byte[][] ofFamilies, BiConsumer<byte[], byte[]> column,
      Consumer<byte[]> family) {
    for (byte[] f : ofFamilies) {
      if (opts.addColumns) {
        for (byte[] q : qualifiers) {
          column.accept(f, q);
        }
      } else {
        family.accept(f);
      }
    }
  }

  /** Bytes of a result as a write of it counts them: the key once, then names and values. */
  static long sizeOf(Result r) {
    if (r == null || r.isEmpty()) {
      return 0;
    }
    // listCells, not rawCells: that copies the array (a native clone per row under C1).
    List<Cell> cells = r.listCells();
    long bytes = cells.get(0).getRowLength();
    for (int i = 0; i < cells.size(); i++) {
      Cell c = cells.get(i);
      bytes += c.getFamilyLength() + c.getQualifierLength() + c.getValueLength();
    }
    return bytes;
  }
}
