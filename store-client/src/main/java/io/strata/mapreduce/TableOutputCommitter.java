package io.strata.mapreduce;

import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * The committer of table outputs: nothing to commit, as HBase's TableOutputCommitter. A task's
 * writes go to the table as it runs; there is no staged output to move.
 */
public class TableOutputCommitter extends OutputCommitter {
  @Override
  public void setupJob(JobContext jobContext) {}

  @Override
  public void setupTask(TaskAttemptContext taskContext) {}

  @Override
  public boolean needsTaskCommit(TaskAttemptContext taskContext) {
    return false;
  }

  @Override
  public void commitTask(TaskAttemptContext taskContext) {}

  @Override
  public void abortTask(TaskAttemptContext taskContext) {}
}
