package io.strata.mapreduce;

import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.util.Bytes;
import java.io.IOException;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * The rows of one {@link TableSplit}, through the client's scanner: each row once, in order,
 * also when its region moves or splits while the task reads it (the scanner goes on after the
 * last row it returned, wherever the rows are now).
 */
public class TableRecordReader extends RecordReader<ImmutableBytesWritable, Result> {
  private final Scan base;
  private TaskConnections.Lease connection;
  private ResultScanner scanner;
  private TableSplit split;
  private final ImmutableBytesWritable key = new ImmutableBytesWritable();
  private Result value;
  private long rows;

  /** Reads the split's rows with {@code base}'s columns, filter and settings. */
  public TableRecordReader(Scan base) {
    this.base = base;
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
    this.split = (TableSplit) split;
    connection = TaskConnections.acquire(
        StrataJobConfiguration.toStrata(context.getConfiguration()), StrataTokens.ofJob(context));
    Scan scan = new Scan(base).withStartRow(this.split.getStartRow())
        .withStopRow(this.split.getEndRow());
    Table table = connection.connection().getTable(this.split.getTable());
    scanner = table.getScanner(scan);
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    value = scanner.next();
    if (value == null) {
      return false;
    }
    key.set(value.getRow());
    rows++;
    return true;
  }

  @Override
  public ImmutableBytesWritable getCurrentKey() {
    return key;
  }

  @Override
  public Result getCurrentValue() {
    return value;
  }

  /** Rows read so far. */
  public long rowsRead() {
    return rows;
  }

  /** How far into the split's key range the last row is, as a fraction. */
  @Override
  public float getProgress() {
    if (value == null || split == null) {
      return value == null && rows > 0 ? 1f : 0f;
    }
    return KeyProgress.fraction(split.getStartRow(), split.getEndRow(), value.getRow());
  }

  @Override
  public void close() throws IOException {
    if (scanner != null) {
      scanner.close();
    }
    if (connection != null) {
      connection.close();
    }
  }

  /** Where a row lies between two bounds, from their first eight bytes. */
  static final class KeyProgress {
    private KeyProgress() {}

    static float fraction(byte[] start, byte[] end, byte[] row) {
      double lo = number(start);
      double hi = end.length == 0 ? Math.pow(2, 64) : number(end);
      double at = number(row);
      if (hi <= lo) {
        return 0f;
      }
      return (float) Math.max(0, Math.min(1, (at - lo) / (hi - lo)));
    }

    private static double number(byte[] key) {
      double n = 0;
      for (int i = 0; i < Long.BYTES; i++) {
        n = n * 256 + (i < key.length ? key[i] & 0xff : 0);
      }
      return n;
    }
  }

  @Override
  public String toString() {
    return "TableRecordReader{" + split + ", " + rows + " rows, at "
        + (value == null ? "-" : Bytes.toStringBinary(value.getRow())) + "}";
  }
}
