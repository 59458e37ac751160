package io.strata.client;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;

/**
 * Deletes from one row by writing tombstones. Which cells a tombstone hides depends on its
 * type:
 *
 * <pre>
 *   method                     tombstone               hides
 *   addColumn(f, q)            DELETE at the Delete's  the newest version of f:q when that is
 *                              timestamp               LATEST (the default), else the version
 *                                                      at exactly that timestamp
 *   addColumn(f, q, ts)        DELETE at ts            exactly the version of f:q at ts
 *   addColumns(f, q[, ts])     DELETE_COLUMN           every version of f:q at or before ts
 *   addFamily(f[, ts])         DELETE_FAMILY           every column of f at or before ts
 *   addFamilyVersion(f, ts)    DELETE_FAMILY_VERSION   every column of f at exactly ts
 * </pre>
 *
 * Where no ts is given, the Delete's timestamp is used; by default that is
 * {@link CellLimits#LATEST_TIMESTAMP}, which the server resolves: for {@code addColumn(f, q)} to
 * the timestamp of the newest version, otherwise to its clock.
 *
 * <p><b>A Delete with no columns deletes the whole row</b>: it is sent with zero cells and the
 * server expands it into a family tombstone for every family of the table, at the Delete's
 * timestamp ({@code new Delete(row, ts)}: what is at or before ts), else at its clock.
 *
 * <pre>{@code
 * table.delete(new Delete(row));                                   // the whole row
 * table.delete(new Delete(row).addColumns(cf, Bytes.toBytes("q")));  // every version of cf:q
 * table.delete(new Delete(row).addColumn(cf, Bytes.toBytes("q"), 1700000000000L));
 * }</pre>
 *
 * Tombstones are kept as added: unlike HBase, {@code addFamily} does not drop earlier tombstones
 * of the family, since one with a newer timestamp may hide more than the family tombstone.
 */
public final class Delete extends Mutation {
  /** Deletes the whole row, or what the add methods name, at the latest timestamp. */
  public Delete(byte[] row) {
    this(row, CellLimits.LATEST_TIMESTAMP);
  }

  /** A Delete whose tombstones default to timestamp {@code ts}. */
  public Delete(byte[] row, long ts) {
    super(row, ts);
  }

  /**
   * The newest version of the column; if the Delete was given a timestamp, exactly the version
   * at that timestamp (as in HBase).
   */
  public Delete addColumn(byte[] family, byte[] qualifier) {
    return tombstone(family, qualifier, getTimestamp(), CellType.DELETE);
  }

  /** Exactly the version of the column at {@code ts}. */
  public Delete addColumn(byte[] family, byte[] qualifier, long ts) {
    return tombstone(family, qualifier, ts, CellType.DELETE);
  }

  /** Every version of the column at or before the Delete's timestamp. */
  public Delete addColumns(byte[] family, byte[] qualifier) {
    return tombstone(family, qualifier, getTimestamp(), CellType.DELETE_COLUMN);
  }

  /** Every version of the column at or before {@code ts}. */
  public Delete addColumns(byte[] family, byte[] qualifier, long ts) {
    return tombstone(family, qualifier, ts, CellType.DELETE_COLUMN);
  }

  /** Every column of the family at or before the Delete's timestamp. */
  public Delete addFamily(byte[] family) {
    return tombstone(family, Bytes.EMPTY, getTimestamp(), CellType.DELETE_FAMILY);
  }

  /** Every column of the family at or before {@code ts}. */
  public Delete addFamily(byte[] family, long ts) {
    return tombstone(family, Bytes.EMPTY, ts, CellType.DELETE_FAMILY);
  }

  /** Every column of the family at exactly {@code ts}. */
  public Delete addFamilyVersion(byte[] family, long ts) {
    return tombstone(family, Bytes.EMPTY, ts, CellType.DELETE_FAMILY_VERSION);
  }

  /** Adds a ready-made tombstone; it must be a delete type of this Delete's row. */
  public Delete add(Cell cell) {
    checkCellRow(cell);
    if (!cell.getType().isDelete()) {
      throw new IllegalArgumentException("a Delete holds tombstones (DELETE, DELETE_COLUMN, "
          + "DELETE_FAMILY, DELETE_FAMILY_VERSION), not " + cell.getType() + "; use a Put");
    }
    KeyValue kv = KeyValue.copyOf(cell);
    addCell(Bytes.copy(kv.getFamilyArray(), kv.getFamilyOffset(), kv.getFamilyLength()), kv);
    return this;
  }

  @Override
  public Delete setDurability(Durability durability) {
    super.setDurability(durability);
    return this;
  }

  /**
   * Not supported, as in HBase: a tombstone has nothing to expire.
   *
   * @throws UnsupportedOperationException always
   */
  @Override
  public Delete setTTL(long ttl) {
    throw new UnsupportedOperationException("a Delete cannot have a TTL: its tombstones stay "
        + "until a major compaction; give the TTL to the Put that writes the cells");
  }

  @Override
  public Delete setCellVisibility(io.strata.client.security.CellVisibility expression) {
    super.setCellVisibility(expression);
    return this;
  }

  @Override
  public Delete setACL(String user, io.strata.client.security.Permission perms) {
    super.setACL(user, perms);
    return this;
  }

  @Override
  public Delete setACL(java.util.Map<String, io.strata.client.security.Permission> perms) {
    super.setACL(perms);
    return this;
  }

  @Override
  public Delete setAttribute(String name, byte[] value) {
    super.setAttribute(name, value);
    return this;
  }

  private Delete tombstone(byte[] family, byte[] qualifier, long ts, CellType type) {
    Operations.checkFamily(family);
    Operations.checkTimestamp(ts);
    addCell(family, KeyValue.of(getRow(), family, Operations.qualifier(qualifier), ts, type,
        Bytes.EMPTY));
    return this;
  }
}
