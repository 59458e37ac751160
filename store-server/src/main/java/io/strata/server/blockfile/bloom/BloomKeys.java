package io.strata.server.blockfile.bloom;

import io.strata.common.cell.Cell;
import io.strata.common.schema.BloomType;
import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;

/**
 * What a bloom filter holds for a cell. ROW: the row bytes. ROWCOL: {@code row length u16 | row
 * | family length u8 | family | qualifier}, the key without timestamp and type. Keys compare in
 * cell order, so bloom chunks can be found by their first key.
 */
public final class BloomKeys {
  private BloomKeys() {}

  public static void write(BloomType type, Cell c, ByteOutput out) {
    if (type == BloomType.ROWCOL) {
      out.writeShort(c.getRowLength());
      out.write(c.getRowArray(), c.getRowOffset(), c.getRowLength());
      out.write(c.getFamilyLength());
      out.write(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
      out.write(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
    } else {
      out.write(c.getRowArray(), c.getRowOffset(), c.getRowLength());
    }
  }

  public static byte[] rowColKey(byte[] row, byte[] family, byte[] qualifier) {
    ByteOutput out = new ByteOutput(4 + row.length + family.length + qualifier.length);
    out.writeShort(row.length);
    out.write(row);
    out.write(family.length);
    out.write(family);
    out.write(qualifier);
    return out.toByteArray();
  }

  /** Compares two bloom keys of the given type in cell order. */
  public static int compare(BloomType type, byte[] a, int aOff, int aLen, byte[] b, int bOff,
      int bLen) {
    if (type != BloomType.ROWCOL) {
      return Bytes.compare(a, aOff, aLen, b, bOff, bLen);
    }
    int aRow = Bytes.toShort(a, aOff) & 0xFFFF;
    int bRow = Bytes.toShort(b, bOff) & 0xFFFF;
    int c = Bytes.compare(a, aOff + 2, aRow, b, bOff + 2, bRow);
    if (c != 0) {
      return c;
    }
    int aFam = a[aOff + 2 + aRow] & 0xFF;
    int bFam = b[bOff + 2 + bRow] & 0xFF;
    c = Bytes.compare(a, aOff + 3 + aRow, aFam, b, bOff + 3 + bRow, bFam);
    if (c != 0) {
      return c;
    }
    int aQ = aOff + 3 + aRow + aFam;
    int bQ = bOff + 3 + bRow + bFam;
    return Bytes.compare(a, aQ, aLen - (aQ - aOff), b, bQ, bLen - (bQ - bOff));
  }
}
