package io.strata.server.bulkload;

import io.strata.client.Put;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.mapreduce.ImmutableBytesWritable;
import java.io.IOException;
import java.util.TreeSet;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Turns a row's puts into its cells in order, as HBase's PutSortReducer: what {@link
 * BlockFileOutputFormat} writes. Of cells with equal keys, the first put's stays; cells
 * without a timestamp get the reducer's clock.
 */
public class PutSortReducer extends Reducer<ImmutableBytesWritable, Put, ImmutableBytesWritable,
    Cell> {
  @Override
  protected void reduce(ImmutableBytesWritable row, Iterable<Put> puts, Context context)
      throws IOException, InterruptedException {
    TreeSet<Cell> cells = new TreeSet<>(CellComparator.INSTANCE);
    long now = System.currentTimeMillis();
    for (Put p : puts) {
      for (Cell c : p.cells()) {
        // A put with no timestamp of its own is written at the time the reducer reads it.
        cells.add(c.getTimestamp() == CellLimits.LATEST_TIMESTAMP
            ? KeyValue.copyOf(c, now, Tag.tagsOf(c)) : c);
      }
    }
    for (Cell c : cells) {
      context.write(row, c);
    }
  }
}
