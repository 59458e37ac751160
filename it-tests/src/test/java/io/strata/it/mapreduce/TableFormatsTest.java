package io.strata.it.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.mapreduce.ImmutableBytesWritable;
import io.strata.mapreduce.TableInputFormatBase;
import io.strata.mapreduce.TableMapReduceUtil;
import io.strata.mapreduce.TableMapper;
import io.strata.mapreduce.TableReducer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TableInputFormat, MultiTableInputFormat and TableOutputFormat on Hadoop's local job runner
 * against a mini cluster: every row read once, also while regions split and move under the
 * job; copies exact; reducers writing to tables; bad settings refused with their reason.
 */
class TableFormatsTest {
  static final byte[] F = Bytes.toBytes("f");
  static final byte[] Q = Bytes.toBytes("q");
  private static final TableName SOURCE = TableName.valueOf("source");
  private static final TableName COPY = TableName.valueOf("copy");

  @TempDir
  Path dir;

  enum Rows { READ }

  static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%05d", i));
  }

  private static void createAndFill(Admin admin, Table t, TableName name, int rows,
      int regions) throws IOException {
    byte[][] splits = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      splits[i - 1] = row(i * rows / regions);
    }
    admin.createTable(TableDescriptor.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(), splits);
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      puts.add(new Put(row(i)).addColumn(F, Q, Bytes.toBytes("v" + i)));
    }
    t.put(puts);
  }

  private static Map<String, String> contents(Table t) throws IOException {
    Map<String, String> m = new TreeMap<>();
    try (ResultScanner rs = t.getScanner(new Scan())) {
      for (Result r : rs) {
        m.put(Bytes.toString(r.getRow()), Bytes.toString(r.getValue(F, Q)));
      }
    }
    return m;
  }

  /** Copies each row it reads as a put, counting them. */
  public static class CopyMapper extends TableMapper<ImmutableBytesWritable, Put> {
    @Override
    protected void map(ImmutableBytesWritable key, Result value, Context context)
        throws IOException, InterruptedException {
      context.getCounter(Rows.READ).increment(1);
      Put p = new Put(key.copyBytes());
      for (var cell : value.rawCells()) {
        p.add(cell);
      }
      context.write(key, p);
    }
  }

  /** The cluster a test's mapper may change while the job runs (one JVM: the local runner). */
  static volatile Connection cluster;
  static final AtomicBoolean CHANGED = new AtomicBoolean();

  /** As CopyMapper; ten rows into the second region, splits it and moves the third. */
  public static class SplittingCopyMapper extends CopyMapper {
    private int seen;

    @Override
    protected void map(ImmutableBytesWritable key, Result value, Context context)
        throws IOException, InterruptedException {
      super.map(key, value, context);
      if (++seen == 10 && Bytes.compare(key.get(), row(250)) >= 0
          && Bytes.compare(key.get(), row(500)) < 0 && CHANGED.compareAndSet(false, true)) {
        Admin admin = cluster.getAdmin();
        admin.split(SOURCE, row(400)); // the region this task is reading, ahead of it
        admin.move(admin.getRegions(SOURCE).stream().filter(r -> Bytes.equals(
            r.getStartKey(), row(500))).findFirst().orElseThrow().getEncodedName(), null);
      }
    }
  }

  private Job copyJob(Configuration conf, Class<? extends TableMapper> mapper, Scan scan)
      throws IOException {
    Job job = Job.getInstance(conf, "copy");
    TableMapReduceUtil.initTableMapperJob(SOURCE, scan, mapper, ImmutableBytesWritable.class,
        Put.class, job);
    TableMapReduceUtil.initTableReducerJob(COPY.getNameAsString(), null, job);
    job.setNumReduceTasks(0);
    return job;
  }

  @Test
  void aCopyJobReadsEveryRowOnceAlsoWhileRegionsSplitAndMove() throws Exception {
    try (MiniCluster mini = MiniCluster.start(dir.resolve("cluster"), 2)) {
      Connection conn = mini.connect();
      Admin admin = conn.getAdmin();
      Table source = conn.getTable(SOURCE);
      createAndFill(admin, source, SOURCE, 1000, 4);
      admin.createTable(TableDescriptor.newBuilder(COPY)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      Configuration conf = Jobs.configuration(mini.configuration(), dir);

      Job plain = copyJob(conf, CopyMapper.class, new Scan());
      assertTrue(plain.waitForCompletion(false));
      assertEquals(1000, plain.getCounters().findCounter(Rows.READ).getValue());
      assertEquals(contents(source), contents(conn.getTable(COPY)));
      assertEquals(4, new io.strata.mapreduce.TableInputFormat() {
        {
          setConf(plain.getConfiguration());
        }
      }.getSplits(plain).size(), "a split per region");

      // Again into an empty copy, the second region splitting and the third moving meanwhile.
      admin.disableTable(COPY);
      admin.truncateTable(COPY, false);
      cluster = conn;
      CHANGED.set(false);
      Job moving = copyJob(conf, SplittingCopyMapper.class, new Scan());
      assertTrue(moving.waitForCompletion(false));
      assertTrue(CHANGED.get(), "the mapper split and moved regions");
      assertEquals(5, admin.getRegions(SOURCE).size());
      assertEquals(1000, moving.getCounters().findCounter(Rows.READ).getValue(),
          "no row lost or read twice");
      assertEquals(contents(source), contents(conn.getTable(COPY)));
    }
  }

  @Test
  void scansAutobalancingAndSeveralTables() throws Exception {
    try (MiniCluster mini = MiniCluster.start(dir.resolve("cluster"), 1)) {
      Connection conn = mini.connect();
      Admin admin = conn.getAdmin();
      createAndFill(admin, conn.getTable(SOURCE), SOURCE, 600, 3);
      TableName other = TableName.valueOf("other");
      createAndFill(admin, conn.getTable(other), other, 100, 2);
      Configuration conf = Jobs.configuration(mini.configuration(), dir);

      // A range and a column, each region cut in three.
      Configuration balanced = new Configuration(conf);
      balanced.setBoolean("strata.mapreduce.input.autobalance", true);
      balanced.setInt("strata.mapreduce.tableinput.mappers.per.region", 3);
      Job job = Job.getInstance(balanced, "count");
      TableMapReduceUtil.initTableMapperJob(SOURCE, new Scan().withStartRow(row(50))
          .withStopRow(row(550)).addColumn(F, Q), CountingMapper.class, NullWritable.class,
          NullWritable.class, job);
      job.setOutputFormatClass(NullOutputFormat.class);
      job.setNumReduceTasks(0);
      assertEquals(9, new io.strata.mapreduce.TableInputFormat() {
        {
          setConf(job.getConfiguration());
        }
      }.getSplits(job).size());
      assertTrue(job.waitForCompletion(false));
      assertEquals(500, job.getCounters().findCounter(Rows.READ).getValue());

      // Two tables in one job.
      Job multi = Job.getInstance(conf, "multi");
      Scan a = new Scan().withStopRow(row(200));
      a.setAttribute(TableInputFormatBase.SCAN_TABLE_ATTRIBUTE, Bytes.toBytes("source"));
      Scan b = new Scan();
      b.setAttribute(TableInputFormatBase.SCAN_TABLE_ATTRIBUTE, Bytes.toBytes("other"));
      TableMapReduceUtil.initMultiTableMapperJob(List.of(a, b), CountingMapper.class,
          NullWritable.class, NullWritable.class, multi);
      multi.setOutputFormatClass(NullOutputFormat.class);
      multi.setNumReduceTasks(0);
      assertTrue(multi.waitForCompletion(false));
      assertEquals(300, multi.getCounters().findCounter(Rows.READ).getValue());
    }
  }

  /** Sends even rows to table "evens" and odd ones to "odds", through MultiTableOutputFormat. */
  public static class SplittingMapper extends TableMapper<ImmutableBytesWritable, Put> {
    @Override
    protected void map(ImmutableBytesWritable key, Result value, Context context)
        throws IOException, InterruptedException {
      int n = Integer.parseInt(Bytes.toString(key.get()).substring(3));
      Put p = new Put(key.copyBytes());
      for (var cell : value.rawCells()) {
        p.add(cell);
      }
      context.write(new ImmutableBytesWritable(Bytes.toBytes(n % 2 == 0 ? "evens" : "odds")), p);
    }
  }

  @Test
  void aScanFromConfigurationKeysIntoSeveralTables() throws Exception {
    try (MiniCluster mini = MiniCluster.start(dir.resolve("cluster"), 1)) {
      Connection conn = mini.connect();
      Admin admin = conn.getAdmin();
      Table source = conn.getTable(SOURCE);
      createAndFill(admin, source, SOURCE, 200, 2);
      for (String t : List.of("evens", "odds")) {
        admin.createTable(TableDescriptor.newBuilder(TableName.valueOf(t))
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      }
      Configuration conf = Jobs.configuration(mini.configuration(), dir);
      conf.set("strata.mapreduce.inputtable", "source");
      conf.set("strata.mapreduce.scan.row.start", "row00050");
      conf.set("strata.mapreduce.scan.row.stop", "row00150");
      conf.set("strata.mapreduce.scan.columns", "f:q");
      Job job = Job.getInstance(conf, "split by parity");
      job.setInputFormatClass(io.strata.mapreduce.TableInputFormat.class);
      job.setMapperClass(SplittingMapper.class);
      job.setOutputFormatClass(io.strata.mapreduce.MultiTableOutputFormat.class);
      job.setNumReduceTasks(0);
      assertTrue(job.waitForCompletion(false));
      Map<String, String> evens = new TreeMap<>();
      Map<String, String> odds = new TreeMap<>();
      for (int i = 50; i < 150; i++) {
        (i % 2 == 0 ? evens : odds).put(Bytes.toString(row(i)), "v" + i);
      }
      assertEquals(evens, contents(conn.getTable(TableName.valueOf("evens"))));
      assertEquals(odds, contents(conn.getTable(TableName.valueOf("odds"))));
    }
  }

  /** Counts rows. */
  public static class CountingMapper extends TableMapper<NullWritable, NullWritable> {
    @Override
    protected void map(ImmutableBytesWritable key, Result value, Context context) {
      context.getCounter(Rows.READ).increment(1);
    }
  }

  /** Emits each row's value's last digit with a 1. */
  public static class DigitMapper extends TableMapper<Text, LongWritable> {
    @Override
    protected void map(ImmutableBytesWritable key, Result value, Context context)
        throws IOException, InterruptedException {
      String v = Bytes.toString(value.getValue(F, Q));
      context.write(new Text(v.substring(v.length() - 1)), new LongWritable(1));
    }
  }

  /** Writes each digit's count as a row of the output table. */
  public static class SumReducer extends TableReducer<Text, LongWritable, ImmutableBytesWritable> {
    @Override
    protected void reduce(Text digit, Iterable<LongWritable> ones, Context context)
        throws IOException, InterruptedException {
      long n = 0;
      for (LongWritable one : ones) {
        n += one.get();
      }
      byte[] row = Bytes.toBytes(digit.toString());
      context.write(new ImmutableBytesWritable(row), new Put(row).addColumn(F, Q,
          Bytes.toBytes(Long.toString(n))));
    }
  }

  @Test
  void aReducerWritesToATableAndBadSettingsAreRefused() throws Exception {
    try (MiniCluster mini = MiniCluster.start(dir.resolve("cluster"), 1)) {
      Connection conn = mini.connect();
      Admin admin = conn.getAdmin();
      createAndFill(admin, conn.getTable(SOURCE), SOURCE, 300, 3);
      TableName counts = TableName.valueOf("counts");
      admin.createTable(TableDescriptor.newBuilder(counts)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      Configuration conf = Jobs.configuration(mini.configuration(), dir);
      Job job = Job.getInstance(conf, "digits");
      TableMapReduceUtil.initTableMapperJob(SOURCE, new Scan(), DigitMapper.class, Text.class,
          LongWritable.class, job);
      TableMapReduceUtil.initTableReducerJob("counts", SumReducer.class, job);
      job.setNumReduceTasks(2);
      assertTrue(job.waitForCompletion(false));
      Map<String, String> expected = new TreeMap<>();
      for (int d = 0; d < 10; d++) {
        expected.put(Integer.toString(d), "30");
      }
      assertEquals(expected, contents(conn.getTable(counts)));

      // An output table that does not exist fails the job before it runs.
      Job missing = Job.getInstance(conf, "missing");
      TableMapReduceUtil.initTableMapperJob(SOURCE, new Scan(), DigitMapper.class, Text.class,
          LongWritable.class, missing);
      TableMapReduceUtil.initTableReducerJob("nowhere", SumReducer.class, missing);
      IOException e = assertThrows(IOException.class, () -> missing.waitForCompletion(false));
      assertEquals("the job's output table nowhere does not exist; create it first",
          e.getMessage());
      // An input table that does not exist: the splits cannot be made.
      Job noInput = Job.getInstance(conf, "no input");
      TableMapReduceUtil.initTableMapperJob("absent", new Scan(), CountingMapper.class,
          NullWritable.class, NullWritable.class, noInput);
      noInput.setOutputFormatClass(NullOutputFormat.class);
      IOException absent = assertThrows(IOException.class,
          () -> noInput.waitForCompletion(false));
      assertEquals("table absent of the job does not exist; create it or name another "
          + "(strata.mapreduce.inputtable)", absent.getMessage());
      assertFalse(admin.tableExists(TableName.valueOf("absent")));
    }
  }
}
