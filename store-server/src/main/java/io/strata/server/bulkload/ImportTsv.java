package io.strata.server.bulkload;

import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Put;
import io.strata.client.RegionLocator;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.mapreduce.ImmutableBytesWritable;
import io.strata.mapreduce.JobTool;
import io.strata.mapreduce.StrataJobConfiguration;
import io.strata.mapreduce.TableMapReduceUtil;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;

/**
 * Loads delimited text into a table, as HBase's ImportTsv: {@code bin/strata importtsv
 * -Dimporttsv.columns=HBASE_ROW_KEY,f:a,f:b TABLE INPUTDIR}; with {@code
 * -Dimporttsv.bulk.output=DIR} it writes block files there for {@code completebulkload} instead
 * of putting rows through the write path.
 */
public final class ImportTsv extends JobTool {
  /** The columns of each line, in order; one is HBASE_ROW_KEY. */
  public static final String COLUMNS = "importtsv.columns";
  /** The field separator (one character; default a tab). */
  public static final String SEPARATOR = "importtsv.separator";
  /** Whether lines that cannot be read are skipped (counted) rather than failing the job. */
  public static final String SKIP_BAD_LINES = "importtsv.skip.bad.lines";
  /** The cells' timestamp (default: when the job was set up). */
  public static final String TIMESTAMP = "importtsv.timestamp";
  /** Where to write block files instead of putting rows. */
  public static final String BULK_OUTPUT = "importtsv.bulk.output";
  static final String ROW_KEY = "HBASE_ROW_KEY";

  /** Counters of lines read. */
  public enum Counters { BAD_LINES, ROWS }

  /** Each line as a put of its row. */
  public static class TsvMapper extends Mapper<LongWritable, Text, ImmutableBytesWritable, Put> {
    private int rowIndex;
    private byte[][] families;
    private byte[][] qualifiers;
    private char separator;
    private boolean skipBad;
    private long timestamp;

    @Override
    protected void setup(Context context) throws IOException {
      Configuration conf = context.getConfiguration();
      String[] columns = conf.getStrings(COLUMNS);
      families = new byte[columns.length][];
      qualifiers = new byte[columns.length][];
      for (int i = 0; i < columns.length; i++) {
        if (columns[i].equals(ROW_KEY)) {
          rowIndex = i;
          continue;
        }
        int colon = columns[i].indexOf(':');
        families[i] = Bytes.toBytes(colon < 0 ? columns[i] : columns[i].substring(0, colon));
        qualifiers[i] = colon < 0 ? Bytes.EMPTY : Bytes.toBytes(columns[i].substring(colon + 1));
      }
      separator = conf.get(SEPARATOR, "\t").charAt(0);
      skipBad = conf.getBoolean(SKIP_BAD_LINES, true);
      timestamp = conf.getLong(TIMESTAMP, System.currentTimeMillis());
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      String[] fields = split(line.toString(), separator);
      if (fields.length != families.length || fields[rowIndex].isEmpty()) {
        context.getCounter(Counters.BAD_LINES).increment(1);
        if (skipBad) {
          return;
        }
        throw new IOException("line at offset " + offset.get() + " has " + fields.length
            + " fields" + (fields.length == families.length ? " and an empty row key" : "")
            + "; " + COLUMNS + " names " + families.length + " (set " + SKIP_BAD_LINES
            + "=true to skip such lines)");
      }
      byte[] row = Bytes.toBytes(fields[rowIndex]);
      Put put = new Put(row);
      for (int i = 0; i < fields.length; i++) {
        if (i != rowIndex) {
          put.addColumn(families[i], qualifiers[i], timestamp, Bytes.toBytes(fields[i]));
        }
      }
      context.getCounter(Counters.ROWS).increment(1);
      context.write(new ImmutableBytesWritable(row), put);
    }

    private static String[] split(String line, char separator) {
      List<String> out = new ArrayList<>();
      int from = 0;
      for (int i = 0; i <= line.length(); i++) {
        if (i == line.length() || line.charAt(i) == separator) {
          out.add(line.substring(from, i));
          from = i + 1;
        }
      }
      return out.toArray(new String[0]);
    }
  }

  @Override
  protected String usage() {
    return "Usage: bin/strata importtsv -Dimporttsv.columns=a,b,c [-D...] TABLE INPUTDIR\n"
        + "  Imports the lines of the text files in INPUTDIR into TABLE. importtsv.columns names "
        + "each field:\n  HBASE_ROW_KEY once (the row), family:qualifier for the others.\n"
        + "  -Dimporttsv.bulk.output=DIR   write block files to DIR for bin/strata "
        + "completebulkload DIR TABLE\n"
        + "  -Dimporttsv.separator=|       the field separator (default a tab)\n"
        + "  -Dimporttsv.skip.bad.lines=false   fail on a line that cannot be read (default: "
        + "count it as a bad line and go on)\n"
        + "  -Dimporttsv.timestamp=MS      the cells' timestamp (default: now)";
  }

  @Override
  protected Job createJob(Configuration conf, String[] args) throws Exception {
    Options o = new Options(args, List.of());
    if (o.positional.size() != 2) {
      throw new UsageException("importtsv takes TABLE and INPUTDIR; it was given "
          + o.positional.size() + " arguments");
    }
    String[] columns = conf.getStrings(COLUMNS);
    if (columns == null || columns.length < 2) {
      throw new UsageException("-D" + COLUMNS + "= must name the row key (" + ROW_KEY
          + ") and at least one column");
    }
    long keys = java.util.Arrays.stream(columns).filter(ROW_KEY::equals).count();
    if (keys != 1) {
      throw new UsageException("-D" + COLUMNS + "= must name " + ROW_KEY + " exactly once, "
          + "not " + keys + " times");
    }
    String separator = conf.get(SEPARATOR, "\t");
    if (separator.length() != 1) {
      throw new UsageException("-D" + SEPARATOR + "=" + separator + " must be one character");
    }
    TableName table = TableName.valueOf(o.positional.get(0));
    Job job = Job.getInstance(conf, "importtsv_" + table);
    job.setJarByClass(ImportTsv.class);
    job.getConfiguration().setLong(TIMESTAMP, conf.getLong(TIMESTAMP,
        System.currentTimeMillis()));
    job.setInputFormatClass(TextInputFormat.class);
    FileInputFormat.setInputPaths(job, new Path(o.positional.get(1)));
    job.setMapperClass(TsvMapper.class);
    job.setMapOutputKeyClass(ImmutableBytesWritable.class);
    job.setMapOutputValueClass(Put.class);
    String bulk = conf.get(BULK_OUTPUT);
    if (bulk == null) {
      TableMapReduceUtil.initTableReducerJob(table.getNameAsString(), null, job);
      job.setNumReduceTasks(0);
      return job;
    }
    try (Connection connection = ConnectionFactory.createConnection(
        StrataJobConfiguration.toStrata(conf));
        RegionLocator locator = connection.getRegionLocator(table)) {
      if (!connection.getAdmin().tableExists(table)) {
        throw new UsageException("table " + table + " does not exist; create it with the "
            + "families of " + COLUMNS + " first");
      }
      BlockFileOutputFormat.configureIncrementalLoad(job,
          connection.getAdmin().getDescriptor(table), locator.getAllRegionLocations(),
          new Path(bulk));
    }
    return job;
  }

  public static void main(String[] args) throws Exception {
    JobTool.main(new ImportTsv(), args);
  }
}
