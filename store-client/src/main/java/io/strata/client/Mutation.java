package io.strata.client;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.CellLimits;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A change to one row: a {@link Put}, {@link Delete}, {@link Increment} or {@link Append}. It
 * holds the row, a default timestamp, a durability, a TTL for the cells it writes, attributes
 * (see {@link OperationWithAttributes}), and the cells to send grouped by family.
 *
 * <pre>{@code
 * Mutation m = new Put(Bytes.toBytes("row1"))
 *     .addColumn(Bytes.toBytes("cf"), Bytes.toBytes("q"), Bytes.toBytes("v"))
 *     .setDurability(Durability.ASYNC_WAL)
 *     .setTTL(60_000);   // the cell is gone from reads a minute after its timestamp
 * m.size();   // 1 cell
 * }</pre>
 *
 * <p>Fluent setters are overridden in each subclass with the subclass as return type (as in
 * HBase) instead of a self-type parameter, so users write {@code Mutation} and
 * {@code List<Mutation>}, never {@code Mutation<?>}.
 *
 * <p>Byte arrays passed in are not copied (as in HBase): do not change them afterwards. Not
 * thread-safe: build a mutation in one thread, then hand it over.
 */
public abstract sealed class Mutation extends OperationWithAttributes implements Row
    permits Put, Delete, Increment, Append {
  /** {@link #getTTL()} of a mutation whose cells have no TTL of their own (as HBase). */
  public static final long NO_TTL = Long.MAX_VALUE;

  /** Most cells {@link #toString()} prints; a mutation may hold millions. */
  private static final int MAX_PRINTED_CELLS = 20;

  private final byte[] row;
  private final long ts;
  private Durability durability = Durability.USE_DEFAULT;
  private long ttl = NO_TTL;
  // A mutation of one family (nearly every one) keeps it here and makes no map: a buffered
  // put's map, entry and read-only view were four objects and a comparator call a row.
  private byte[] firstFamily;
  private FamilyCells firstCells;
  // Families in unsigned byte order, made for a second family or for getFamilyCellMap(), and
  // from then on the only place cells go; within a family, cells in the order they were added.
  private NavigableMap<byte[], FamilyCells> familyCells;
  // What getFamilyCellMap() returns: a live view of familyCells, its lists read-only.
  private NavigableMap<byte[], List<Cell>> readOnlyView;
  // The family a cell was last added to, by identity: callers add a row's columns with the
  // same family array, which then needs no search.
  private byte[] lastFamily;
  private FamilyCells lastCells;
  private int cellCount;
  private long encodedSize;

  Mutation(byte[] row, long ts) {
    this.row = Operations.checkRow(row, getClass());
    this.ts = Operations.checkTimestamp(ts);
  }

  @Override
  public byte[] getRow() {
    return row;
  }

  /**
   * The timestamp given cells that do not name one; {@link CellLimits#LATEST_TIMESTAMP} (the
   * default) lets the server stamp them with its clock.
   */
  public long getTimestamp() {
    return ts;
  }

  public Durability getDurability() {
    return durability;
  }

  /**
   * How hard the server makes this write durable; USE_DEFAULT (the default) defers to the
   * table.
   */
  public Mutation setDurability(Durability durability) {
    if (durability == null) {
      throw new IllegalArgumentException("durability is null; use Durability.USE_DEFAULT for "
          + "the table's setting");
    }
    this.durability = durability;
    return this;
  }

  /**
   * Milliseconds each cell this mutation writes lives after its timestamp, or {@link #NO_TTL}
   * (the default).
   */
  public long getTTL() {
    return ttl;
  }

  /**
   * Gives every cell this mutation writes a time to live of its own, in milliseconds, as
   * HBase's {@code Mutation.setTTL}: once {@code timestamp + ttl} has passed, gets and scans
   * (but not raw scans) no longer see the cell, and a major compaction drops it. A cell TTL
   * cannot lengthen the family's TTL: the cell expires at whichever comes first, and the
   * family's MIN_VERSIONS does not keep a cell whose own TTL has passed. For an Increment or
   * Append the TTL applies to the new value written. The server stores it as a tag on each cell
   * (docs/formats/key-encoding.md). {@link #NO_TTL} removes it.
   *
   * @throws IllegalArgumentException for a TTL below 1 ms
   */
  public Mutation setTTL(long ttl) {
    if (ttl < 1) {
      throw new IllegalArgumentException("TTL " + ttl + " ms: give at least 1 ms, or "
          + "Mutation.NO_TTL for none");
    }
    this.ttl = ttl;
    return this;
  }

  /**
   * Gives every cell this mutation writes a visibility expression, as HBase's: readers see
   * them only when their authorizations satisfy it (docs/security.md, "Visibility labels");
   * null removes it. Its labels must have been defined with {@code add_labels}.
   */
  public Mutation setCellVisibility(io.strata.client.security.CellVisibility expression) {
    setAttribute(io.strata.client.security.CellAcls.VISIBILITY_ATTRIBUTE, expression == null
        ? null : Bytes.toBytes(expression.getExpression()));
    return this;
  }

  /** The visibility expression set on this mutation, or null. */
  public io.strata.client.security.CellVisibility getCellVisibility() {
    byte[] v = getAttribute(io.strata.client.security.CellAcls.VISIBILITY_ATTRIBUTE);
    return v == null ? null : new io.strata.client.security.CellVisibility(Bytes.toString(v));
  }

  /**
   * Gives every cell this mutation writes an access control list granting {@code user} the
   * actions of {@code perms} (READ) on those cells, beyond what they hold on the table, family
   * or qualifier, as HBase's cell ACLs (docs/security.md, "Cell ACLs").
   */
  public Mutation setACL(String user, io.strata.client.security.Permission perms) {
    return setACL(java.util.Map.of(user, perms));
  }

  /** As {@link #setACL(String, io.strata.client.security.Permission)}, for several users. */
  public Mutation setACL(java.util.Map<String, io.strata.client.security.Permission> perms) {
    setAttribute(io.strata.client.security.CellAcls.ACL_ATTRIBUTE,
        io.strata.client.security.CellAcls.encode(perms));
    return this;
  }

  /** The cell ACL set on this mutation: users to their permissions; empty when none. */
  public java.util.Map<String, io.strata.client.security.Permission> getACL() {
    byte[] v = getAttribute(io.strata.client.security.CellAcls.ACL_ATTRIBUTE);
    return v == null ? java.util.Map.of() : io.strata.client.security.CellAcls.decode(v);
  }

  @Override
  public Mutation setAttribute(String name, byte[] value) {
    super.setAttribute(name, value);
    return this;
  }

  /**
   * Family to cells, families in unsigned byte order. A read-only live view: change the
   * mutation through its add methods.
   */
  public NavigableMap<byte[], List<Cell>> getFamilyCellMap() {
    if (readOnlyView == null) {
      readOnlyView = Collections.unmodifiableNavigableMap(familyMap());
    }
    return readOnlyView;
  }

  /** The families' map, made now if the mutation has kept at most one family without it. */
  private NavigableMap<byte[], FamilyCells> familyMap() {
    if (familyCells == null) {
      familyCells = new TreeMap<>(Bytes::compare);
      if (firstCells != null) {
        familyCells.put(firstFamily, firstCells);
      }
    }
    return familyCells;
  }

  /** Each family's cells, in family order. */
  private Collection<FamilyCells> families() {
    if (familyCells != null) {
      return familyCells.values();
    }
    return firstCells == null ? List.of() : List.of(firstCells);
  }

  /** Whether no cell was added. (An empty Delete still means something: see {@link Delete}.) */
  public boolean isEmpty() {
    return cellCount == 0;
  }

  /** Number of cells. */
  public int size() {
    return cellCount;
  }

  /**
   * Bytes of this mutation's cells in the key encoding (docs/formats/key-encoding.md): what they
   * take in an RPC's cell block, and what the mutation counts against a write buffer.
   */
  public long encodedSize() {
    return encodedSize;
  }

  /**
   * All cells, family by family in family order, each family's in the order they were added;
   * read-only. Of a mutation of one family it is the family's own list, not a copy (the client's
   * encoder reads every buffered put's cells through it), so cells added later may show in it:
   * copy it to keep what it holds now.
   */
  public List<Cell> cells() {
    if (familyCells == null) {
      return firstCells == null ? List.of() : firstCells;
    }
    List<Cell> all = new ArrayList<>(cellCount);
    familyCells.values().forEach(all::addAll);
    return Collections.unmodifiableList(all);
  }

  /** Adds a cell of this row under its family; subclasses have checked row and type. */
  void addCell(byte[] family, Cell cell) {
    FamilyCells cells = lastCells;
    if (family != lastFamily) {
      cells = cellsOf(family);
      lastFamily = family;
      lastCells = cells;
    }
    cells.append(cell);
    cellCount++;
    encodedSize += CellKeys.cellLength(cell);
  }

  /** The cells of {@code family}, a new list if it has none yet. */
  private FamilyCells cellsOf(byte[] family) {
    FamilyCells cells = find(family);
    if (cells == null) {
      cells = new FamilyCells();
      if (familyCells == null && firstCells == null) {
        firstFamily = family;
        firstCells = cells;
      } else {
        familyMap().put(family, cells);
      }
    }
    return cells;
  }

  /** The cells of {@code family}, or null if it has none. */
  private FamilyCells find(byte[] family) {
    if (familyCells != null) {
      return familyCells.get(family);
    }
    return firstCells != null && Bytes.equals(firstFamily, family) ? firstCells : null;
  }

  /** Cells of one column, in the order added. */
  List<Cell> columnCells(byte[] family, byte[] qualifier) {
    List<Cell> cells = find(Operations.checkFamily(family));
    List<Cell> out = new ArrayList<>();
    if (cells != null) {
      byte[] q = Operations.qualifier(qualifier);
      for (Cell c : cells) {
        if (CellComparator.INSTANCE.compareQualifier(c, q, 0, q.length) == 0) {
          out.add(c);
        }
      }
    }
    return out;
  }

  /** Checks that a cell given whole belongs to this row: one mutation changes one row. */
  void checkCellRow(Cell cell) {
    if (cell == null) {
      throw new IllegalArgumentException("cell is null");
    }
    if (CellComparator.INSTANCE.compareRow(cell, row) != 0) {
      byte[] cellRow = Bytes.copy(cell.getRowArray(), cell.getRowOffset(), cell.getRowLength());
      throw new IllegalArgumentException("cell row " + Operations.rowString(cellRow)
          + " differs from the " + getClass().getSimpleName() + " row "
          + Operations.rowString(row) + "; a mutation changes one row: put the cell in a "
          + getClass().getSimpleName() + " of its own row");
    }
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(getClass().getSimpleName())
        .append("{row=").append(Operations.rowString(row))
        .append(", ts=").append(ts == CellLimits.LATEST_TIMESTAMP ? "LATEST" : ts)
        .append(", durability=").append(durability);
    if (ttl != NO_TTL) {
      sb.append(", ttl=").append(ttl);
    }
    sb.append(attributesString());
    appendDetails(sb);
    sb.append(", cells=[");
    int printed = 0;
    for (List<Cell> cells : families()) {
      for (Cell c : cells) {
        if (printed == MAX_PRINTED_CELLS) {
          break;
        }
        sb.append(printed++ == 0 ? "" : ", ").append(Result.cellString(c));
      }
    }
    if (cellCount > printed) {
      sb.append(", ... ").append(cellCount - printed).append(" more");
    }
    return sb.append("]}").toString();
  }

  /** Subclass fields for {@link #toString()}, each as {@code ", name=value"}. */
  void appendDetails(StringBuilder sb) {}
}
