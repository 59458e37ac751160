package io.strata.common.cell;

import io.strata.common.util.ByteBuffers;
import io.strata.common.util.Bytes;
import java.util.Comparator;

/**
 * The one order of cells everywhere in Strata: row ascending, family ascending, qualifier
 * ascending (all as unsigned bytes), timestamp descending (newest first), then type code
 * descending, which puts deletes before puts at an equal timestamp. Value and tags do not take
 * part: two cells that differ only there compare equal.
 *
 * <p>Cells read in place from off-heap memory ({@link BufferKeyValue}) are compared where they
 * lie, never copied; the part methods here are how server code compares parts of any cell.
 */
public final class CellComparator implements Comparator<Cell> {
  public static final CellComparator INSTANCE = new CellComparator();

  // Key parts, for the part helpers CellKeys shares.
  static final int ROW = 0;
  static final int FAMILY = 1;
  static final int QUALIFIER = 2;

  private CellComparator() {}

  @Override
  public int compare(Cell a, Cell b) {
    if (a instanceof KeyValue x && b instanceof KeyValue y) {
      return compareKeyValues(x, y);
    }
    int c = compareRows(a, b);
    if (c != 0) {
      return c;
    }
    c = compareFamilies(a, b);
    if (c != 0) {
      return c;
    }
    c = compareQualifiers(a, b);
    if (c != 0) {
      return c;
    }
    c = Long.compare(b.getTimestamp(), a.getTimestamp());
    if (c != 0) {
      return c;
    }
    return Integer.compare(b.getType().code(), a.getType().code());
  }

  /**
   * As {@link #compare}, for two KeyValues (a memstore's cells, those of heap blocks): through
   * KeyValue's final accessors, which the JIT inlines. Through the Cell interface, which five
   * kinds of cell implement, each part was a call through an interface stub: a tenth of a
   * compaction's merge.
   */
  private static int compareKeyValues(KeyValue a, KeyValue b) {
    byte[] x = a.getBuffer();
    byte[] y = b.getBuffer();
    int c = Bytes.compare(x, a.getRowOffset(), a.getRowLength(), y, b.getRowOffset(),
        b.getRowLength());
    if (c != 0) {
      return c;
    }
    c = Bytes.compare(x, a.getFamilyOffset(), a.getFamilyLength(), y, b.getFamilyOffset(),
        b.getFamilyLength());
    if (c != 0) {
      return c;
    }
    c = Bytes.compare(x, a.getQualifierOffset(), a.getQualifierLength(), y,
        b.getQualifierOffset(), b.getQualifierLength());
    if (c != 0) {
      return c;
    }
    c = Long.compare(b.getTimestamp(), a.getTimestamp());
    if (c != 0) {
      return c;
    }
    return Integer.compare(b.typeCode(), a.typeCode());
  }

  public int compareRows(Cell a, Cell b) {
    if (a instanceof BufferKeyValue || b instanceof BufferKeyValue) {
      return comparePart(a, b, ROW);
    }
    return Bytes.compare(a.getRowArray(), a.getRowOffset(), a.getRowLength(),
        b.getRowArray(), b.getRowOffset(), b.getRowLength());
  }

  public int compareFamilies(Cell a, Cell b) {
    if (a instanceof BufferKeyValue || b instanceof BufferKeyValue) {
      return comparePart(a, b, FAMILY);
    }
    return Bytes.compare(a.getFamilyArray(), a.getFamilyOffset(), a.getFamilyLength(),
        b.getFamilyArray(), b.getFamilyOffset(), b.getFamilyLength());
  }

  public int compareQualifiers(Cell a, Cell b) {
    if (a instanceof BufferKeyValue || b instanceof BufferKeyValue) {
      return comparePart(a, b, QUALIFIER);
    }
    return Bytes.compare(a.getQualifierArray(), a.getQualifierOffset(), a.getQualifierLength(),
        b.getQualifierArray(), b.getQualifierOffset(), b.getQualifierLength());
  }

  public int compareRow(Cell a, byte[] row) {
    return compareRow(a, row, 0, row.length);
  }

  public int compareRow(Cell a, byte[] row, int offset, int length) {
    if (a instanceof BufferKeyValue x) {
      return ByteBuffers.compare(x.getBuffer(), x.getRowPosition(), x.getRowLength(), row, offset,
          length);
    }
    return Bytes.compare(a.getRowArray(), a.getRowOffset(), a.getRowLength(), row, offset,
        length);
  }

  public int compareFamily(Cell a, byte[] family, int offset, int length) {
    if (a instanceof BufferKeyValue x) {
      return ByteBuffers.compare(x.getBuffer(), x.getFamilyPosition(), x.getFamilyLength(),
          family, offset, length);
    }
    return Bytes.compare(a.getFamilyArray(), a.getFamilyOffset(), a.getFamilyLength(), family,
        offset, length);
  }

  public int compareQualifier(Cell a, byte[] qualifier, int offset, int length) {
    if (a instanceof BufferKeyValue x) {
      return ByteBuffers.compare(x.getBuffer(), x.getQualifierPosition(),
          x.getQualifierLength(), qualifier, offset, length);
    }
    return Bytes.compare(a.getQualifierArray(), a.getQualifierOffset(), a.getQualifierLength(),
        qualifier, offset, length);
  }

  /** One part of two cells where at least one lives in a buffer. */
  private static int comparePart(Cell a, Cell b, int part) {
    if (!(a instanceof BufferKeyValue x)) {
      return -comparePart(b, a, part);
    }
    int pos = position(x, part);
    int len = length(x, part);
    if (b instanceof BufferKeyValue y) {
      return ByteBuffers.compare(x.getBuffer(), pos, len, y.getBuffer(), position(y, part),
          length(y, part));
    }
    return switch (part) {
      case ROW -> ByteBuffers.compare(x.getBuffer(), pos, len, b.getRowArray(), b.getRowOffset(),
          b.getRowLength());
      case FAMILY -> ByteBuffers.compare(x.getBuffer(), pos, len, b.getFamilyArray(),
          b.getFamilyOffset(), b.getFamilyLength());
      default -> ByteBuffers.compare(x.getBuffer(), pos, len, b.getQualifierArray(),
          b.getQualifierOffset(), b.getQualifierLength());
    };
  }

  static int position(BufferKeyValue c, int part) {
    return switch (part) {
      case ROW -> c.getRowPosition();
      case FAMILY -> c.getFamilyPosition();
      default -> c.getQualifierPosition();
    };
  }

  static int length(Cell c, int part) {
    return switch (part) {
      case ROW -> c.getRowLength();
      case FAMILY -> c.getFamilyLength();
      default -> c.getQualifierLength();
    };
  }
}
