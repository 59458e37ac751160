package io.strata.common.cell;

import io.strata.common.util.Bytes;

/**
 * A cell whose key (in the key encoding) lives in one array and whose value and tags live in
 * another: what a decoder produces when it rebuilds keys but points at values in place. Neither
 * array is copied; the holder must not change them while the cell is in use.
 */
public final class SplitCell implements Cell {
  private final byte[] key;
  private final int keyOffset;
  private final int keyLength;
  private final int rowLength;
  private final int familyLength;
  private final byte[] data;
  private final int valueOffset;
  private final int valueLength;
  private final int tagsOffset;
  private final int tagsLength;

  public SplitCell(byte[] key, int keyOffset, int keyLength, byte[] data, int valueOffset,
      int valueLength, int tagsOffset, int tagsLength) {
    checkKey(key, keyOffset, keyLength);
    this.key = key;
    this.keyOffset = keyOffset;
    this.keyLength = keyLength;
    this.rowLength = Bytes.toShort(key, keyOffset) & 0xFFFF;
    this.familyLength = key[keyOffset + 2 + rowLength] & 0xFF;
    this.data = data;
    this.valueOffset = valueOffset;
    this.valueLength = valueLength;
    this.tagsOffset = tagsOffset;
    this.tagsLength = tagsLength;
  }

  /**
   * Checks that {@code key[offset, offset + length)} is a well-formed key: its row and family
   * fit and its type is known. Raises IllegalArgumentException saying what is wrong.
   */
  public static void checkKey(byte[] key, int offset, int length) {
    if (length < CellLimits.KEY_INFRASTRUCTURE_SIZE) {
      throw new IllegalArgumentException("malformed key of " + length + " bytes");
    }
    int rowLength = Bytes.toShort(key, offset) & 0xFFFF;
    if (rowLength > length - CellLimits.KEY_INFRASTRUCTURE_SIZE) {
      throw new IllegalArgumentException("malformed key: row length " + rowLength
          + " exceeds key length " + length);
    }
    int familyLength = key[offset + 2 + rowLength] & 0xFF;
    if (rowLength + familyLength > length - CellLimits.KEY_INFRASTRUCTURE_SIZE) {
      throw new IllegalArgumentException("malformed key: family length " + familyLength
          + " exceeds key length " + length);
    }
    CellType.fromCode(key[offset + length - 1] & 0xFF);
  }

  public static SplitCell keyOnly(byte[] key, int offset, int length) {
    return new SplitCell(key, offset, length, Bytes.EMPTY, 0, 0, 0, 0);
  }

  public byte[] getKeyArray() {
    return key;
  }

  public int getKeyOffset() {
    return keyOffset;
  }

  public int getKeyLength() {
    return keyLength;
  }

  @Override
  public byte[] getRowArray() {
    return key;
  }

  @Override
  public int getRowOffset() {
    return keyOffset + 2;
  }

  @Override
  public int getRowLength() {
    return rowLength;
  }

  @Override
  public byte[] getFamilyArray() {
    return key;
  }

  @Override
  public int getFamilyOffset() {
    return keyOffset + 3 + rowLength;
  }

  @Override
  public int getFamilyLength() {
    return familyLength;
  }

  @Override
  public byte[] getQualifierArray() {
    return key;
  }

  @Override
  public int getQualifierOffset() {
    return getFamilyOffset() + familyLength;
  }

  @Override
  public int getQualifierLength() {
    return keyLength - CellLimits.KEY_INFRASTRUCTURE_SIZE - rowLength - familyLength;
  }

  @Override
  public long getTimestamp() {
    return Bytes.toLong(key, keyOffset + keyLength - 9);
  }

  @Override
  public CellType getType() {
    return CellType.fromCode(key[keyOffset + keyLength - 1] & 0xFF);
  }

  @Override
  public byte[] getValueArray() {
    return data;
  }

  @Override
  public int getValueOffset() {
    return valueOffset;
  }

  @Override
  public int getValueLength() {
    return valueLength;
  }

  @Override
  public byte[] getTagsArray() {
    return data;
  }

  @Override
  public int getTagsOffset() {
    return tagsOffset;
  }

  @Override
  public int getTagsLength() {
    return tagsLength;
  }

  @Override
  public String toString() {
    return KeyValue.copyOf(this).toString();
  }
}
