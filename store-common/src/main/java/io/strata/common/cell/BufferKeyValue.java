package io.strata.common.cell;

import io.strata.common.util.ByteBuffers;
import io.strata.common.util.Bytes;
import java.nio.ByteBuffer;

/**
 * A cell in the key encoding of {@link KeyValue}, read in place from a {@link ByteBuffer}: what
 * a block decoded straight from off-heap cache memory yields. Comparators and the server's
 * matching read its parts through the {@code *Position} accessors without copying. The
 * {@code get*Array} accessors of {@link Cell} return a fresh copy of the part (offset 0): correct
 * for code that only knows arrays, but each call allocates.
 *
 * <p>The buffer is not copied: the cell is valid only while its holder keeps the memory from
 * reuse (a reference-counted cache slot), and must be copied ({@link KeyValue#copyOf}) to be
 * kept longer.
 */
public final class BufferKeyValue implements Cell {
  private static final int ROW_OFFSET = 8;

  private final ByteBuffer buf;
  private final int offset;
  private final int length;
  private final int keyLength;
  private final int rowLength;
  private final int familyLength;

  private BufferKeyValue(ByteBuffer buf, int offset, int length, int keyLength, int rowLength,
      int familyLength) {
    this.buf = buf;
    this.offset = offset;
    this.length = length;
    this.keyLength = keyLength;
    this.rowLength = rowLength;
    this.familyLength = familyLength;
  }

  /**
   * Reads one encoded cell at absolute index {@code offset} of {@code buf}, using no bytes at or
   * past {@code limit}. Checks every length as {@link KeyValue#decode} does; nothing is copied.
   */
  public static BufferKeyValue decode(ByteBuffer buf, int offset, int limit) {
    int total = validate(buf, offset, limit);
    int keyLen = ByteBuffers.getInt(buf, offset);
    int rowLen = ByteBuffers.getUnsignedShort(buf, offset + ROW_OFFSET);
    int famLen = buf.get(offset + ROW_OFFSET + 2 + rowLen) & 0xFF;
    return new BufferKeyValue(buf, offset, total, keyLen, rowLen, famLen);
  }

  /**
   * Checks the encoded cell at {@code offset} as {@link #decode} does, without creating it;
   * returns its encoded length. Malformed bytes raise IllegalArgumentException naming the offset.
   */
  public static int validate(ByteBuffer buf, int offset, int limit) {
    int avail = limit - offset;
    if (avail < 8) {
      throw KeyValue.corrupt(offset, "only " + avail + " bytes left for an 8-byte cell header");
    }
    int keyLen = ByteBuffers.getInt(buf, offset);
    int valLen = ByteBuffers.getInt(buf, offset + 4);
    KeyValue.checkLengths(offset, avail, keyLen, valLen);
    int rowLen = ByteBuffers.getUnsignedShort(buf, offset + ROW_OFFSET);
    int famLen = rowLen > keyLen - CellLimits.KEY_INFRASTRUCTURE_SIZE ? 0
        : buf.get(offset + ROW_OFFSET + 2 + rowLen) & 0xFF;
    int typeCode = buf.get(offset + ROW_OFFSET + keyLen - 1) & 0xFF;
    int tagsLen = ByteBuffers.getUnsignedShort(buf, offset + 8 + keyLen + valLen);
    return KeyValue.checkParts(offset, avail, keyLen, valLen, rowLen, famLen, typeCode, tagsLen);
  }

  /** The buffer the cell lives in; it occupies {@link #getOffset()} .. + {@link #getLength()}. */
  public ByteBuffer getBuffer() {
    return buf;
  }

  public int getOffset() {
    return offset;
  }

  public int getLength() {
    return length;
  }

  public int getKeyPosition() {
    return offset + ROW_OFFSET;
  }

  public int getKeyLength() {
    return keyLength;
  }

  public int getRowPosition() {
    return offset + ROW_OFFSET + 2;
  }

  public int getFamilyPosition() {
    return getRowPosition() + rowLength + 1;
  }

  public int getQualifierPosition() {
    return getFamilyPosition() + familyLength;
  }

  public int getValuePosition() {
    return offset + ROW_OFFSET + keyLength;
  }

  public int getTagsPosition() {
    return getValuePosition() + getValueLength() + 2;
  }

  @Override
  public byte[] getRowArray() {
    return ByteBuffers.copy(buf, getRowPosition(), rowLength);
  }

  @Override
  public int getRowOffset() {
    return 0;
  }

  @Override
  public int getRowLength() {
    return rowLength;
  }

  @Override
  public byte[] getFamilyArray() {
    return ByteBuffers.copy(buf, getFamilyPosition(), familyLength);
  }

  @Override
  public int getFamilyOffset() {
    return 0;
  }

  @Override
  public int getFamilyLength() {
    return familyLength;
  }

  @Override
  public byte[] getQualifierArray() {
    return ByteBuffers.copy(buf, getQualifierPosition(), getQualifierLength());
  }

  @Override
  public int getQualifierOffset() {
    return 0;
  }

  @Override
  public int getQualifierLength() {
    return keyLength - CellLimits.KEY_INFRASTRUCTURE_SIZE - rowLength - familyLength;
  }

  @Override
  public long getTimestamp() {
    return ByteBuffers.getLong(buf, offset + ROW_OFFSET + keyLength - 9);
  }

  @Override
  public CellType getType() {
    return CellType.fromCode(typeCode());
  }

  int typeCode() {
    return buf.get(offset + ROW_OFFSET + keyLength - 1) & 0xFF;
  }

  @Override
  public byte[] getValueArray() {
    return ByteBuffers.copy(buf, getValuePosition(), getValueLength());
  }

  @Override
  public int getValueOffset() {
    return 0;
  }

  @Override
  public int getValueLength() {
    return ByteBuffers.getInt(buf, offset + 4);
  }

  @Override
  public byte[] getTagsArray() {
    return ByteBuffers.copy(buf, getTagsPosition(), getTagsLength());
  }

  @Override
  public int getTagsOffset() {
    return 0;
  }

  @Override
  public int getTagsLength() {
    return ByteBuffers.getUnsignedShort(buf, getValuePosition() + getValueLength());
  }

  /** The whole encoded cell copied onto the heap: a cell that stays valid on its own. */
  public KeyValue toKeyValue() {
    byte[] copy = ByteBuffers.copy(buf, offset, length);
    return KeyValue.decode(copy, 0, copy.length);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BufferKeyValue other && length == other.length
        && ByteBuffers.compare(buf, offset, length, other.buf, other.offset, length) == 0;
  }

  @Override
  public int hashCode() {
    return Bytes.hashCode(ByteBuffers.copy(buf, offset, length), 0, length);
  }

  @Override
  public String toString() {
    return toKeyValue().toString();
  }
}
