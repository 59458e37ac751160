package io.strata.client;

import io.strata.common.cell.ArraysCell;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Writes cells to one row. Each cell is a {@link CellType#PUT} at the Put's timestamp unless
 * one is given; the default timestamp {@link CellLimits#LATEST_TIMESTAMP} lets the server stamp
 * the cells with its clock when it applies them.
 *
 * <pre>{@code
 * Put put = new Put(Bytes.toBytes("user42"))
 *     .addColumn(Bytes.toBytes("info"), Bytes.toBytes("name"), Bytes.toBytes("Ada"))
 *     .addColumn(Bytes.toBytes("info"), Bytes.toBytes("born"), 1815L, Bytes.toBytes("1815"));
 * table.put(put);
 * }</pre>
 *
 * A null qualifier or value is taken as empty, as in HBase.
 */
public final class Put extends Mutation {
  public Put(byte[] row) {
    this(row, CellLimits.LATEST_TIMESTAMP);
  }

  /** A Put whose cells default to timestamp {@code ts}. */
  public Put(byte[] row, long ts) {
    super(row, ts);
  }

  /**
   * Writes {@code value} at the Put's timestamp. The family, qualifier and value arrays are kept,
   * not copied (as HBase's Put since 2.0): do not change them until the Put has been sent, which
   * for a {@link BufferedMutator} is when its flush returns.
   */
  public Put addColumn(byte[] family, byte[] qualifier, byte[] value) {
    return addColumn(family, qualifier, getTimestamp(), value);
  }

  /**
   * Writes {@code value} at timestamp {@code ts}, keeping the arrays as
   * {@link #addColumn(byte[], byte[], byte[])} does.
   */
  public Put addColumn(byte[] family, byte[] qualifier, long ts, byte[] value) {
    Operations.checkFamily(family);
    Operations.checkTimestamp(ts);
    addCell(family, new ArraysCell(getRow(), family, Operations.qualifier(qualifier), ts,
        CellType.PUT, Operations.value(value)));
    return this;
  }

  /**
   * Writes the bytes of {@code value} from its position to its limit at timestamp {@code ts}, as
   * HBase's method of this signature does; neither buffer's position moves. A buffer backed by
   * a writable array is kept as {@link #addColumn(byte[], byte[], long, byte[])} keeps arrays:
   * the bytes are read when the Put is sent, so do not change them before. A direct or read-only
   * buffer's bytes are copied. A null qualifier or value is taken as empty.
   */
  public Put addColumn(byte[] family, ByteBuffer qualifier, long ts, ByteBuffer value) {
    Operations.checkFamily(family);
    Operations.checkTimestamp(ts);
    byte[] q = qualifier == null ? Bytes.EMPTY : wholeArray(qualifier);
    ArraysCell cell;
    if (value != null && value.hasArray()) {
      cell = new ArraysCell(getRow(), family, q, ts, CellType.PUT, value.array(),
          value.arrayOffset() + value.position(), value.remaining());
    } else {
      cell = new ArraysCell(getRow(), family, q, ts, CellType.PUT,
          value == null ? Bytes.EMPTY : Bytes.getBytes(value));
    }
    addCell(family, cell);
    return this;
  }

  /** The buffer's array when the buffer is all of it, else a copy of its remaining bytes. */
  private static byte[] wholeArray(ByteBuffer b) {
    if (b.hasArray() && b.arrayOffset() == 0 && b.position() == 0
        && b.limit() == b.array().length) {
      return b.array();
    }
    return Bytes.getBytes(b);
  }

  /** Adds a ready-made cell; it must be a PUT of this Put's row. */
  public Put add(Cell cell) {
    checkCellRow(cell);
    if (cell.getType() != CellType.PUT) {
      throw new IllegalArgumentException("a Put holds PUT cells, not " + cell.getType()
          + "; use a Delete for deletes");
    }
    KeyValue kv = KeyValue.copyOf(cell);
    addCell(Bytes.copy(kv.getFamilyArray(), kv.getFamilyOffset(), kv.getFamilyLength()), kv);
    return this;
  }

  /** Whether the Put writes to this column (at any timestamp). */
  public boolean has(byte[] family, byte[] qualifier) {
    return !columnCells(family, qualifier).isEmpty();
  }

  /** The cells written to this column, in the order added; empty when none. */
  public List<Cell> get(byte[] family, byte[] qualifier) {
    return columnCells(family, qualifier);
  }

  @Override
  public Put setDurability(Durability durability) {
    super.setDurability(durability);
    return this;
  }

  @Override
  public Put setTTL(long ttl) {
    super.setTTL(ttl);
    return this;
  }

  @Override
  public Put setCellVisibility(io.strata.client.security.CellVisibility expression) {
    super.setCellVisibility(expression);
    return this;
  }

  @Override
  public Put setACL(String user, io.strata.client.security.Permission perms) {
    super.setACL(user, perms);
    return this;
  }

  @Override
  public Put setACL(java.util.Map<String, io.strata.client.security.Permission> perms) {
    super.setACL(perms);
    return this;
  }

  @Override
  public Put setAttribute(String name, byte[] value) {
    super.setAttribute(name, value);
    return this;
  }
}
