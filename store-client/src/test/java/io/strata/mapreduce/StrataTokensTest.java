package io.strata.mapreduce;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.conf.MapReduceKeys;
import io.strata.common.security.Token;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.task.JobContextImpl;
import org.junit.jupiter.api.Test;

/**
 * Where a job's tasks find its Strata delegation token: in the job's credentials, and on the
 * local runner, whose tasks may start with empty ones, in the process that submitted the job.
 */
class StrataTokensTest {
  private static final long HOUR = 3_600_000;

  private static Token token(long id, long expiresMillis) throws IOException {
    return Token.of(Token.identifier("alice", id, 1_000, expiresMillis, true),
        new byte[] {1, 2, (byte) id});
  }

  /** A job given {@code t} as initCredentials gives it, run on {@code framework}. */
  private static Job job(Token t, String framework) throws IOException {
    Configuration conf = new Configuration(false);
    conf.set("mapreduce.framework.name", framework);
    Job job = Job.getInstance(conf);
    StrataTokens.addToJob(job, StrataTokens.toHadoop(t, "c1"), t,
        MapReduceKeys.DELEGATION_TOKEN_ID);
    return job;
  }

  /** A task's view of {@code job} as the local runner's race leaves it: no credentials. */
  private static JobContext taskWithoutCredentials(Job job) {
    return new JobContextImpl(new Configuration(job.getConfiguration()), new JobID("local", 1));
  }

  private static void assertSameToken(Token expected, Token actual) {
    assertEquals(expected.id(), actual.id());
    assertEquals(expected.user(), actual.user());
    assertArrayEquals(expected.password(), actual.password());
  }

  private static String missing(long id) {
    return "the job's Strata delegation token " + Long.toUnsignedString(id)
        + " (strata.mapreduce.delegation.token.id) is not in the task's credentials; submit the "
        + "job with the credentials TableMapReduceUtil.initCredentials gave it";
  }

  @Test
  void aTaskFindsTheJobsTokenInTheJobsCredentials() throws Exception {
    Token t = token(-7, System.currentTimeMillis() + HOUR);
    Job job = job(t, "yarn");
    assertEquals(1, job.getCredentials().getAllTokens().size());
    assertSameToken(t, StrataTokens.ofJob(job));
    assertEquals(Long.toUnsignedString(-7),
        job.getConfiguration().get(MapReduceKeys.DELEGATION_TOKEN_ID.name()));
  }

  @Test
  void aLocalTaskWithoutTheJobsCredentialsFindsTheTokenInTheSubmittingProcess()
      throws Exception {
    long until = System.currentTimeMillis() + HOUR;
    Token first = token(41, until);
    Token second = token(42, until);
    Job one = job(first, "local");
    Job two = job(second, "local");
    // The next job's credentials do not pick the first job's token up.
    assertEquals(1, two.getCredentials().getAllTokens().size());
    assertTrue(taskWithoutCredentials(one).getCredentials().getAllTokens().isEmpty());
    // Each job's own token, by the id its configuration records.
    assertSameToken(first, StrataTokens.ofJob(taskWithoutCredentials(one)));
    assertSameToken(second, StrataTokens.ofJob(taskWithoutCredentials(two)));
  }

  @Test
  void aTaskFindingTheTokenNowhereSaysWhatToDo() throws Exception {
    // A job for YARN is not kept in the submitting process: its tasks run elsewhere.
    Job yarn = job(token(43, System.currentTimeMillis() + HOUR), "yarn");
    assertEquals(missing(43), assertThrows(IOException.class,
        () -> StrataTokens.ofJob(taskWithoutCredentials(yarn))).getMessage());
    // A token past its hard end is dropped once another is kept.
    Job expired = job(token(44, System.currentTimeMillis() - 1), "local");
    job(token(45, System.currentTimeMillis() + HOUR), "local");
    assertEquals(missing(44), assertThrows(IOException.class,
        () -> StrataTokens.ofJob(taskWithoutCredentials(expired))).getMessage());
  }

  @Test
  void aJobWithoutATokenNeedsNone() throws Exception {
    Job job = Job.getInstance(new Configuration(false));
    assertNull(StrataTokens.ofJob(job));
    assertNull(StrataTokens.ofJob(taskWithoutCredentials(job)));
  }
}
