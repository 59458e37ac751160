package io.strata.mapreduce;

import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * The part of a table one map task reads: rows [start, end) of one region (or of a part of one),
 * the host serving it (so the task runs there when it can), and which of the job's scans it
 * belongs to.
 */
public class TableSplit extends InputSplit implements Writable, Comparable<TableSplit> {
  private TableName table;
  private byte[] startRow;
  private byte[] endRow;
  private String location;
  private int scanIndex;
  private long length;

  /** For Hadoop, which reads a split into an empty one. */
  public TableSplit() {
    this(null, Bytes.EMPTY, Bytes.EMPTY, "", 0, 0);
  }

  public TableSplit(TableName table, byte[] startRow, byte[] endRow, String location,
      int scanIndex, long length) {
    this.table = table;
    this.startRow = startRow;
    this.endRow = endRow;
    this.location = location;
    this.scanIndex = scanIndex;
    this.length = length;
  }

  public TableName getTable() {
    return table;
  }

  public byte[] getStartRow() {
    return startRow;
  }

  /** The row the split stops before; empty: the table's end. */
  public byte[] getEndRow() {
    return endRow;
  }

  /** Which of the job's scans (MultiTableInputFormat's list) this split reads; 0 for one. */
  public int getScanIndex() {
    return scanIndex;
  }

  public String getRegionLocation() {
    return location;
  }

  @Override
  public long getLength() {
    return length;
  }

  @Override
  public String[] getLocations() {
    return location.isEmpty() ? new String[0] : new String[] {location};
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(1); // this form's version
    WritableUtils.writeString(out, table.getNameAsString());
    writeBytes(out, startRow);
    writeBytes(out, endRow);
    WritableUtils.writeString(out, location);
    WritableUtils.writeVInt(out, scanIndex);
    WritableUtils.writeVLong(out, length);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    int version = in.readByte();
    if (version != 1) {
      throw new IOException("a TableSplit of version " + version + "; this client reads "
          + "version 1: run the job with one Strata version");
    }
    table = TableName.valueOf(WritableUtils.readString(in));
    startRow = readBytes(in);
    endRow = readBytes(in);
    location = WritableUtils.readString(in);
    scanIndex = WritableUtils.readVInt(in);
    length = WritableUtils.readVLong(in);
  }

  private static void writeBytes(DataOutput out, byte[] b) throws IOException {
    WritableUtils.writeVInt(out, b.length);
    out.write(b);
  }

  private static byte[] readBytes(DataInput in) throws IOException {
    byte[] b = new byte[WritableUtils.readVInt(in)];
    in.readFully(b);
    return b;
  }

  @Override
  public int compareTo(TableSplit o) {
    int c = table.getNameAsString().compareTo(o.table.getNameAsString());
    return c != 0 ? c : Bytes.compare(startRow, o.startRow);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableSplit s && compareTo(s) == 0 && Bytes.equals(endRow, s.endRow)
        && scanIndex == s.scanIndex;
  }

  @Override
  public int hashCode() {
    return table.hashCode() * 31 + java.util.Arrays.hashCode(startRow);
  }

  @Override
  public String toString() {
    return table + " [" + Bytes.toStringBinary(startRow) + ", "
        + (endRow.length == 0 ? "end" : Bytes.toStringBinary(endRow)) + ") on " + location;
  }
}
