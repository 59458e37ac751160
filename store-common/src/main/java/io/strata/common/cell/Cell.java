package io.strata.common.cell;

/**
 * One versioned value: {@code (row, family, qualifier, timestamp, type, value)} with optional
 * tags. Accessors expose the backing array, offset and length of each part so that readers
 * compare and copy without materialising new arrays.
 *
 * <pre>{@code
 * Cell c = KeyValue.of(row, family, qualifier, timestamp, CellType.PUT, value);
 * Bytes.toStringBinary(c.getRowArray(), c.getRowOffset(), c.getRowLength());
 * }</pre>
 */
public interface Cell {
  byte[] getRowArray();

  int getRowOffset();

  int getRowLength();

  byte[] getFamilyArray();

  int getFamilyOffset();

  int getFamilyLength();

  byte[] getQualifierArray();

  int getQualifierOffset();

  int getQualifierLength();

  long getTimestamp();

  CellType getType();

  byte[] getValueArray();

  int getValueOffset();

  int getValueLength();

  /** Tags in their encoded form (see docs/formats/key-encoding.md); zero length when none. */
  byte[] getTagsArray();

  int getTagsOffset();

  int getTagsLength();
}
