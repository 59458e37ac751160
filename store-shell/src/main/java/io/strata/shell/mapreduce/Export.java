package io.strata.shell.mapreduce;

import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.mapreduce.ImmutableBytesWritable;
import io.strata.mapreduce.JobTool;
import io.strata.mapreduce.ResultSerialization;
import io.strata.mapreduce.TableMapReduceUtil;
import io.strata.mapreduce.TableMapper;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;

/**
 * Writes a table's rows to sequence files, as HBase's Export: {@code bin/strata export TABLE
 * OUTDIR [VERSIONS [STARTTIME [ENDTIME]]]}; a file per region, each record a row and its
 * Result (docs/formats/export.md). {@code bin/strata import} reads them back.
 */
public final class Export extends JobTool {
  /** The counter of rows exported. */
  public enum Counters { ROWS }

  /** Passes each row on as it is. */
  public static class ExportMapper extends TableMapper<ImmutableBytesWritable, Result> {
    @Override
    protected void map(ImmutableBytesWritable row, Result value, Context context)
        throws IOException, InterruptedException {
      context.getCounter(Counters.ROWS).increment(1);
      context.write(row, value);
    }
  }

  @Override
  protected String usage() {
    return "Usage: bin/strata export TABLE OUTDIR [VERSIONS [STARTTIME [ENDTIME]]]\n"
        + "  Writes TABLE's rows (VERSIONS versions of each column, default 1, with timestamps "
        + "in [STARTTIME, ENDTIME))\n  to sequence files in OUTDIR, which must not exist; "
        + "bin/strata import reads them.";
  }

  @Override
  protected Job createJob(Configuration conf, String[] args) throws Exception {
    Options o = new Options(args, List.of());
    List<String> a = o.positional;
    if (a.size() < 2 || a.size() > 5) {
      throw new UsageException("export takes TABLE and OUTDIR, then optionally VERSIONS, "
          + "STARTTIME and ENDTIME; it was given " + a.size() + " arguments");
    }
    Scan scan = new Scan().readVersions(versions(a))
        .setTimeRange(number(a, 3, 0L, "STARTTIME"), number(a, 4, Long.MAX_VALUE, "ENDTIME"));
    Job job = Job.getInstance(conf, "export_" + a.get(0));
    job.setJarByClass(Export.class);
    ResultSerialization.register(job.getConfiguration());
    TableMapReduceUtil.initTableMapperJob(a.get(0), scan, ExportMapper.class,
        ImmutableBytesWritable.class, Result.class, job);
    job.setOutputFormatClass(SequenceFileOutputFormat.class);
    job.setOutputKeyClass(ImmutableBytesWritable.class);
    job.setOutputValueClass(Result.class);
    job.setNumReduceTasks(0);
    FileOutputFormat.setOutputPath(job, new Path(a.get(1)));
    return job;
  }

  private static long number(List<String> a, int i, long otherwise, String what)
      throws UsageException {
    if (a.size() <= i) {
      return otherwise;
    }
    try {
      return Long.parseLong(a.get(i));
    } catch (NumberFormatException e) {
      throw new UsageException(what + " '" + a.get(i) + "' is not a number");
    }
  }

  private static int versions(List<String> a) throws UsageException {
    long n = number(a, 2, 1L, "VERSIONS");
    if (n < 1 || n > Integer.MAX_VALUE) {
      throw new UsageException("VERSIONS must be at least 1, not " + n);
    }
    return (int) n;
  }

  public static void main(String[] args) throws Exception {
    JobTool.main(new Export(), args);
  }
}
