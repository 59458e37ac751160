package io.strata.mapreduce;

import io.strata.client.Scan;
import io.strata.common.conf.MapReduceKeys;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads one table, a split per region, as HBase's TableInputFormat: the table in {@code
 * strata.mapreduce.inputtable}, the scan in {@code strata.mapreduce.scan} (as {@link
 * TableMapReduceUtil#initTableMapperJob} sets them) or made from the {@code
 * strata.mapreduce.scan.*} keys. Each record is a row: its key and its {@code Result}. Unless
 * the job says otherwise, a scan keeps what it reads out of the block cache and fetches 1,000
 * rows a call.
 */
public class TableInputFormat extends TableInputFormatBase {
  @Override
  protected List<Scan> scans(Configuration conf) throws IOException {
    String table = conf.get(MapReduceKeys.INPUT_TABLE.name(), "");
    if (table.isEmpty()) {
      throw new IOException("the job names no table to read; set "
          + MapReduceKeys.INPUT_TABLE.name() + " (TableMapReduceUtil.initTableMapperJob does)");
    }
    String encoded = conf.get(MapReduceKeys.SCAN.name(), "");
    Scan scan = encoded.isEmpty() ? fromKeys(conf) : TableMapReduceUtil.convertStringToScan(
        encoded);
    scan.setAttribute(SCAN_TABLE_ATTRIBUTE, Bytes.toBytes(table));
    return List.of(TableMapReduceUtil.forJob(scan, conf));
  }

  /** The scan the {@code strata.mapreduce.scan.*} keys describe. */
  static Scan fromKeys(Configuration conf) {
    Scan scan = new Scan()
        .withStartRow(Bytes.toBytesBinary(conf.get(MapReduceKeys.SCAN_ROW_START.name(), "")))
        .withStopRow(Bytes.toBytesBinary(conf.get(MapReduceKeys.SCAN_ROW_STOP.name(), "")));
    for (String column : conf.get(MapReduceKeys.SCAN_COLUMNS.name(), "").trim()
        .split("\\s+")) {
      if (column.isEmpty()) {
        continue;
      }
      int colon = column.indexOf(':');
      if (colon < 0) {
        scan.addFamily(Bytes.toBytes(column));
      } else {
        scan.addColumn(Bytes.toBytes(column.substring(0, colon)),
            Bytes.toBytes(column.substring(colon + 1)));
      }
    }
    scan.readVersions(conf.getInt(MapReduceKeys.SCAN_MAXVERSIONS.name(), 1));
    scan.setTimeRange(conf.getLong(MapReduceKeys.SCAN_TIMERANGE_START.name(), 0),
        conf.getLong(MapReduceKeys.SCAN_TIMERANGE_END.name(), Long.MAX_VALUE));
    scan.setBatch(conf.getInt(MapReduceKeys.SCAN_BATCHSIZE.name(), 0));
    return scan;
  }
}
