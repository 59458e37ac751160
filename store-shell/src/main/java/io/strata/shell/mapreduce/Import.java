package io.strata.shell.mapreduce;

import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.common.cell.Cell;
import io.strata.mapreduce.ImmutableBytesWritable;
import io.strata.mapreduce.JobTool;
import io.strata.mapreduce.ResultSerialization;
import io.strata.mapreduce.TableMapReduceUtil;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;

/**
 * Writes the rows {@link Export} wrote into a table, as HBase's Import: {@code bin/strata
 * import TABLE INPUTDIR}; each cell keeps its timestamp, so importing twice changes nothing.
 */
public final class Import extends JobTool {
  /** The counter of rows imported. */
  public enum Counters { ROWS }

  /** Each exported row as one put of its cells. */
  public static class ImportMapper
      extends Mapper<ImmutableBytesWritable, Result, ImmutableBytesWritable, Mutation> {
    @Override
    protected void map(ImmutableBytesWritable row, Result value, Context context)
        throws IOException, InterruptedException {
      if (value.isEmpty()) {
        return;
      }
      Put put = new Put(row.copyBytes());
      for (Cell c : value.rawCells()) {
        put.add(c);
      }
      context.getCounter(Counters.ROWS).increment(1);
      context.write(row, put);
    }
  }

  @Override
  protected String usage() {
    return "Usage: bin/strata import TABLE INPUTDIR\n"
        + "  Writes the rows bin/strata export wrote to INPUTDIR into TABLE, which must exist.";
  }

  @Override
  protected Job createJob(Configuration conf, String[] args) throws Exception {
    List<String> a = new Options(args, List.of()).positional;
    if (a.size() != 2) {
      throw new UsageException("import takes TABLE and INPUTDIR; it was given " + a.size()
          + " arguments");
    }
    Job job = Job.getInstance(conf, "import_" + a.get(0));
    job.setJarByClass(Import.class);
    ResultSerialization.register(job.getConfiguration());
    job.setInputFormatClass(SequenceFileInputFormat.class);
    FileInputFormat.setInputPaths(job, new Path(a.get(1)));
    job.setMapperClass(ImportMapper.class);
    TableMapReduceUtil.initTableReducerJob(a.get(0), null, job);
    job.setNumReduceTasks(0);
    return job;
  }

  public static void main(String[] args) throws Exception {
    JobTool.main(new Import(), args);
  }
}
