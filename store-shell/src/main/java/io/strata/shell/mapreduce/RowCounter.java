package io.strata.shell.mapreduce;

import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.common.filter.Filter;
import io.strata.common.filter.FilterList;
import io.strata.common.filter.FirstKeyOnlyFilter;
import io.strata.common.filter.KeyOnlyFilter;
import io.strata.common.filter.MultiRowRangeFilter;
import io.strata.common.util.Bytes;
import io.strata.mapreduce.ImmutableBytesWritable;
import io.strata.mapreduce.JobTool;
import io.strata.mapreduce.TableMapReduceUtil;
import io.strata.mapreduce.TableMapper;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;

/**
 * Counts a table's rows with a map task per region, as HBase's RowCounter: {@code bin/strata
 * rowcounter TABLE [--range=[start],[end][;...]] [--starttime=T] [--endtime=T] [COLUMNS]}; the
 * count is the counter ROWS.
 */
public final class RowCounter extends JobTool {
  /** The counter of rows counted. */
  public enum Counters { ROWS }

  /** Counts each row it is given. */
  public static class RowCounterMapper extends TableMapper<NullWritable, NullWritable> {
    @Override
    protected void map(ImmutableBytesWritable row, Result values, Context context) {
      context.getCounter(Counters.ROWS).increment(1);
    }
  }

  @Override
  protected String usage() {
    return "Usage: bin/strata rowcounter TABLE [--range=[startKey],[endKey][;[startKey],"
        + "[endKey]...]] [--starttime=MS] [--endtime=MS] [COLUMN ...]\n"
        + "  Counts the rows of TABLE (those with a cell in one of the COLUMNS, family or "
        + "family:qualifier, if given),\n  a map task per region; the count is the counter ROWS.\n"
        + "  Generic options: -Dkey=value (strata.zookeeper.quorum=host:port, "
        + "mapreduce.framework.name=yarn, ...)";
  }

  @Override
  protected Job createJob(Configuration conf, String[] args) throws Exception {
    Options o = new Options(args, List.of("range", "starttime", "endtime"));
    if (o.positional.isEmpty()) {
      throw new UsageException("no table named");
    }
    String table = o.positional.get(0);
    Scan scan = new Scan();
    List<String> columns = o.positional.subList(1, o.positional.size());
    for (String c : columns) {
      int colon = c.indexOf(':');
      if (colon < 0) {
        scan.addFamily(Bytes.toBytes(c));
      } else {
        scan.addColumn(Bytes.toBytes(c.substring(0, colon)), Bytes.toBytes(c.substring(
            colon + 1)));
      }
    }
    List<Filter> filters = new ArrayList<>();
    String range = o.named.get("range");
    if (range != null) {
      ranges(scan, range, filters);
    }
    if (columns.isEmpty()) {
      filters.add(new FirstKeyOnlyFilter()); // a row's first cell says it is there
    }
    filters.add(new KeyOnlyFilter()); // counting needs no value: the server sends none
    scan.setFilter(filters.size() == 1 ? filters.get(0)
        : new FilterList(FilterList.Operator.MUST_PASS_ALL, filters));
    scan.setTimeRange(o.time("starttime", 0), o.time("endtime", Long.MAX_VALUE));
    Job job = Job.getInstance(conf, "rowcounter_" + table);
    job.setJarByClass(RowCounter.class);
    TableMapReduceUtil.initTableMapperJob(table, scan, RowCounterMapper.class,
        NullWritable.class, NullWritable.class, job);
    job.setOutputFormatClass(NullOutputFormat.class);
    job.setNumReduceTasks(0);
    return job;
  }

  /** One range narrows the scan; several add a filter of them. */
  private static void ranges(Scan scan, String spec, List<Filter> filters)
      throws UsageException {
    List<MultiRowRangeFilter.RowRange> ranges = new ArrayList<>();
    for (String r : spec.split(";")) {
      int comma = r.indexOf(',');
      if (comma < 0) {
        throw new UsageException("--range=" + spec + ": each range is startKey,endKey (either "
            + "may be empty), ranges separated by ';'");
      }
      ranges.add(new MultiRowRangeFilter.RowRange(Bytes.toBytesBinary(r.substring(0, comma)),
          true, Bytes.toBytesBinary(r.substring(comma + 1)), false));
    }
    if (ranges.size() == 1) {
      scan.withStartRow(ranges.get(0).start()).withStopRow(ranges.get(0).stop());
    } else {
      filters.add(new MultiRowRangeFilter(ranges));
    }
  }

  public static void main(String[] args) throws Exception {
    JobTool.main(new RowCounter(), args);
  }
}
