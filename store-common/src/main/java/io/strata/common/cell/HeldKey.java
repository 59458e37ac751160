package io.strata.common.cell;

import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;

/**
 * The key of the last cell a writer or a merge passed. A {@link KeyValue} is held as it is: its
 * bytes stay put while the file is written. Any other cell (one of arrays, one read in place
 * from direct memory, one a block decoder rebuilt) has its key copied into an array kept from
 * one cell to the next; copying the whole cell into a KeyValue, as before, copied its value too
 * (for 1,000-byte values, most of the cell) and made a kilobyte of garbage a cell. The held key
 * sorts exactly as the cell did ({@link CellComparator} compares keys only). Not thread-safe.
 */
public final class HeldKey {
  private final ByteOutput buf = new ByteOutput(64);
  /** The KeyValue given, or a key-only cell over {@link #buf}; null while nothing is held. */
  private Cell view;

  /** Holds the key of {@code c}, replacing the one held. */
  public void set(Cell c) {
    if (c instanceof KeyValue kv) {
      view = kv;
      return;
    }
    buf.reset();
    CellKeys.writeKey(c, buf);
    view = SplitCell.keyOnly(buf.array(), 0, buf.size());
  }

  public boolean isEmpty() {
    return view == null;
  }

  /**
   * The held key as a cell, or null while nothing is held: the KeyValue given, or a key-only
   * cell that changes with the next {@link #set} (copy it with {@link KeyValue#copyOf} to keep
   * it longer).
   */
  public Cell cell() {
    return view;
  }

  /** As {@link CellComparator#compare}(held, c); the held key must not be empty. */
  public int compareTo(Cell c) {
    return CellComparator.INSTANCE.compare(view, c);
  }

  /** {@code row/family:qualifier/timestamp/TYPE} with bytes escaped, or "none". */
  @Override
  public String toString() {
    if (view == null) {
      return "none";
    }
    return Bytes.toStringBinary(view.getRowArray(), view.getRowOffset(), view.getRowLength())
        + "/" + Bytes.toStringBinary(view.getFamilyArray(), view.getFamilyOffset(),
            view.getFamilyLength())
        + ":" + Bytes.toStringBinary(view.getQualifierArray(), view.getQualifierOffset(),
            view.getQualifierLength())
        + "/" + view.getTimestamp() + "/" + view.getType();
  }

  /** A copy of the held key's bytes (the key encoding). */
  public byte[] toByteArray() {
    return view instanceof KeyValue kv ? CellKeys.key(kv) : buf.toByteArray();
  }
}
