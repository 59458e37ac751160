package io.strata.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What a tool says when its job failed. */
class JobToolTest {
  @Test
  void aFailedJobsReasonIsYarnsOrWhereTheLocalRunnerLoggedIt() {
    assertEquals("Task failed task_1_0001_m_000000", JobTool.failure(
        "Task failed task_1_0001_m_000000"));
    String local = "a task failed; the local runner logged its error (logger LocalJobRunner) on "
        + "standard error";
    assertEquals(local, JobTool.failure("NA"));
    assertEquals(local, JobTool.failure(""));
    assertEquals(local, JobTool.failure(null));
  }
}
