package io.strata.common.filter;

import io.strata.common.cell.Cell;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;

/** Strips values, or replaces each with its length as a 4-byte integer. */
public final class KeyOnlyFilter extends Filter {
  final boolean lengthAsValue;

  public KeyOnlyFilter(boolean lengthAsValue) {
    this.lengthAsValue = lengthAsValue;
  }

  public KeyOnlyFilter() {
    this(false);
  }

  @Override
  public Cell transformCell(Cell c) {
    byte[] value = lengthAsValue ? Bytes.toBytes(c.getValueLength()) : Bytes.EMPTY;
    return KeyValue.of(Bytes.copy(c.getRowArray(), c.getRowOffset(), c.getRowLength()),
        Bytes.copy(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength()),
        Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength()),
        c.getTimestamp(), c.getType(), value);
  }
}
