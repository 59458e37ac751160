package io.strata.common.cell;

import io.strata.common.util.Bytes;
import java.util.Arrays;

/**
 * Copies and comparisons of a cell's parts, with HBase's names: {@code cloneRow(c)} rather than
 * copying from array, offset and length by hand.
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

  public static boolean matchingRows(Cell a, Cell b) {
    return Bytes.equals(a.getRowArray(), a.getRowOffset(), a.getRowLength(), b.getRowArray(),
        b.getRowOffset(), b.getRowLength());
  }

  public static boolean matchingRow(Cell c, byte[] row) {
    return Bytes.equals(c.getRowArray(), c.getRowOffset(), c.getRowLength(), row, 0,
        row.length);
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
