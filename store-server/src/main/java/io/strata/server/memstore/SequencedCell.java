package io.strata.server.memstore;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import java.util.Comparator;

/**
 * A memstore cell: the cell (its bytes in an MSLAB chunk) plus the MVCC write number of the
 * edit that wrote it, which orders otherwise equal cells (newest first) and decides visibility:
 * a reader at read point R sees the cell only if its write number is at most R.
 */
public final class SequencedCell implements Cell {
  /** Cell order, then higher write number first: the newest of equal cells wins. */
  public static final Comparator<SequencedCell> ORDER = (a, b) -> {
    int c = CellComparator.INSTANCE.compare(a.cell, b.cell);
    return c != 0 ? c : Long.compare(b.writeNumber, a.writeNumber);
  };

  private final KeyValue cell;
  private final long writeNumber;

  public SequencedCell(KeyValue cell, long writeNumber) {
    this.cell = cell;
    this.writeNumber = writeNumber;
  }

  public KeyValue cell() {
    return cell;
  }

  public long writeNumber() {
    return writeNumber;
  }

  @Override
  public byte[] getRowArray() {
    return cell.getRowArray();
  }

  @Override
  public int getRowOffset() {
    return cell.getRowOffset();
  }

  @Override
  public int getRowLength() {
    return cell.getRowLength();
  }

  @Override
  public byte[] getFamilyArray() {
    return cell.getFamilyArray();
  }

  @Override
  public int getFamilyOffset() {
    return cell.getFamilyOffset();
  }

  @Override
  public int getFamilyLength() {
    return cell.getFamilyLength();
  }

  @Override
  public byte[] getQualifierArray() {
    return cell.getQualifierArray();
  }

  @Override
  public int getQualifierOffset() {
    return cell.getQualifierOffset();
  }

  @Override
  public int getQualifierLength() {
    return cell.getQualifierLength();
  }

  @Override
  public long getTimestamp() {
    return cell.getTimestamp();
  }

  @Override
  public CellType getType() {
    return cell.getType();
  }

  @Override
  public byte[] getValueArray() {
    return cell.getValueArray();
  }

  @Override
  public int getValueOffset() {
    return cell.getValueOffset();
  }

  @Override
  public int getValueLength() {
    return cell.getValueLength();
  }

  @Override
  public byte[] getTagsArray() {
    return cell.getTagsArray();
  }

  @Override
  public int getTagsOffset() {
    return cell.getTagsOffset();
  }

  @Override
  public int getTagsLength() {
    return cell.getTagsLength();
  }

  @Override
  public String toString() {
    return cell + "/seq=" + writeNumber;
  }
}
