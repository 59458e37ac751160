package io.strata.mapreduce;

import io.strata.client.Mutation;
import io.strata.client.Scan;
import io.strata.client.internal.OperationProtos;
import io.strata.common.conf.MapReduceKeys;
import io.strata.common.proto.ClientProtos.ScanProto;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/**
 * Sets up a job over tables, as HBase's TableMapReduceUtil: its input (a table and a scan, or
 * several scans), its mapper, its output table and reducer, and the jars its tasks need.
 *
 * <pre>{@code
 * Job job = Job.getInstance(StrataJobConfiguration.create(), "count users");
 * TableMapReduceUtil.initTableMapperJob("users", new Scan().addFamily(F), CountMapper.class,
 *     Text.class, LongWritable.class, job);
 * TableMapReduceUtil.initTableReducerJob("user_counts", SumReducer.class, job);
 * job.waitForCompletion(true);
 * }</pre>
 */
public final class TableMapReduceUtil {
  private TableMapReduceUtil() {}

  /** Reads {@code table} with {@code scan}, a split per region, into {@code mapper}. */
  public static void initTableMapperJob(String table, Scan scan,
      Class<? extends TableMapper> mapper, Class<?> outputKeyClass, Class<?> outputValueClass,
      Job job) throws IOException {
    initTableMapperJob(table, scan, mapper, outputKeyClass, outputValueClass, job, true);
  }

  public static void initTableMapperJob(TableName table, Scan scan,
      Class<? extends TableMapper> mapper, Class<?> outputKeyClass, Class<?> outputValueClass,
      Job job) throws IOException {
    initTableMapperJob(table.getNameAsString(), scan, mapper, outputKeyClass, outputValueClass,
        job, true);
  }

  /** As above; {@code addDependencyJars} ships Strata's jars with the job (for a cluster). */
  public static void initTableMapperJob(String table, Scan scan,
      Class<? extends TableMapper> mapper, Class<?> outputKeyClass, Class<?> outputValueClass,
      Job job, boolean addDependencyJars) throws IOException {
    job.setInputFormatClass(TableInputFormat.class);
    setMapper(job, mapper, outputKeyClass, outputValueClass);
    Configuration conf = job.getConfiguration();
    conf.set(MapReduceKeys.INPUT_TABLE.name(), TableName.valueOf(table).getNameAsString());
    conf.set(MapReduceKeys.SCAN.name(), convertScanToString(scan));
    if (scan.getCaching() > 0) {
      conf.setInt(MapReduceKeys.SCAN_CACHEDROWS.name(), scan.getCaching());
    }
    if (addDependencyJars) {
      addDependencyJars(job);
    }
  }

  /**
   * Reads every scan of {@code scans}, each naming its table in the attribute {@value
   * TableInputFormatBase#SCAN_TABLE_ATTRIBUTE}, into {@code mapper}.
   */
  public static void initMultiTableMapperJob(List<Scan> scans,
      Class<? extends TableMapper> mapper, Class<?> outputKeyClass, Class<?> outputValueClass,
      Job job) throws IOException {
    job.setInputFormatClass(MultiTableInputFormat.class);
    setMapper(job, mapper, outputKeyClass, outputValueClass);
    List<String> encoded = new ArrayList<>();
    for (Scan s : scans) {
      TableInputFormatBase.tableOf(s);
      encoded.add(convertScanToString(s));
    }
    job.getConfiguration().setStrings(MapReduceKeys.SCANS.name(),
        encoded.toArray(new String[0]));
    addDependencyJars(job);
  }

  private static void setMapper(Job job, Class<?> mapper, Class<?> outputKeyClass,
      Class<?> outputValueClass) {
    if (mapper != null) {
      job.setMapperClass(mapper.asSubclass(org.apache.hadoop.mapreduce.Mapper.class));
    }
    if (outputKeyClass != null) {
      job.setMapOutputKeyClass(outputKeyClass);
    }
    if (outputValueClass != null) {
      job.setMapOutputValueClass(outputValueClass);
    }
  }

  /**
   * Writes the job's output (its reducer's, or with no reducer its mapper's) to {@code table}
   * through {@link TableOutputFormat}; {@code reducer} null leaves the reduce phase as it is.
   */
  public static void initTableReducerJob(String table, Class<? extends TableReducer> reducer,
      Job job) throws IOException {
    job.setOutputFormatClass(TableOutputFormat.class);
    if (reducer != null) {
      job.setReducerClass(reducer);
    }
    job.setOutputKeyClass(ImmutableBytesWritable.class);
    job.setOutputValueClass(Mutation.class);
    job.getConfiguration().set(MapReduceKeys.OUTPUT_TABLE.name(),
        TableName.valueOf(table).getNameAsString());
    addDependencyJars(job);
  }

  /**
   * Gives the job a delegation token for its tasks, as HBase's: when the submitting client
   * proves its user with Kerberos or a token (STRATA_TOKEN_FILE, strata.client.token.file), it
   * obtains a delegation token for that user and adds it to the job's credentials, with which
   * every task proves the user without the submitter's token file or Kerberos login (for a job
   * on the local runner, see {@link StrataTokens#ofJob}). A job writing to another cluster
   * (strata.mapred.output.quorum, copytable --peer.adr) gets one of that cluster too, as
   * HBase's; call this after the output is set. Nothing for a cluster that does not
   * authenticate. A job running past strata.security.delegation.token.renew.interval needs its
   * tokens renewed (YARN does so through {@link StrataTokenRenewer}); docs/mapreduce.md.
   */
  public static void initCredentials(Job job) throws IOException {
    io.strata.common.conf.StrataConfiguration conf =
        StrataJobConfiguration.toStrata(job.getConfiguration());
    if (io.strata.common.security.TokenFile.configured(conf).isEmpty()
        && io.strata.common.security.AuthenticationMode.of(conf)
            != io.strata.common.security.AuthenticationMode.KERBEROS) {
      return; // the client proves no user: the cluster asks for none
    }
    addDelegationToken(job, conf, MapReduceKeys.DELEGATION_TOKEN_ID);
    if (TableOutputFormat.writesToPeer(job.getConfiguration())) {
      addDelegationToken(job, TableOutputFormat.outputCluster(job.getConfiguration()),
          MapReduceKeys.OUTPUT_DELEGATION_TOKEN_ID);
    }
  }

  /** Obtains a delegation token of the cluster {@code cluster} names for the job ({@code id}). */
  private static void addDelegationToken(Job job, io.strata.common.conf.StrataConfiguration
      cluster, io.strata.common.conf.ConfigKey<String> id) throws IOException {
    try (io.strata.client.Connection c = io.strata.client.ConnectionFactory
        .createConnection(cluster)) {
      io.strata.common.security.Token t = c.getAdmin().obtainDelegationToken();
      String clusterId = c.getAdmin().getClusterStatus().clusterId();
      StrataTokens.addToJob(job, StrataTokens.toHadoop(t, clusterId), t, id);
    }
  }

  /** A scan as one line (Base64 of its protobuf form), as a job's configuration carries it. */
  public static String convertScanToString(Scan scan) {
    return Base64.getEncoder().encodeToString(OperationProtos.toProto(scan).toByteArray());
  }

  /** The scan {@link #convertScanToString} wrote. */
  public static Scan convertStringToScan(String encoded) throws IOException {
    try {
      return OperationProtos.toScan(ScanProto.parseFrom(Base64.getDecoder().decode(encoded)));
    } catch (IllegalArgumentException | com.google.protobuf.InvalidProtocolBufferException e) {
      throw new IOException("the job's scan is not one TableMapReduceUtil.convertScanToString "
          + "wrote: " + e.getMessage(), e);
    }
  }

  /**
   * The scan as a job's tasks run it: blocks not cached (unless {@code
   * strata.mapreduce.scan.cacheblocks}), {@code strata.mapreduce.scan.cachedrows} rows a call.
   */
  static Scan forJob(Scan scan, Configuration conf) {
    return new Scan(scan)
        .setCacheBlocks(conf.getBoolean(MapReduceKeys.SCAN_CACHEBLOCKS.name(), false))
        .setCaching(conf.getInt(MapReduceKeys.SCAN_CACHEDROWS.name(),
            Integer.parseInt(MapReduceKeys.SCAN_CACHEDROWS.defaultValue())));
  }

  /**
   * Ships the jars of Strata's client and what it needs (protobuf, ZooKeeper, Netty) with the
   * job ({@code tmpjars}), so a cluster's tasks find them. Classes loaded from directories (a
   * build's classes, the local runner) need no jar and are skipped.
   */
  public static void addDependencyJars(Job job) throws IOException {
    Set<String> jars = new LinkedHashSet<>();
    String existing = job.getConfiguration().get("tmpjars", "");
    if (!existing.isEmpty()) {
      jars.addAll(List.of(existing.split(",")));
    }
    List<Class<?>> classes = new ArrayList<>(List.of(TableMapReduceUtil.class, Bytes.class,
        com.google.protobuf.Message.class, org.apache.zookeeper.ZooKeeper.class,
        io.netty.channel.Channel.class, io.netty.buffer.ByteBuf.class,
        io.netty.util.Recycler.class));
    try {
      classes.add(job.getMapperClass());
      classes.add(job.getReducerClass());
    } catch (ClassNotFoundException e) {
      throw new IOException("the job's mapper or reducer class cannot be loaded: "
          + e.getMessage(), e);
    }
    for (Class<?> c : classes) {
      String jar = jarOf(c);
      if (jar != null) {
        jars.add(jar);
      }
    }
    if (!jars.isEmpty()) {
      job.getConfiguration().set("tmpjars", String.join(",", jars));
    }
  }

  private static String jarOf(Class<?> c) {
    if (c == null || c.getProtectionDomain().getCodeSource() == null) {
      return null;
    }
    try {
      File f = new File(c.getProtectionDomain().getCodeSource().getLocation().toURI());
      return f.isFile() && f.getName().endsWith(".jar") ? f.toURI().toString() : null;
    } catch (URISyntaxException e) {
      return null;
    }
  }
}
