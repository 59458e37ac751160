package io.strata.common.cell;

import io.strata.common.util.Bytes;
import java.util.Objects;

/**
 * A cell whose row, family and qualifier are each the whole of an array its maker holds and whose
 * value is an array or a range of one, none copied, with no tags: what a client's Put keeps for
 * each column it adds (as HBase's {@code IndividualBytesFieldCell}). A 1 KB value added to a Put
 * was copied into a {@link KeyValue} and copied again into the request's frame; kept as it is,
 * it is copied once, into the frame ({@link #writeKeyHeader}). The arrays must not change while
 * the cell is in use.
 */
public final class ArraysCell implements Cell {
  private final byte[] row;
  private final byte[] family;
  private final byte[] qualifier;
  private final long timestamp;
  private final CellType type;
  private final byte[] value;
  private final int valueOffset;
  private final int valueLength;

  /**
   * Checks the parts' sizes as {@link KeyValue#of} does, so a cell too large for the key
   * encoding is refused where it is made, not where it is sent.
   */
  public ArraysCell(byte[] row, byte[] family, byte[] qualifier, long timestamp, CellType type,
      byte[] value) {
    this(row, family, qualifier, timestamp, type, value, 0, value.length);
  }

  /** A cell whose value is {@code valueLength} bytes of {@code value} from {@code valueOffset}. */
  public ArraysCell(byte[] row, byte[] family, byte[] qualifier, long timestamp, CellType type,
      byte[] value, int valueOffset, int valueLength) {
    Objects.checkFromIndexSize(valueOffset, valueLength, value.length);
    KeyValue.checkedLength(row.length, family.length, qualifier.length, valueLength, 0);
    this.row = row;
    this.family = family;
    this.qualifier = qualifier;
    this.timestamp = timestamp;
    this.type = type;
    this.value = value;
    this.valueOffset = valueOffset;
    this.valueLength = valueLength;
  }

  /** Bytes of the encoded cell's lengths and key: what comes before its value. */
  public int keyHeaderLength() {
    return 8 + CellLimits.KEY_INFRASTRUCTURE_SIZE + row.length + family.length + qualifier.length;
  }

  /**
   * Writes the encoded cell's two lengths and its key into {@code b} from {@code offset}
   * ({@link #keyHeaderLength} bytes); the value and an empty tags area follow it in the
   * encoding (docs/formats/key-encoding.md).
   */
  public void writeKeyHeader(byte[] b, int offset) {
    KeyValue.writeHeader(b, offset, row, 0, row.length, family, 0, family.length, qualifier, 0,
        qualifier.length, timestamp, type, valueLength);
  }

  @Override
  public byte[] getRowArray() {
    return row;
  }

  @Override
  public int getRowOffset() {
    return 0;
  }

  @Override
  public int getRowLength() {
    return row.length;
  }

  @Override
  public byte[] getFamilyArray() {
    return family;
  }

  @Override
  public int getFamilyOffset() {
    return 0;
  }

  @Override
  public int getFamilyLength() {
    return family.length;
  }

  @Override
  public byte[] getQualifierArray() {
    return qualifier;
  }

  @Override
  public int getQualifierOffset() {
    return 0;
  }

  @Override
  public int getQualifierLength() {
    return qualifier.length;
  }

  @Override
  public long getTimestamp() {
    return timestamp;
  }

  @Override
  public CellType getType() {
    return type;
  }

  @Override
  public byte[] getValueArray() {
    return value;
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
    return Bytes.EMPTY;
  }

  @Override
  public int getTagsOffset() {
    return 0;
  }

  @Override
  public int getTagsLength() {
    return 0;
  }

  /** Equal to another ArraysCell of equal parts (as a KeyValue is to another KeyValue). */
  @Override
  public boolean equals(Object o) {
    return o instanceof ArraysCell c && c.timestamp == timestamp && c.type == type
        && Bytes.equals(row, c.row) && Bytes.equals(family, c.family)
        && Bytes.equals(qualifier, c.qualifier)
        && Bytes.equals(value, valueOffset, valueLength, c.value, c.valueOffset, c.valueLength);
  }

  /** The hash code of the same cell as a {@link KeyValue}. */
  @Override
  public int hashCode() {
    return KeyValue.copyOf(this).hashCode();
  }

  /** {@code row/family:qualifier/timestamp/TYPE/vlen=N} with bytes escaped, as a KeyValue's. */
  @Override
  public String toString() {
    return CellUtil.getCellKeyAsString(this) + "/vlen=" + valueLength;
  }
}
