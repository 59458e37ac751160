package io.strata.mapreduce;

import io.strata.client.BufferedMutator;
import io.strata.client.Mutation;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Writes puts and deletes to several tables, as HBase's MultiTableOutputFormat: each record's key
 * is the name of its table (an {@link ImmutableBytesWritable} of the name's bytes), each table
 * gets a write buffer of its own in the task.
 */
public class MultiTableOutputFormat extends OutputFormat<ImmutableBytesWritable, Mutation> {
  @Override
  public RecordWriter<ImmutableBytesWritable, Mutation> getRecordWriter(
      TaskAttemptContext context) throws IOException {
    TaskConnections.Lease connection = TaskConnections.acquire(
        StrataJobConfiguration.toStrata(context.getConfiguration()), StrataTokens.ofJob(context));
    return new RecordWriter<>() {
      private final Map<TableName, BufferedMutator> mutators = new HashMap<>();

      @Override
      public void write(ImmutableBytesWritable table, Mutation value) throws IOException {
        TableName name = TableName.valueOf(io.strata.common.util.Bytes.toString(table.get()));
        BufferedMutator m = mutators.get(name);
        if (m == null) {
          m = connection.connection().getBufferedMutator(name);
          mutators.put(name, m);
        }
        m.mutate(TableOutputFormat.checked(value));
      }

      @Override
      public void close(TaskAttemptContext c) throws IOException {
        IOException failed = null;
        for (BufferedMutator m : mutators.values()) {
          try {
            m.close();
          } catch (IOException e) {
            failed = e;
          }
        }
        connection.close();
        if (failed != null) {
          throw failed;
        }
      }
    };
  }

  @Override
  public void checkOutputSpecs(JobContext context) {
    // The tables are named by the records; each must exist when written.
  }

  @Override
  public OutputCommitter getOutputCommitter(TaskAttemptContext context) {
    return new TableOutputCommitter();
  }
}
