package io.strata.mapreduce;

import io.strata.client.Scan;
import io.strata.common.conf.MapReduceKeys;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads several scans, of one table or several, as HBase's MultiTableInputFormat: the scans in
 * {@code strata.mapreduce.scans} (as {@link TableMapReduceUtil#initMultiTableMapperJob} sets
 * them), each naming its table in the attribute {@value #SCAN_TABLE_ATTRIBUTE}; a split per
 * region of each scan's range.
 */
public class MultiTableInputFormat extends TableInputFormatBase {
  @Override
  protected List<Scan> scans(Configuration conf) throws IOException {
    String[] encoded = conf.getStrings(MapReduceKeys.SCANS.name());
    if (encoded == null || encoded.length == 0) {
      throw new IOException("the job names no scans; set " + MapReduceKeys.SCANS.name()
          + " (TableMapReduceUtil.initMultiTableMapperJob does)");
    }
    List<Scan> scans = new ArrayList<>();
    for (String e : encoded) {
      Scan scan = TableMapReduceUtil.convertStringToScan(e);
      tableOf(scan); // names its table, or the job fails here
      scans.add(TableMapReduceUtil.forJob(scan, conf));
    }
    return scans;
  }
}
