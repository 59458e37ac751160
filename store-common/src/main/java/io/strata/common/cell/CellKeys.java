package io.strata.common.cell;

import io.strata.common.util.ByteBuffers;
import io.strata.common.util.Bytes;
import java.nio.ByteBuffer;
import io.strata.common.util.ByteOutput;

/**
 * The key part of a cell on its own ({@code rowlen u16 | row | famlen u8 | family | qualifier |
 * timestamp i64 | type u8}, docs/formats/key-encoding.md): block indexes and file bounds store
 * keys in this form.
 */
public final class CellKeys {
  private CellKeys() {}

  public static int keyLength(Cell c) {
    return CellLimits.KEY_INFRASTRUCTURE_SIZE + c.getRowLength() + c.getFamilyLength()
        + c.getQualifierLength();
  }

  /** Bytes of the whole cell in the key encoding: lengths, key, value and tags. */
  public static int cellLength(Cell c) {
    return 8 + keyLength(c) + c.getValueLength() + 2 + c.getTagsLength();
  }

  /** Length of the key without timestamp and type: the part cells of one column share. */
  public static int keyPrefixLength(Cell c) {
    return keyLength(c) - 9;
  }

  /** Appends the cell's key in the key encoding; one copy where the cell already holds it so. */
  public static void writeKey(Cell c, ByteOutput out) {
    if (c instanceof KeyValue kv) {
      out.write(kv.getBuffer(), kv.getKeyOffset(), kv.getKeyLength());
      return;
    }
    if (c instanceof SplitCell sc) {
      out.write(sc.getKeyArray(), sc.getKeyOffset(), sc.getKeyLength());
      return;
    }
    if (c instanceof BufferKeyValue bkv) {
      out.write(bkv.getBuffer(), bkv.getKeyPosition(), bkv.getKeyLength());
      return;
    }
    out.writeShort(c.getRowLength());
    out.write(c.getRowArray(), c.getRowOffset(), c.getRowLength());
    out.write(c.getFamilyLength());
    out.write(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
    out.write(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
    out.writeLong(c.getTimestamp());
    out.write(c.getType().code());
  }

  /** Writes the whole cell in the key encoding: lengths, key, value, tags. */
  public static void writeCell(Cell c, ByteOutput out) {
    if (c instanceof KeyValue kv) {
      out.write(kv.getBuffer(), kv.getOffset(), kv.getLength());
      return;
    }
    if (c instanceof BufferKeyValue bkv) {
      out.write(bkv.getBuffer(), bkv.getOffset(), bkv.getLength());
      return;
    }
    out.writeInt(keyLength(c));
    out.writeInt(c.getValueLength());
    writeKey(c, out);
    out.write(c.getValueArray(), c.getValueOffset(), c.getValueLength());
    out.writeShort(c.getTagsLength());
    out.write(c.getTagsArray(), c.getTagsOffset(), c.getTagsLength());
  }

  /**
   * Writes the cell in the key encoding with an empty tags area (tags length 0): the form the
   * server answers clients with, since tags are server-side metadata.
   */
  public static void writeCellWithoutTags(Cell c, ByteOutput out) {
    int tags = c.getTagsLength();
    if (tags == 0) {
      writeCell(c, out);
      return;
    }
    if (c instanceof KeyValue kv) {
      out.write(kv.getBuffer(), kv.getOffset(), kv.getLength() - tags - 2);
    } else if (c instanceof BufferKeyValue bkv) {
      out.write(bkv.getBuffer(), bkv.getOffset(), bkv.getLength() - tags - 2);
    } else {
      out.writeInt(keyLength(c));
      out.writeInt(c.getValueLength());
      writeKey(c, out);
      out.write(c.getValueArray(), c.getValueOffset(), c.getValueLength());
    }
    out.writeShort(0);
  }

  public static byte[] key(Cell c) {
    if (c instanceof KeyValue kv) {
      return Bytes.copy(kv.getBuffer(), kv.getKeyOffset(), kv.getKeyLength());
    }
    ByteOutput out = new ByteOutput(keyLength(c));
    writeKey(c, out);
    return out.toByteArray();
  }

  /** A cell view of a stored key: the value and tags are empty. */
  public static SplitCell keyOnly(byte[] key) {
    return SplitCell.keyOnly(key, 0, key.length);
  }

  /** The smallest key of {@code row}: sorts before every real cell of the row. */
  public static KeyValue firstOnRow(byte[] row) {
    return KeyValue.of(row, Bytes.EMPTY, Bytes.EMPTY, CellLimits.LATEST_TIMESTAMP, CellType.MAXIMUM,
        Bytes.EMPTY);
  }

  /**
   * As {@link #firstOnRow} without encoding a key: a view over {@code row}, which must not change
   * while the key is used. For seeks on the read path.
   */
  public static Cell firstOnRowView(byte[] row) {
    return new FirstOnRow(row);
  }

  /** The smallest key of a column: sorts before every real cell of that column. */
  public static KeyValue firstOnColumn(byte[] row, byte[] family, byte[] qualifier) {
    return KeyValue.of(row, family, qualifier, CellLimits.LATEST_TIMESTAMP, CellType.MAXIMUM,
        Bytes.EMPTY);
  }

  /**
   * Compares the well-formed key at {@code buf[keyPos, keyPos + keyLength)} (absolute indexes)
   * with the key of {@code c}, in {@link CellComparator}'s order, reading both in place: how
   * decoders skip cells without creating them.
   */
  public static int compareKey(ByteBuffer buf, int keyPos, int keyLength, Cell c) {
    int rowLen = ByteBuffers.getUnsignedShort(buf, keyPos);
    int p = keyPos + 2;
    int cmp = comparePart(buf, p, rowLen, c, CellComparator.ROW);
    if (cmp != 0) {
      return cmp;
    }
    p += rowLen;
    int famLen = buf.get(p) & 0xFF;
    p++;
    cmp = comparePart(buf, p, famLen, c, CellComparator.FAMILY);
    if (cmp != 0) {
      return cmp;
    }
    p += famLen;
    int tsPos = keyPos + keyLength - 9;
    cmp = comparePart(buf, p, tsPos - p, c, CellComparator.QUALIFIER);
    if (cmp != 0) {
      return cmp;
    }
    cmp = Long.compare(c.getTimestamp(), ByteBuffers.getLong(buf, tsPos));
    if (cmp != 0) {
      return cmp;
    }
    return Integer.compare(c.getType().code(), buf.get(tsPos + 8) & 0xFF);
  }

  /** Compares the row of the well-formed key at {@code buf[keyPos..]} with the row of {@code c}. */
  public static int compareRowOfKey(ByteBuffer buf, int keyPos, Cell c) {
    return comparePart(buf, keyPos + 2, ByteBuffers.getUnsignedShort(buf, keyPos), c,
        CellComparator.ROW);
  }

  private static int comparePart(ByteBuffer buf, int pos, int len, Cell c, int part) {
    if (c instanceof BufferKeyValue b) {
      return ByteBuffers.compare(buf, pos, len, b.getBuffer(), CellComparator.position(b, part),
          CellComparator.length(b, part));
    }
    return switch (part) {
      case CellComparator.ROW -> ByteBuffers.compare(buf, pos, len, c.getRowArray(),
          c.getRowOffset(), c.getRowLength());
      case CellComparator.FAMILY -> ByteBuffers.compare(buf, pos, len, c.getFamilyArray(),
          c.getFamilyOffset(), c.getFamilyLength());
      default -> ByteBuffers.compare(buf, pos, len, c.getQualifierArray(),
          c.getQualifierOffset(), c.getQualifierLength());
    };
  }
}
