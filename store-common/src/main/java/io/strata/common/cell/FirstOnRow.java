package io.strata.common.cell;

import io.strata.common.util.Bytes;

/**
 * The smallest key of a row (empty family and qualifier, latest timestamp, type MAXIMUM) over
 * the caller's row array, uncopied: the seek key every read starts with, made without encoding
 * a key. The array must not change while the key is in use. Never stored. One thread may reuse
 * one for many seeks ({@link #setRow}), never while a seek with it is in progress.
 */
public final class FirstOnRow implements Cell {
  private byte[] row;

  public FirstOnRow(byte[] row) {
    this.row = row;
  }

  /** Points the key at another row. */
  public void setRow(byte[] row) {
    this.row = row;
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
    return Bytes.EMPTY;
  }

  @Override
  public int getFamilyOffset() {
    return 0;
  }

  @Override
  public int getFamilyLength() {
    return 0;
  }

  @Override
  public byte[] getQualifierArray() {
    return Bytes.EMPTY;
  }

  @Override
  public int getQualifierOffset() {
    return 0;
  }

  @Override
  public int getQualifierLength() {
    return 0;
  }

  @Override
  public long getTimestamp() {
    return CellLimits.LATEST_TIMESTAMP;
  }

  @Override
  public CellType getType() {
    return CellType.MAXIMUM;
  }

  @Override
  public byte[] getValueArray() {
    return Bytes.EMPTY;
  }

  @Override
  public int getValueOffset() {
    return 0;
  }

  @Override
  public int getValueLength() {
    return 0;
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

  @Override
  public String toString() {
    return Bytes.toStringBinary(row) + "//LATEST_TIMESTAMP/MAXIMUM";
  }
}
