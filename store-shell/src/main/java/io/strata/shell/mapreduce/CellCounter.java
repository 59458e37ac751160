package io.strata.shell.mapreduce;

import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.conf.MapReduceKeys;
import io.strata.common.filter.ByteArrayComparable;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.PrefixFilter;
import io.strata.common.filter.RowFilter;
import io.strata.common.util.Bytes;
import io.strata.mapreduce.ImmutableBytesWritable;
import io.strata.mapreduce.JobTool;
import io.strata.mapreduce.TableMapReduceUtil;
import io.strata.mapreduce.TableMapper;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;

/**
 * Counts a table's rows, families, columns and versions, as HBase's CellCounter: {@code
 * bin/strata cellcounter TABLE OUTDIR [SEPARATOR] [^REGEX | PREFIX] [--starttime=T]
 * [--endtime=T]}. OUTDIR gets text lines {@code name<TAB>count}: "Total ROWS", "Total Families
 * Across all Rows" (a family present in a row counts once), "Total Qualifiers across all Rows"
 * (a column present in a row counts once), each family (its cells), each {@code
 * family<SEP>qualifier} (its cells), and each {@code row<SEP>family<SEP>qualifier<SEP>Versions}.
 */
public final class CellCounter extends JobTool {
  /** The counters the job keeps besides its output. */
  public enum Counters { ROWS, CELLS }

  static final String SEPARATOR = MapReduceKeys.CELLCOUNTER_SEPARATOR.name();

  /** Emits a 1 for each thing counted. */
  public static class CellCounterMapper extends TableMapper<Text, LongWritable> {
    private static final LongWritable ONE = new LongWritable(1);
    private String sep;

    @Override
    protected void setup(Context context) {
      sep = context.getConfiguration().get(SEPARATOR, ":");
    }

    @Override
    protected void map(ImmutableBytesWritable row, Result value, Context context)
        throws IOException, InterruptedException {
      context.getCounter(Counters.ROWS).increment(1);
      context.write(new Text("Total ROWS"), ONE);
      String rowName = Bytes.toStringBinary(row.get());
      String lastFamily = null;
      String lastColumn = null;
      for (Cell c : value.rawCells()) {
        context.getCounter(Counters.CELLS).increment(1);
        String family = Bytes.toStringBinary(CellUtil.cloneFamily(c));
        String column = family + sep + Bytes.toStringBinary(CellUtil.cloneQualifier(c));
        if (!family.equals(lastFamily)) {
          context.write(new Text("Total Families Across all Rows"), ONE);
          lastFamily = family;
        }
        if (!column.equals(lastColumn)) {
          context.write(new Text("Total Qualifiers across all Rows"), ONE);
          lastColumn = column;
        }
        context.write(new Text(family), ONE);
        context.write(new Text(column), ONE);
        context.write(new Text(rowName + sep + column + sep + "Versions"), ONE);
      }
    }
  }

  @Override
  protected String usage() {
    return "Usage: bin/strata cellcounter TABLE OUTDIR [SEPARATOR] [^REGEX | PREFIX] "
        + "[--starttime=MS] [--endtime=MS]\n"
        + "  Counts TABLE's rows, families, columns and versions into text files in OUTDIR "
        + "(which must not exist),\n  names joined by SEPARATOR (default ':'); rows whose key "
        + "matches ^REGEX, or starts with PREFIX, only.";
  }

  @Override
  protected Job createJob(Configuration conf, String[] args) throws Exception {
    Options o = new Options(args, List.of("starttime", "endtime"));
    List<String> a = o.positional;
    if (a.size() < 2 || a.size() > 4) {
      throw new UsageException("cellcounter takes TABLE and OUTDIR, then optionally SEPARATOR "
          + "and a row filter; it was given " + a.size() + " arguments");
    }
    Scan scan = new Scan().readVersions(Integer.MAX_VALUE)
        .setTimeRange(o.time("starttime", 0), o.time("endtime", Long.MAX_VALUE));
    if (a.size() == 4) {
      String f = a.get(3);
      scan.setFilter(f.startsWith("^")
          ? new RowFilter(CompareOperator.EQUAL, new ByteArrayComparable.RegexStringComparator(
              f.substring(1)))
          : new PrefixFilter(Bytes.toBytesBinary(f)));
    }
    Job job = Job.getInstance(conf, "cellcounter_" + a.get(0));
    job.setJarByClass(CellCounter.class);
    job.getConfiguration().set(SEPARATOR, a.size() >= 3 ? a.get(2) : ":");
    TableMapReduceUtil.initTableMapperJob(a.get(0), scan, CellCounterMapper.class, Text.class,
        LongWritable.class, job);
    job.setCombinerClass(LongSumReducer.class);
    job.setReducerClass(LongSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(LongWritable.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    job.setNumReduceTasks(1);
    FileOutputFormat.setOutputPath(job, new Path(a.get(1)));
    return job;
  }

  public static void main(String[] args) throws Exception {
    JobTool.main(new CellCounter(), args);
  }
}
