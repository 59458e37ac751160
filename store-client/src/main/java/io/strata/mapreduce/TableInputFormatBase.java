package io.strata.mapreduce;

import io.strata.client.Connection;
import io.strata.client.RegionLocation;
import io.strata.client.RegionLocator;
import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.common.conf.MapReduceKeys;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * What {@link TableInputFormat} and {@link MultiTableInputFormat} share: a split per region of
 * each scan's range (the region's host as its location), optionally cut further ({@code
 * strata.mapreduce.input.autobalance}), each read by a {@link TableRecordReader}.
 */
public abstract class TableInputFormatBase extends InputFormat<ImmutableBytesWritable, Result>
    implements Configurable {
  /** The attribute of a scan naming its table (HBase's scan.attributes.table.name). */
  public static final String SCAN_TABLE_ATTRIBUTE = "scan.attributes.table.name";

  private Configuration conf;

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
  }

  /** The job's scans, each naming its table in {@link #SCAN_TABLE_ATTRIBUTE}. */
  protected abstract List<Scan> scans(Configuration conf) throws IOException;

  /** The table a scan reads. */
  static TableName tableOf(Scan scan) throws IOException {
    byte[] name = scan.getAttribute(SCAN_TABLE_ATTRIBUTE);
    if (name == null) {
      throw new IOException("a scan of the job names no table; set its attribute "
          + SCAN_TABLE_ATTRIBUTE + " (TableMapReduceUtil.initMultiTableMapperJob does)");
    }
    return TableName.valueOf(Bytes.toString(name));
  }

  @Override
  public List<InputSplit> getSplits(JobContext context) throws IOException {
    Configuration c = conf != null ? conf : context.getConfiguration();
    List<Scan> scans = scans(c);
    int perRegion = c.getBoolean(MapReduceKeys.AUTOBALANCE.name(), false)
        ? Math.max(1, c.getInt(MapReduceKeys.MAPPERS_PER_REGION.name(), 1)) : 1;
    List<InputSplit> splits = new ArrayList<>();
    try (TaskConnections.Lease lease = TaskConnections.acquire(
        StrataJobConfiguration.toStrata(c), StrataTokens.ofJob(context))) {
      Connection conn = lease.connection();
      for (int i = 0; i < scans.size(); i++) {
        Scan scan = scans.get(i);
        TableName table = tableOf(scan);
        if (!conn.getAdmin().tableExists(table)) {
          throw new IOException("table " + table + " of the job does not exist; create it or "
              + "name another (" + MapReduceKeys.INPUT_TABLE.name() + ")");
        }
        try (RegionLocator locator = conn.getRegionLocator(table)) {
          for (RegionLocation loc : locator.getAllRegionLocations()) {
            addSplits(splits, table, scan, loc, i, perRegion);
          }
        }
      }
    }
    return splits;
  }

  /** The splits of {@code loc}'s region within {@code scan}'s range, if it overlaps it. */
  private static void addSplits(List<InputSplit> splits, TableName table, Scan scan,
      RegionLocation loc, int scanIndex, int perRegion) {
    byte[] regionStart = loc.region().getStartKey();
    byte[] regionEnd = loc.region().getEndKey();
    byte[] scanStart = scan.getStartRow();
    byte[] scanStop = stopOf(scan);
    boolean overlaps = (scanStop.length == 0 || Bytes.compare(regionStart, scanStop) < 0)
        && (regionEnd.length == 0 || Bytes.compare(regionEnd, scanStart) > 0);
    if (!overlaps) {
      return;
    }
    byte[] start = Bytes.compare(scanStart, regionStart) > 0 ? scanStart : regionStart;
    byte[] end = regionEnd.length == 0 ? scanStop : scanStop.length == 0 ? regionEnd
        : Bytes.compare(scanStop, regionEnd) < 0 ? scanStop : regionEnd;
    String host = loc.server() == null ? "" : loc.server().host();
    List<byte[]> bounds = new ArrayList<>();
    bounds.add(start);
    bounds.addAll(KeySpace.cut(start, end, perRegion));
    bounds.add(end);
    for (int k = 0; k + 1 < bounds.size(); k++) {
      splits.add(new TableSplit(table, bounds.get(k), bounds.get(k + 1), host, scanIndex,
          0));
    }
  }

  /** The row a scan stops before, as an exclusive bound (empty: the table's end). */
  static byte[] stopOf(Scan scan) {
    byte[] stop = scan.getStopRow();
    return stop.length > 0 && scan.includeStopRow() ? Bytes.add(stop, new byte[1]) : stop;
  }

  @Override
  public RecordReader<ImmutableBytesWritable, Result> createRecordReader(InputSplit split,
      TaskAttemptContext context) throws IOException {
    Configuration c = conf != null ? conf : context.getConfiguration();
    TableSplit ts = (TableSplit) split;
    return new TableRecordReader(scans(c).get(ts.getScanIndex()));
  }
}
