package io.strata.server.scan;

import io.strata.common.util.CallDeadline;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.filter.Filter;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.NavigableSet;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads one row from a merged stream and decides which cells a reader sees. Within a family the
 * stream gives, per column, newest versions first and delete markers before the puts of the
 * same timestamp; family-wide markers carry the empty qualifier and so arrive before every cell
 * they can mask. Rules (as HBase):
 *
 * <ul>
 *   <li>DELETE_FAMILY at T masks every cell of the family with timestamp at most T;
 *   <li>DELETE_FAMILY_VERSION at T masks every cell of the family at exactly T;
 *   <li>DELETE_COLUMN at T masks every version of the column at or below T;
 *   <li>DELETE at T masks the column's version at exactly T;
 *   <li>of equal keys the first (newest) copy wins; then at most max versions a column, within
 *       the time range, are returned;
 *   <li>a cell older than the family's TTL is expired, unless fewer than MIN_VERSIONS newer
 *       versions of its column were returned;
 *   <li>a cell with a TTL tag of its own ({@link Tag#TTL_TYPE}, a mutation's TTL) is expired
 *       once its timestamp plus that TTL is before now, whatever MIN_VERSIONS says; it is still
 *       subject to the family's TTL, so a cell TTL never lengthens a cell's life;
 *   <li>the time range is the family's own where the spec gives one
 *       ({@link ScanSpec#familyTimeRanges()}), else the spec's.
 * </ul>
 *
 * <p>A raw read ({@link ScanSpec#raw()}) shows what is stored instead, as until a major
 * compaction rewrites it: puts and all four kinds of marker, none masking another and none
 * expired; of equal keys still only the newest copy. The time range, the column selection and
 * the filter apply to every cell, markers included, and at most the read's max versions cells
 * (puts and markers alike) come per column, whatever the family's VERSIONS. Family-wide markers
 * are cells of the empty qualifier, so a read naming columns of a family sees them only if it
 * names that qualifier.
 *
 * <p>A flush or a compaction that keeps delete markers ({@link #keepDeleteMarkers()}, HBase's
 * COMPACT_RETAIN_DELETES) returns the markers too, in their place, and drops only what they mask
 * among the cells it reads: older files may hold more that they must go on masking.
 */
public final class RowMatcher {
  private static final byte[] ZERO = {0};

  private ScanSpec spec;
  private Function<byte[], ColumnFamilyDescriptor> families;
  private long nowMillis;

  /**
   * {@code families} gives each family's settings (VERSIONS, MIN_VERSIONS, TTL); cells older
   * than the TTL at {@code nowMillis} are expired, except the newest MIN_VERSIONS of a column.
   */
  public RowMatcher(ScanSpec spec, Function<byte[], ColumnFamilyDescriptor> families,
      long nowMillis) {
    this(spec, families, nowMillis, true);
  }

  /** With {@code seek} false the matcher steps over every cell (for measuring seeking). */
  public RowMatcher(ScanSpec spec, Function<byte[], ColumnFamilyDescriptor> families,
      long nowMillis, boolean seek) {
    reset(spec, families, nowMillis, seek);
  }

  /** Starts over for another read, as if new: for reuse by one thread at a time. */
  public void reset(ScanSpec spec, Function<byte[], ColumnFamilyDescriptor> families,
      long nowMillis, boolean seek) {
    this.spec = spec;
    this.families = families;
    this.nowMillis = nowMillis;
    this.seek = seek;
    knownFamilies = null;
    copyCells = true;
    keepMarkers = false;
    row = null;
    clearRowState();
  }

  /** Forgets everything about the row being read. */
  private void clearRowState() {
    family = null;
    hasPrevious = false;
    pending = null;
    seekTo = null;
    skipColumnOf = null;
    filterSkipsColumn = false;
    filterSkipsRow = false;
  }

  private boolean seek;
  /** The region's family names: a cell's family is matched to one of them, not copied. */
  private byte[][] knownFamilies;

  /** Tells the matcher the region's family names (sorted), so it need not copy them. */
  public void knowFamilies(byte[][] names) {
    this.knownFamilies = names;
  }
  /** Whether cells from memory that is reused are copied before they are returned. */
  private boolean copyCells = true;
  /** Whether delete markers are returned as well as applied. */
  private boolean keepMarkers;

  /**
   * Returns every delete marker too, besides applying it: for writing a file that replaces only
   * some of a store's cells (a flush, a minor compaction). Use a spec of all versions; the
   * family's VERSIONS still apply.
   */
  public void keepDeleteMarkers() {
    keepMarkers = true;
  }

  /**
   * Returns cells where they lie, uncopied: the caller keeps the sources' memory (memstore
   * segments, shared cache blocks) until it is done with them.
   */
  public void keepInPlace() {
    copyCells = false;
  }

  // State of the row being read; kept between calls so a read can stop inside a row and
  // resume exactly where it stopped.
  private byte[] row;
  private byte[] family;
  private NavigableSet<byte[]> wantedQualifiers;
  private boolean familyWanted;
  private int maxVersions;
  private int minVersions;
  private long oldestLive;
  // The time range of the current family: its own, or the spec's.
  private long minTimestamp;
  private long maxTimestamp;
  private long familyDeleteTs;
  // Timestamps of version markers; made when the first marker comes (most rows have none).
  private Set<Long> familyVersionDeletes;
  // The previous cell's column and key, copied: the cell itself may point into a block the
  // source lets go of before the next cell arrives.
  private boolean hasPrevious;
  private byte[] previousQualifier = Bytes.EMPTY;
  private int previousQualifierLength;
  private long previousTs;
  private CellType previousType;
  private long columnDeleteTs;
  private Set<Long> versionDeletes;
  private int versions;
  /** The next visible cell, found past a limit and handed out first on resume. */
  private Cell pending;
  /** System.nanoTime() past which a row read with nothing kept yet stops early; 0: never. */
  private long deadlineNanos;
  private boolean timedOut;
  private boolean filterSkipsColumn;
  private boolean filterSkipsRow;
  /** Where the reader can jump next, set by {@link #match} when the rest of a run is unwanted. */
  private Cell seekTo;
  /** A cell whose column's remaining cells are unwanted; the jump key is built only if needed. */
  private Cell skipColumnOf;

  /**
   * Consumes every cell of the row at the head of {@code in} and returns the visible ones,
   * copied where needed so they outlive the sources.
   */
  public List<Cell> readRow(MergingScanner in) throws IOException {
    List<Cell> out = new ArrayList<>();
    if (beginRow(in)) {
      readCells(in, Integer.MAX_VALUE, Long.MAX_VALUE, out);
    }
    return out;
  }

  /**
   * Starts on the row at the head of {@code in}; false if {@code in} is exhausted or the filter
   * says no later row can pass (the scan is over). A row the filter drops by its key reads as
   * empty.
   */
  public boolean beginRow(MergingScanner in) {
    Cell first = in.peek();
    Filter filter = spec.filter();
    if (first == null || (filter != null && filter.filterAllRemaining())) {
      row = null;
      return false;
    }
    byte[] start = spec.startRow();
    if (start.length > 0 && CellComparator.INSTANCE.compareRow(first, start) == 0) {
      row = start; // a get, or a scan's first row: the spec has the row already
    } else {
      row = first instanceof io.strata.common.cell.BufferKeyValue ? first.getRowArray()
          : Bytes.copy(first.getRowArray(), first.getRowOffset(), first.getRowLength());
    }
    clearRowState();
    if (filter != null) {
      filter.reset();
      filterSkipsRow = filter.filterRowKey(first);
    }
    return true;
  }

  /** True when the filter decides on whole rows, which then must not be split into parts. */
  public boolean needsWholeRows() {
    return spec.filter() != null && spec.filter().hasFilterRow();
  }

  /** The row being read (after {@link #beginRow}). */
  public byte[] row() {
    return row;
  }

  /**
   * Adds the row's next visible cells to {@code out} until the row ends (returns true) or the
   * next visible cell would exceed {@code maxCells} cells or {@code maxBytes} (returns false,
   * and more of the row certainly follows: call again to resume exactly there). At least one
   * cell is added whenever one is left, so every call makes progress.
   */
  public boolean readCells(MergingScanner in, int maxCells, long maxBytes, List<Cell> out)
      throws IOException {
    timedOut = false;
    long bytes = 0;
    int dropped = 0;
    if (pending != null) {
      out.add(pending);
      bytes += sizeOf(pending);
      pending = null;
    }
    Cell c;
    int rowStart = out.size();
    while ((c = in.peek()) != null && CellComparator.INSTANCE.compareRow(c, row) == 0) {
      if (filterSkipsRow) {
        in.reseek(CellKeys.firstOnRow(Bytes.add(row, ZERO)));
        continue;
      }
      in.next();
      boolean stable = in.lastCellStaysValid();
      Cell visible = match(c, !copyCells || stable);
      if (skipColumnOf != null) {
        Cell of = skipColumnOf;
        skipColumnOf = null;
        Cell next = in.peek();
        if (seek && next != null && CellComparator.INSTANCE.compareRow(next, row) == 0
            && sameFamily(next, of) && sameColumn(next, of)) {
          in.reseek(CellKeys.firstOnColumn(row, family, Bytes.add(qualifierOf(of), ZERO)));
        }
      }
      if (seekTo != null) {
        Cell target = seekTo;
        seekTo = null;
        // Only when the next cell is still short of the target: most often the run being
        // skipped is already over and a reseek would cost more than it saves.
        Cell next = in.peek();
        if (seek && next != null && CellComparator.INSTANCE.compare(next, target) < 0) {
          in.reseek(target);
        }
      }
      if (visible == null) {
        // A long run of cells the scan leaves out (a selective filter over a huge row) must not
        // hold a call past its time limit: stop between cells, the row still open, so the
        // server can answer with a heartbeat and go on from here on the next call.
        if (++dropped % 1024 == 0) {
          if (deadlineNanos != 0 && out.size() == rowStart && !needsWholeRows()
              && System.nanoTime() - deadlineNanos > 0) {
            timedOut = true;
            return false;
          }
          // A get, or a row filter that needs the whole row, cannot stop there and go on
          // later: past the client's timeout the call ends.
          CallDeadline.check();
        }
        continue;
      }
      if (out.size() >= maxCells || (bytes >= maxBytes && !out.isEmpty())) {
        // Handed out on the next call, perhaps after the reader shipped what it had: an in-place
        // cell from memory that may go back by then is copied.
        pending = copyCells || stable ? visible : KeyValue.deepCopy(visible);
        return false;
      }
      out.add(visible);
      bytes += sizeOf(visible);
    }
    Filter filter = spec.filter();
    if (filter != null && filter.hasFilterRow() && out.size() > rowStart) {
      List<Cell> rowCells = out.subList(rowStart, out.size());
      filter.filterRowCells(rowCells);
      if (filter.filterRow()) {
        rowCells.clear();
      }
    }
    return true;
  }

  /**
   * Lets {@link #readCells} stop inside a row once {@code System.nanoTime()} passes
   * {@code nanos} while it has kept nothing (0 turns it off); see {@link #timedOut()}.
   */
  public void setDeadline(long nanos) {
    this.deadlineNanos = nanos;
  }

  /** Whether the last {@link #readCells} stopped at the deadline rather than a limit. */
  public boolean timedOut() {
    return timedOut;
  }

  /** Bytes a result cell counts for against a size limit. */
  public static long sizeOf(Cell c) {
    return c.getValueLength() + c.getRowLength() + c.getFamilyLength()
        + c.getQualifierLength() + 12L;
  }

  /**
   * Updates the row state with {@code c}; returns it if the reader sees it, copied unless
   * {@code stable} says it stays valid as it is.
   */
  private Cell match(Cell c, boolean stable) {
    if (family == null
        || CellComparator.INSTANCE.compareFamily(c, family, 0, family.length) != 0) {
      family = familyOf(c);
      familyWanted = spec.wantsFamily(family);
      wantedQualifiers = spec.columns().get(family);
      ColumnFamilyDescriptor settings = families.apply(family);
      // Raw reads show versions beyond the family's limit that are still stored.
      maxVersions = spec.raw() ? spec.maxVersions() : settings == null ? 1
          : Math.min(spec.maxVersions(), settings.getMaxVersions());
      minVersions = settings == null ? 0 : settings.getMinVersions();
      oldestLive = settings == null || settings.getTimeToLive() == ColumnFamilyDescriptor.FOREVER
          ? Long.MIN_VALUE : nowMillis - settings.getTimeToLive() * 1000;
      minTimestamp = spec.minTimestamp(family);
      maxTimestamp = spec.maxTimestamp(family);
      familyDeleteTs = Long.MIN_VALUE;
      clear(familyVersionDeletes);
      hasPrevious = false;
    }
    if (!familyWanted) {
      if (family.length < CellLimits.MAX_FAMILY_LENGTH) {
        seekTo = KeyValue.of(row, Bytes.add(family, ZERO), Bytes.EMPTY,
            CellLimits.LATEST_TIMESTAMP, CellType.MAXIMUM, Bytes.EMPTY);
      }
      return null;
    }
    long ts = c.getTimestamp();
    CellType type = c.getType();
    if (!hasPrevious || CellComparator.INSTANCE.compareQualifier(c, previousQualifier, 0,
        previousQualifierLength) != 0) {
      columnDeleteTs = Long.MIN_VALUE;
      clear(versionDeletes);
      versions = 0;
      filterSkipsColumn = false;
      rememberColumn(c);
    } else if (previousTs == ts && previousType == type) {
      return null; // an older copy of the same key
    }
    previousTs = ts;
    previousType = type;
    if (spec.raw()) {
      // MINIMUM and MAXIMUM are seek keys and never stored.
      return type == CellType.MINIMUM || type == CellType.MAXIMUM ? null : emit(c, stable, ts);
    }
    switch (type) {
      case DELETE_FAMILY -> familyDeleteTs = Math.max(familyDeleteTs, ts);
      case DELETE_FAMILY_VERSION -> familyVersionDeletes = add(familyVersionDeletes, ts);
      case DELETE_COLUMN -> columnDeleteTs = Math.max(columnDeleteTs, ts);
      case DELETE -> versionDeletes = add(versionDeletes, ts);
      case PUT -> {
        if (ts <= familyDeleteTs || contains(familyVersionDeletes, ts) || ts <= columnDeleteTs
            || contains(versionDeletes, ts)) {
          return null;
        }
        if (ts < oldestLive && versions >= minVersions) {
          return null; // expired, and the column keeps enough newer versions
        }
        if (Tag.isExpired(c, nowMillis)) {
          return null; // its own TTL has passed; MIN_VERSIONS does not keep it
        }
        return emit(c, stable, ts);
      }
      default -> {
        // MINIMUM and MAXIMUM are seek keys and never stored.
      }
    }
    return keepMarkers && type.isDelete() ? (stable ? c : KeyValue.deepCopy(c)) : null;
  }

  /**
   * The checks every returned cell passes, in order: the time range, the column selection, the
   * versions left in its column, the filter. Returns the cell (copied unless {@code stable},
   * transformed by the filter) and counts it as a version, or null.
   */
  private Cell emit(Cell c, boolean stable, long ts) {
    if (ts < minTimestamp || ts >= maxTimestamp) {
      return null;
    }
    if (wantedQualifiers != null && !wantedQualifiers.isEmpty()) {
      byte[] qualifier = qualifierOf(c);
      if (!wantedQualifiers.contains(qualifier)) {
        seekToWantedColumn(qualifier);
        return null;
      }
    }
    java.util.function.Predicate<Cell> check = spec.cellCheck();
    if (check != null && !check.test(c)) {
      return null; // not this reader's to see: no version, and the filter never sees it
    }
    if (versions >= maxVersions || filterSkipsColumn) {
      seekPastColumn(c);
      return null;
    }
    Filter filter = spec.filter();
    if (filter != null) {
      switch (filter.filterCell(c)) {
        case INCLUDE -> { }
        case INCLUDE_AND_NEXT_COL -> filterSkipsColumn = true;
        case SKIP, SEEK_NEXT_USING_HINT -> {
          return null;
        }
        case NEXT_COL -> {
          filterSkipsColumn = true;
          return null;
        }
        case NEXT_ROW -> {
          filterSkipsRow = true;
          seekTo = CellKeys.firstOnRow(Bytes.add(row, ZERO));
          return null;
        }
        default -> throw new IllegalStateException("unknown filter return code");
      }
    }
    versions++;
    if (versions >= maxVersions || filterSkipsColumn) {
      seekPastColumn(c);
    }
    Cell kept = stable ? c : KeyValue.deepCopy(c);
    return filter == null ? kept : filter.transformCell(kept);
  }

  /**
   * Jumps over the rest of this column's versions and markers: they can only mask or be older
   * versions no one will see. Never out of the empty qualifier, whose later cells may be
   * family-wide delete markers that mask other columns.
   */
  private void seekPastColumn(Cell c) {
    if (c.getQualifierLength() > 0) {
      skipColumnOf = c;
    }
  }

  private static boolean sameFamily(Cell a, Cell b) {
    return CellComparator.INSTANCE.compareFamilies(a, b) == 0;
  }

  /** Jumps to the next asked-for column of the family, or to the next family. */
  private void seekToWantedColumn(byte[] qualifier) {
    if (qualifier.length == 0) {
      return;
    }
    byte[] next = wantedQualifiers.higher(qualifier);
    if (next != null) {
      seekTo = CellKeys.firstOnColumn(row, family, next);
    } else if (family.length < CellLimits.MAX_FAMILY_LENGTH) {
      seekTo = KeyValue.of(row, Bytes.add(family, ZERO), Bytes.EMPTY,
          CellLimits.LATEST_TIMESTAMP, CellType.MAXIMUM, Bytes.EMPTY);
    }
  }

  private static boolean sameColumn(Cell a, Cell b) {
    return CellComparator.INSTANCE.compareQualifiers(a, b) == 0;
  }

  private static Set<Long> add(Set<Long> set, long ts) {
    Set<Long> s = set != null ? set : new HashSet<>();
    s.add(ts);
    return s;
  }

  private static boolean contains(Set<Long> set, long ts) {
    return set != null && !set.isEmpty() && set.contains(ts);
  }

  private static void clear(Set<Long> set) {
    if (set != null) {
      set.clear();
    }
  }

  private void rememberColumn(Cell c) {
    int len = c.getQualifierLength();
    if (len > previousQualifier.length) {
      previousQualifier = new byte[Math.max(len, Math.max(16, previousQualifier.length * 2))];
    }
    if (c instanceof io.strata.common.cell.BufferKeyValue b) {
      b.getBuffer().get(b.getQualifierPosition(), previousQualifier, 0, len);
    } else {
      System.arraycopy(c.getQualifierArray(), c.getQualifierOffset(), previousQualifier, 0, len);
    }
    previousQualifierLength = len;
    hasPrevious = true;
  }

  /** The cell's family as one of the known names, or copied if it is none of them. */
  private byte[] familyOf(Cell c) {
    if (knownFamilies != null) {
      for (byte[] name : knownFamilies) {
        if (CellComparator.INSTANCE.compareFamily(c, name, 0, name.length) == 0) {
          return name;
        }
      }
    }
    return c instanceof io.strata.common.cell.BufferKeyValue ? c.getFamilyArray()
        : Bytes.copy(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
  }

  private static byte[] qualifierOf(Cell c) {
    return c instanceof io.strata.common.cell.BufferKeyValue ? c.getQualifierArray()
        : Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
  }
}
