package io.strata.common.cell;

import io.strata.common.util.Bytes;
import java.util.Arrays;

/**
 * Copies and comparisons of a cell's parts, with HBase's names and meanings: {@code cloneRow(c)}
 * rather than copying from array, offset and length by hand.
 *
 * <pre>{@code
 * for (Cell c : result.rawCells()) {
 *   String column = Bytes.toString(CellUtil.cloneFamily(c)) + ":"
 *       + Bytes.toString(CellUtil.cloneQualifier(c));
 *   String value = Bytes.toString(c.getValueArray(), c.getValueOffset(), c.getValueLength());
 *   if (CellUtil.matchingColumn(c, family, qualifier)) { ... }
 * }
 * }</pre>
 */
public final class CellUtil {
  private CellUtil() {}

  public static byte[] cloneRow(Cell c) {
    return copy(c.getRowArray(), c.getRowOffset(), c.getRowLength());
  }

  public static byte[] cloneFamily(Cell c) {
    return copy(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
  }

  public static byte[] cloneQualifier(Cell c) {
    return copy(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
  }

  public static byte[] cloneValue(Cell c) {
    return copy(c.getValueArray(), c.getValueOffset(), c.getValueLength());
  }

  public static byte[] cloneTags(Cell c) {
    return copy(c.getTagsArray(), c.getTagsOffset(), c.getTagsLength());
  }

  private static byte[] copy(byte[] a, int offset, int length) {
    return Arrays.copyOfRange(a, offset, offset + length);
  }

  /** Copies the row into {@code dest} at {@code offset}; returns the offset just after it. */
  public static int copyRowTo(Cell c, byte[] dest, int offset) {
    return copyTo(c.getRowArray(), c.getRowOffset(), c.getRowLength(), dest, offset);
  }

  /** Copies the family into {@code dest} at {@code offset}; returns the offset just after it. */
  public static int copyFamilyTo(Cell c, byte[] dest, int offset) {
    return copyTo(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength(), dest, offset);
  }

  /** Copies the qualifier into {@code dest} at {@code offset}; returns the offset after it. */
  public static int copyQualifierTo(Cell c, byte[] dest, int offset) {
    return copyTo(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength(), dest,
        offset);
  }

  /** Copies the value into {@code dest} at {@code offset}; returns the offset just after it. */
  public static int copyValueTo(Cell c, byte[] dest, int offset) {
    return copyTo(c.getValueArray(), c.getValueOffset(), c.getValueLength(), dest, offset);
  }

  private static int copyTo(byte[] a, int from, int length, byte[] dest, int offset) {
    System.arraycopy(a, from, dest, offset, length);
    return offset + length;
  }

  public static boolean matchingRows(Cell a, Cell b) {
    return Bytes.equals(a.getRowArray(), a.getRowOffset(), a.getRowLength(), b.getRowArray(),
        b.getRowOffset(), b.getRowLength());
  }

  public static boolean matchingRow(Cell c, byte[] row) {
    return Bytes.equals(c.getRowArray(), c.getRowOffset(), c.getRowLength(), row, 0,
        row.length);
  }

  /** As {@link #matchingRow}: HBase's other name for it. */
  public static boolean matchingRows(Cell c, byte[] row) {
    return matchingRow(c, row);
  }

  public static boolean matchingFamily(Cell a, Cell b) {
    return Bytes.equals(a.getFamilyArray(), a.getFamilyOffset(), a.getFamilyLength(),
        b.getFamilyArray(), b.getFamilyOffset(), b.getFamilyLength());
  }

  public static boolean matchingQualifier(Cell a, Cell b) {
    return Bytes.equals(a.getQualifierArray(), a.getQualifierOffset(), a.getQualifierLength(),
        b.getQualifierArray(), b.getQualifierOffset(), b.getQualifierLength());
  }

  public static boolean matchingColumn(Cell a, Cell b) {
    return matchingFamily(a, b) && matchingQualifier(a, b);
  }

  public static boolean matchingValue(Cell a, Cell b) {
    return Bytes.equals(a.getValueArray(), a.getValueOffset(), a.getValueLength(),
        b.getValueArray(), b.getValueOffset(), b.getValueLength());
  }

  public static boolean matchingTimestamp(Cell a, Cell b) {
    return a.getTimestamp() == b.getTimestamp();
  }

  /** Whether the cells have the same key: row, family, qualifier, timestamp and type. */
  public static boolean equals(Cell a, Cell b) {
    return matchingRows(a, b) && matchingColumn(a, b) && matchingTimestamp(a, b)
        && a.getType() == b.getType();
  }

  /** Whether the cell is a delete marker of any kind. */
  public static boolean isDelete(Cell c) {
    return c.getType().isDelete();
  }

  public static boolean isPut(Cell c) {
    return c.getType() == CellType.PUT;
  }

  /** The key as {@code row/family:qualifier/timestamp/TYPE} (PUT, DELETE_COLUMN, ...), bytes
   * outside printable ASCII escaped as {@code \xNN}. */
  public static String getCellKeyAsString(Cell c) {
    return Bytes.toStringBinary(c.getRowArray(), c.getRowOffset(), c.getRowLength()) + "/"
        + Bytes.toStringBinary(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength())
        + ":" + Bytes.toStringBinary(c.getQualifierArray(), c.getQualifierOffset(),
        c.getQualifierLength()) + "/" + c.getTimestamp() + "/" + c.getType();
  }

  /** The key as {@link #getCellKeyAsString}; with {@code verbose}, the value after "/". */
  public static String toString(Cell c, boolean verbose) {
    String key = getCellKeyAsString(c);
    return verbose ? key + "/" + Bytes.toStringBinary(c.getValueArray(), c.getValueOffset(),
        c.getValueLength()) : key;
  }

  public static boolean matchingFamily(Cell c, byte[] family) {
    return Bytes.equals(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength(), family, 0,
        family.length);
  }

  public static boolean matchingQualifier(Cell c, byte[] qualifier) {
    return Bytes.equals(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength(),
        qualifier, 0, qualifier.length);
  }

  public static boolean matchingColumn(Cell c, byte[] family, byte[] qualifier) {
    return matchingFamily(c, family) && matchingQualifier(c, qualifier);
  }

  public static boolean matchingValue(Cell c, byte[] value) {
    return Bytes.equals(c.getValueArray(), c.getValueOffset(), c.getValueLength(), value, 0,
        value.length);
  }

  /** Whether the cell's qualifier starts with {@code prefix}. */
  public static boolean qualifierStartsWith(Cell c, byte[] prefix) {
    return c.getQualifierLength() >= prefix.length && Bytes.equals(c.getQualifierArray(),
        c.getQualifierOffset(), prefix.length, prefix, 0, prefix.length);
  }
}
