package io.strata.mapreduce;

import io.strata.client.BufferedMutator;
import io.strata.client.Delete;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.common.conf.MapReduceKeys;
import io.strata.common.schema.TableName;
import java.io.IOException;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Writes a job's puts and deletes to the table in {@code strata.mapred.outputtable}, through a
 * write buffer per task, as HBase's TableOutputFormat; the keys are ignored. A task's writes are
 * flushed when it ends: a failed task's partial writes stay, and its retry writes them again
 * (puts and deletes are idempotent at their timestamps).
 */
public class TableOutputFormat<KEY> extends OutputFormat<KEY, Mutation> implements Configurable {
  private Configuration conf;

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
  }

  private Configuration conf(JobContext context) {
    return conf != null ? conf : context.getConfiguration();
  }

  static TableName outputTable(Configuration conf) throws IOException {
    String name = conf.get(MapReduceKeys.OUTPUT_TABLE.name(), "");
    if (name.isEmpty()) {
      throw new IOException("the job names no table to write; set "
          + MapReduceKeys.OUTPUT_TABLE.name() + " (TableMapReduceUtil.initTableReducerJob does)");
    }
    return TableName.valueOf(name);
  }

  @Override
  public RecordWriter<KEY, Mutation> getRecordWriter(TaskAttemptContext context)
      throws IOException {
    Configuration c = conf(context);
    TableName table = outputTable(c);
    TaskConnections.Lease connection = TaskConnections.acquire(outputCluster(c),
        outputToken(context));
    try {
      return new MutationWriter<>(connection, connection.connection().getBufferedMutator(table));
    } catch (RuntimeException e) {
      connection.close();
      throw e;
    }
  }

  @Override
  public void checkOutputSpecs(JobContext context) throws IOException {
    TableName table = outputTable(conf(context));
    try (TaskConnections.Lease connection = TaskConnections.acquire(
        outputCluster(conf(context)), outputToken(context))) {
      if (!connection.connection().getAdmin().tableExists(table)) {
        throw new IOException("the job's output table " + table + " does not exist; create it "
            + "first");
      }
    }
  }

  @Override
  public OutputCommitter getOutputCommitter(TaskAttemptContext context) {
    return new TableOutputCommitter();
  }

  /** Whether the job writes to another cluster than it reads: strata.mapred.output.quorum. */
  static boolean writesToPeer(Configuration conf) {
    String quorum = conf.get(MapReduceKeys.OUTPUT_QUORUM.name(), "");
    return !quorum.isEmpty() && !quorum.equals(StrataJobConfiguration.toStrata(conf)
        .getRaw(io.strata.common.conf.CoreKeys.ZOOKEEPER_QUORUM.name()));
  }

  /** The delegation token with which the job's tasks prove the user where they write. */
  static io.strata.common.security.Token outputToken(JobContext context) throws IOException {
    return StrataTokens.ofJob(context, writesToPeer(context.getConfiguration())
        ? MapReduceKeys.OUTPUT_DELEGATION_TOKEN_ID : MapReduceKeys.DELEGATION_TOKEN_ID);
  }

  /** The cluster written to: the job's, or the one {@code strata.mapred.output.quorum} names. */
  static io.strata.common.conf.StrataConfiguration outputCluster(Configuration conf) {
    io.strata.common.conf.StrataConfiguration s = StrataJobConfiguration.toStrata(conf);
    String quorum = conf.get(MapReduceKeys.OUTPUT_QUORUM.name(), "");
    if (!quorum.isEmpty()) {
      s.set(io.strata.common.conf.CoreKeys.ZOOKEEPER_QUORUM.name(), quorum);
    }
    return s;
  }

  /** Puts and deletes into one table's write buffer. */
  static final class MutationWriter<K> extends RecordWriter<K, Mutation> {
    private final TaskConnections.Lease connection;
    private final BufferedMutator mutator;

    MutationWriter(TaskConnections.Lease connection, BufferedMutator mutator) {
      this.connection = connection;
      this.mutator = mutator;
    }

    @Override
    public void write(K key, Mutation value) throws IOException {
      mutator.mutate(checked(value));
    }

    @Override
    public void close(TaskAttemptContext context) throws IOException {
      try {
        mutator.close();
      } finally {
        connection.close();
      }
    }
  }

  /** A Put or Delete; anything else is the job's mistake, named. */
  static Mutation checked(Mutation m) throws IOException {
    if (m instanceof Put || m instanceof Delete) {
      return m;
    }
    throw new IOException("a table output takes puts and deletes, not "
        + (m == null ? "null" : m.getClass().getSimpleName()) + "; write increments and "
        + "appends through a Table in the task");
  }
}
