package io.strata.common.cell;

import io.strata.common.util.Bytes;
import java.util.List;

/**
 * A cell held in one byte array in the key encoding of docs/formats/key-encoding.md (version
 * {@value #ENCODING_VERSION}):
 *
 * <pre>
 *   +-----------+-------------+------------------------------------------+-------+----------+------+
 *   | key len   | value len   | key                                      | value | tags len | tags |
 *   | u32       | u32         | rowlen u16|row|famlen u8|fam|qual|ts i64|type u8 |  u16     |      |
 *   +-----------+-------------+------------------------------------------+-------+----------+------+
 * </pre>
 *
 * All integers are big-endian. The qualifier has no length field: it is what the key length
 * leaves after the other parts.
 *
 * <p>Open for extension only so the server's memstore can keep a cell and its write number in
 * one object (a skip-list search then follows one reference fewer per comparison); every method
 * but {@link #toString()} is final, so a subclass changes no behaviour of the cell.
 */
public class KeyValue implements Cell {
  /** Version of the key encoding; block files and WAL entries record which one they hold. */
  public static final int ENCODING_VERSION = 1;

  private static final int ROW_OFFSET = 8;

  private final byte[] bytes;
  private final int offset;
  private final int length;
  // Derived once: every accessor below is a hot path for comparators.
  private final int keyLength;
  private final int rowLength;
  private final int familyLength;

  private KeyValue(byte[] bytes, int offset, int length, int keyLength, int rowLength,
      int familyLength) {
    this.bytes = bytes;
    this.offset = offset;
    this.length = length;
    this.keyLength = keyLength;
    this.rowLength = rowLength;
    this.familyLength = familyLength;
  }

  /**
   * A view of a cell this class encoded at {@code offset}, for subclasses holding cells the
   * server encoded itself: the lengths are read, not checked (use {@link #decode} for anything
   * read from outside).
   */
  protected KeyValue(byte[] bytes, int offset, int length) {
    int rowLen = Bytes.toShort(bytes, offset + ROW_OFFSET) & 0xFFFF;
    this.bytes = bytes;
    this.offset = offset;
    this.length = length;
    this.keyLength = Bytes.toInt(bytes, offset);
    this.rowLength = rowLen;
    this.familyLength = bytes[offset + ROW_OFFSET + 2 + rowLen] & 0xFF;
  }

  /** Another view of the cell {@code same} views, its lengths taken rather than read again. */
  protected KeyValue(KeyValue same) {
    this(same.bytes, same.offset, same.length, same.keyLength, same.rowLength,
        same.familyLength);
  }

  public static KeyValue of(byte[] row, byte[] family, byte[] qualifier, long timestamp,
      CellType type, byte[] value) {
    return of(row, family, qualifier, timestamp, type, value, List.of());
  }

  public static KeyValue of(byte[] row, byte[] family, byte[] qualifier, long timestamp,
      CellType type, byte[] value, List<Tag> tags) {
    byte[] encodedTags = Tag.encode(tags);
    return of(row, 0, row.length, family, 0, family.length, qualifier, 0, qualifier.length,
        timestamp, type, value, 0, value.length, encodedTags, 0, encodedTags.length);
  }

  /**
   * Copies the cell's parts into a new KeyValue; returns it unchanged if it already is one (which
   * may still point into shared memory: see {@link #deepCopy}).
   */
  public static KeyValue copyOf(Cell c) {
    if (c instanceof KeyValue kv) {
      return kv;
    }
    if (c instanceof BufferKeyValue bkv) {
      return bkv.toKeyValue();
    }
    return of(c.getRowArray(), c.getRowOffset(), c.getRowLength(), c.getFamilyArray(),
        c.getFamilyOffset(), c.getFamilyLength(), c.getQualifierArray(), c.getQualifierOffset(),
        c.getQualifierLength(), c.getTimestamp(), c.getType(), c.getValueArray(),
        c.getValueOffset(), c.getValueLength(), c.getTagsArray(), c.getTagsOffset(),
        c.getTagsLength());
  }

  /**
   * A copy of {@code c} in an array of its own with another timestamp and tags (for example the
   * server's clock for LATEST, and a mutation's TTL tag).
   */
  public static KeyValue copyOf(Cell c, long timestamp, List<Tag> tags) {
    byte[] encodedTags = Tag.encode(tags);
    return of(c.getRowArray(), c.getRowOffset(), c.getRowLength(), c.getFamilyArray(),
        c.getFamilyOffset(), c.getFamilyLength(), c.getQualifierArray(), c.getQualifierOffset(),
        c.getQualifierLength(), timestamp, c.getType(), c.getValueArray(), c.getValueOffset(),
        c.getValueLength(), encodedTags, 0, encodedTags.length);
  }

  /** A KeyValue in an array of its own, whatever memory {@code c} points into. */
  public static KeyValue deepCopy(Cell c) {
    if (c instanceof KeyValue kv) {
      return decode(Bytes.copy(kv.bytes, kv.offset, kv.length), 0, kv.length);
    }
    return copyOf(c);
  }

  static KeyValue of(byte[] row, int rowOff, int rowLen, byte[] fam, int famOff, int famLen,
      byte[] qual, int qualOff, int qualLen, long ts, CellType type, byte[] value, int valOff,
      int valLen, byte[] tags, int tagsOff, int tagsLen) {
    byte[] b = new byte[checkedLength(rowLen, famLen, qualLen, valLen, tagsLen)];
    encode(b, 0, row, rowOff, rowLen, fam, famOff, famLen, qual, qualOff, qualLen, ts, type,
        value, valOff, valLen, tags, tagsOff, tagsLen);
    return new KeyValue(b, 0, b.length, CellLimits.KEY_INFRASTRUCTURE_SIZE + rowLen + famLen
        + qualLen, rowLen, famLen);
  }

  /**
   * Bytes {@code c} takes in the key encoding with {@code tagsLength} bytes of tags in place of
   * its own; IllegalArgumentException if that is more than a cell may take.
   */
  public static int encodedLength(Cell c, int tagsLength) {
    return checkedLength(c.getRowLength(), c.getFamilyLength(), c.getQualifierLength(),
        c.getValueLength(), tagsLength);
  }

  /**
   * Bytes of a cell of parts this long in the key encoding; IllegalArgumentException naming
   * the part when one is longer than the encoding allows, or the cell would pass 2 GiB.
   */
  static int checkedLength(int rowLen, int famLen, int qualLen, int valLen, int tagsLen) {
    if (rowLen > CellLimits.MAX_ROW_LENGTH) {
      throw new IllegalArgumentException("row is " + rowLen + " bytes; the limit is "
          + CellLimits.MAX_ROW_LENGTH + " bytes: use a shorter row key");
    }
    if (famLen > CellLimits.MAX_FAMILY_LENGTH) {
      throw new IllegalArgumentException("family is " + famLen + " bytes; the limit is "
          + CellLimits.MAX_FAMILY_LENGTH + " bytes");
    }
    if (tagsLen > CellLimits.MAX_TAGS_LENGTH) {
      throw new IllegalArgumentException("tags take " + tagsLen + " bytes; the limit is "
          + CellLimits.MAX_TAGS_LENGTH + " bytes");
    }
    long total = 8L + CellLimits.KEY_INFRASTRUCTURE_SIZE + rowLen + famLen + qualLen + valLen + 2
        + tagsLen;
    if (total > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("cell of " + total + " bytes is larger than 2 GiB");
    }
    return (int) total;
  }

  /**
   * Copies this cell's encoding into {@code target} from {@code offset} ({@link #getLength}
   * bytes) with its timestamp replaced by {@code timestamp}: one copy of the whole cell, for a
   * memstore that stamps a cell as it copies it and keeps its tags.
   */
  public void copyInto(byte[] target, int offset, long timestamp) {
    System.arraycopy(bytes, this.offset, target, offset, length);
    Bytes.putLong(target, offset + ROW_OFFSET + keyLength - 9, timestamp);
  }

  /**
   * Writes {@code c} with timestamp {@code timestamp} and the encoded tags at
   * {@code tags[tagsOffset, tagsOffset + tagsLength)} in place of its own into {@code target}
   * from {@code offset}: {@link #encodedLength} bytes, which the caller has made room for. For a
   * memstore that copies a cell into its own memory as it stamps it.
   */
  public static void encodeInto(byte[] target, int offset, Cell c, long timestamp, byte[] tags,
      int tagsOffset, int tagsLength) {
    encode(target, offset, c.getRowArray(), c.getRowOffset(), c.getRowLength(),
        c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength(), c.getQualifierArray(),
        c.getQualifierOffset(), c.getQualifierLength(), timestamp, c.getType(),
        c.getValueArray(), c.getValueOffset(), c.getValueLength(), tags, tagsOffset, tagsLength);
  }

  private static void encode(byte[] b, int p, byte[] row, int rowOff, int rowLen, byte[] fam,
      int famOff, int famLen, byte[] qual, int qualOff, int qualLen, long ts, CellType type,
      byte[] value, int valOff, int valLen, byte[] tags, int tagsOff, int tagsLen) {
    p = writeHeader(b, p, row, rowOff, rowLen, fam, famOff, famLen, qual, qualOff, qualLen, ts,
        type, valLen);
    System.arraycopy(value, valOff, b, p, valLen);
    p += valLen;
    Bytes.putShort(b, p, (short) tagsLen);
    System.arraycopy(tags, tagsOff, b, p + 2, tagsLen);
  }

  /**
   * Writes an encoded cell's two lengths and its key at {@code b[p]}; returns where its value
   * goes.
   */
  static int writeHeader(byte[] b, int p, byte[] row, int rowOff, int rowLen, byte[] fam,
      int famOff, int famLen, byte[] qual, int qualOff, int qualLen, long ts, CellType type,
      int valLen) {
    // Written here, not with Bytes.put*: a client encodes every request's cells under C1,
    // which called each of those, with its range check, out of line (a tenth of pe's thread).
    // Not through a helper either: one writing four bytes is 36 bytes of bytecode, and C1
    // inlines only up to 35.
    int keyLen = CellLimits.KEY_INFRASTRUCTURE_SIZE + rowLen + famLen + qualLen;
    b[p] = (byte) (keyLen >>> 24);
    b[p + 1] = (byte) (keyLen >>> 16);
    b[p + 2] = (byte) (keyLen >>> 8);
    b[p + 3] = (byte) keyLen;
    b[p + 4] = (byte) (valLen >>> 24);
    b[p + 5] = (byte) (valLen >>> 16);
    b[p + 6] = (byte) (valLen >>> 8);
    b[p + 7] = (byte) valLen;
    p += ROW_OFFSET;
    b[p] = (byte) (rowLen >>> 8);
    b[p + 1] = (byte) rowLen;
    System.arraycopy(row, rowOff, b, p + 2, rowLen);
    p += 2 + rowLen;
    b[p] = (byte) famLen;
    System.arraycopy(fam, famOff, b, p + 1, famLen);
    p += 1 + famLen;
    System.arraycopy(qual, qualOff, b, p, qualLen);
    p += qualLen;
    int high = (int) (ts >>> 32);
    int low = (int) ts;
    b[p] = (byte) (high >>> 24);
    b[p + 1] = (byte) (high >>> 16);
    b[p + 2] = (byte) (high >>> 8);
    b[p + 3] = (byte) high;
    b[p + 4] = (byte) (low >>> 24);
    b[p + 5] = (byte) (low >>> 16);
    b[p + 6] = (byte) (low >>> 8);
    b[p + 7] = (byte) low;
    b[p + 8] = (byte) type.code();
    return p + 9;
  }

  /**
   * Reads one encoded cell starting at {@code offset}, using at most {@code limit - offset}
   * bytes. Every length is checked against what is available, so corrupt input raises an error
   * naming the offset instead of reading past the cell. The array is not copied.
   */
  public static KeyValue decode(byte[] bytes, int offset, int limit) {
    int avail = limit - offset;
    if (avail < 8) {
      throw corrupt(offset, "only " + avail + " bytes left for an 8-byte cell header");
    }
    int keyLen = Bytes.toInt(bytes, offset);
    int valLen = Bytes.toInt(bytes, offset + 4);
    checkLengths(offset, avail, keyLen, valLen);
    int rowLen = Bytes.toShort(bytes, offset + ROW_OFFSET) & 0xFFFF;
    int famLen = rowLen > keyLen - CellLimits.KEY_INFRASTRUCTURE_SIZE ? 0
        : bytes[offset + ROW_OFFSET + 2 + rowLen] & 0xFF;
    int typeCode = bytes[offset + ROW_OFFSET + keyLen - 1] & 0xFF;
    int tagsLen = Bytes.toShort(bytes, offset + 8 + keyLen + valLen) & 0xFFFF;
    int total = checkParts(offset, avail, keyLen, valLen, rowLen, famLen, typeCode, tagsLen);
    return new KeyValue(bytes, offset, total, keyLen, rowLen, famLen);
  }

  /** Checks the header's lengths against the {@code avail} bytes there are. */
  static void checkLengths(int offset, int avail, int keyLen, int valLen) {
    if (keyLen < CellLimits.KEY_INFRASTRUCTURE_SIZE || valLen < 0) {
      throw corrupt(offset, "key length " + keyLen + ", value length " + valLen);
    }
    long needed = 8L + keyLen + valLen + 2;
    if (needed > avail) {
      throw corrupt(offset, "cell needs " + needed + " bytes but " + avail + " remain");
    }
  }

  /**
   * Checks the parts read after {@link #checkLengths} passed (a family length read past the key
   * is given as 0; the row length check fails first); returns the cell's encoded length.
   */
  static int checkParts(int offset, int avail, int keyLen, int valLen, int rowLen, int famLen,
      int typeCode, int tagsLen) {
    if (rowLen > keyLen - CellLimits.KEY_INFRASTRUCTURE_SIZE) {
      throw corrupt(offset, "row length " + rowLen + " exceeds key length " + keyLen);
    }
    if (rowLen + famLen > keyLen - CellLimits.KEY_INFRASTRUCTURE_SIZE) {
      throw corrupt(offset, "family length " + famLen + " exceeds key length " + keyLen);
    }
    try {
      CellType.fromCode(typeCode);
    } catch (IllegalArgumentException e) {
      throw corrupt(offset, e.getMessage());
    }
    long total = 8L + keyLen + valLen + 2 + tagsLen;
    if (total > avail) {
      throw corrupt(offset, "tags length " + tagsLen + " runs past the end of the data");
    }
    return (int) total;
  }

  static IllegalArgumentException corrupt(int offset, String detail) {
    return new IllegalArgumentException("malformed cell at offset " + offset + ": " + detail);
  }

  /** The backing array; the cell occupies {@link #getOffset()} .. + {@link #getLength()}. */
  public final byte[] getBuffer() {
    return bytes;
  }

  public final int getOffset() {
    return offset;
  }

  /** Encoded size in bytes. */
  public final int getLength() {
    return length;
  }

  public final int getKeyOffset() {
    return offset + ROW_OFFSET;
  }

  public final int getKeyLength() {
    return keyLength;
  }

  @Override
  public final byte[] getRowArray() {
    return bytes;
  }

  @Override
  public final int getRowOffset() {
    return offset + ROW_OFFSET + 2;
  }

  @Override
  public final int getRowLength() {
    return rowLength;
  }

  @Override
  public final byte[] getFamilyArray() {
    return bytes;
  }

  @Override
  public final int getFamilyOffset() {
    return getRowOffset() + rowLength + 1;
  }

  @Override
  public final int getFamilyLength() {
    return familyLength;
  }

  @Override
  public final byte[] getQualifierArray() {
    return bytes;
  }

  @Override
  public final int getQualifierOffset() {
    return getFamilyOffset() + familyLength;
  }

  @Override
  public final int getQualifierLength() {
    return keyLength - CellLimits.KEY_INFRASTRUCTURE_SIZE - rowLength - familyLength;
  }

  @Override
  public final long getTimestamp() {
    return Bytes.toLong(bytes, offset + ROW_OFFSET + keyLength - 9);
  }

  /** The type's code as stored: what {@link CellComparator} orders by, not decoded. */
  final int typeCode() {
    return bytes[offset + ROW_OFFSET + keyLength - 1] & 0xFF;
  }

  @Override
  public final CellType getType() {
    return CellType.fromCode(typeCode());
  }

  @Override
  public final byte[] getValueArray() {
    return bytes;
  }

  @Override
  public final int getValueOffset() {
    return offset + ROW_OFFSET + keyLength;
  }

  @Override
  public final int getValueLength() {
    return Bytes.toInt(bytes, offset + 4);
  }

  @Override
  public final byte[] getTagsArray() {
    return bytes;
  }

  @Override
  public final int getTagsOffset() {
    return getValueOffset() + getValueLength() + 2;
  }

  @Override
  public final int getTagsLength() {
    return Bytes.toShort(bytes, getValueOffset() + getValueLength()) & 0xFFFF;
  }

  public final List<Tag> getTags() {
    return Tag.decode(bytes, getTagsOffset(), getTagsLength());
  }

  @Override
  public final boolean equals(Object o) {
    if (!(o instanceof KeyValue other)) {
      return false;
    }
    return Bytes.equals(bytes, offset, length, other.bytes, other.offset, other.length);
  }

  @Override
  public final int hashCode() {
    return Bytes.hashCode(bytes, offset, length);
  }

  /** {@code row/family:qualifier/timestamp/TYPE/vlen=N} with bytes escaped. */
  @Override
  public String toString() {
    return CellUtil.getCellKeyAsString(this) + "/vlen=" + getValueLength();
  }
}
