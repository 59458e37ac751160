package io.strata.mapreduce;

import io.strata.common.conf.ConfigKey;
import io.strata.common.conf.MapReduceKeys;
import io.strata.common.security.Token;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.security.Credentials;

/**
 * Strata's delegation tokens in a Hadoop job's credentials: kind {@value #KIND_NAME}, service
 * {@code strata:<cluster id>}, the identifier and password as the cluster issued them.
 */
public final class StrataTokens {
  public static final String KIND_NAME = "STRATA_AUTH_TOKEN";
  public static final Text KIND = new Text(KIND_NAME);

  /** The delegation tokens of jobs this process submitted to the local runner, by id. */
  private static final Map<Long, Token> LOCAL_JOBS = new ConcurrentHashMap<>();

  private StrataTokens() {}

  /** {@code t} as a Hadoop token of the cluster {@code clusterId}. */
  public static org.apache.hadoop.security.token.Token<StrataTokenIdentifier> toHadoop(Token t,
      String clusterId) {
    return new org.apache.hadoop.security.token.Token<>(t.identifier(), t.password(), KIND,
        new Text("strata:" + clusterId));
  }

  /** The Strata token a Hadoop token carries. */
  public static Token fromHadoop(org.apache.hadoop.security.token.Token<?> t)
      throws IOException {
    return Token.of(t.getIdentifier(), t.getPassword());
  }

  /** The first Strata token among {@code credentials}, or null (a job that needs none). */
  public static Token find(Credentials credentials) throws IOException {
    return find(credentials, null);
  }

  /** The Strata token {@code id} among {@code credentials} (any, when null), or null. */
  private static Token find(Credentials credentials, Long id) throws IOException {
    if (credentials == null) {
      return null;
    }
    for (org.apache.hadoop.security.token.Token<?> t : credentials.getAllTokens()) {
      if (KIND.equals(t.getKind())) {
        Token token = fromHadoop(t);
        if (id == null || token.id() == id) {
          return token;
        }
      }
    }
    return null;
  }

  /**
   * The Strata delegation token of the job {@code context} belongs to, or null when {@link
   * TableMapReduceUtil#initCredentials} gave it none (a cluster that asks for no proof).
   *
   * <p>A task finds it in the job's credentials. On Hadoop's local runner those may be empty:
   * LocalJobRunner.submitJob hands the job its credentials only after starting the thread that
   * copies the job's configuration, credentials and all, into each task, so a submitter thread
   * held up for a moment leaves the tasks without them. For such jobs initCredentials also
   * records the token in this process, where the local runner runs the tasks, and a task finds
   * it there by the id the job's configuration records.
   */
  public static Token ofJob(JobContext context) throws IOException {
    return ofJob(context, MapReduceKeys.DELEGATION_TOKEN_ID);
  }

  /**
   * The delegation token whose id the job's configuration records under {@code id}: {@link
   * MapReduceKeys#DELEGATION_TOKEN_ID} for the cluster the job reads, {@link
   * MapReduceKeys#OUTPUT_DELEGATION_TOKEN_ID} for another it writes to; as {@link
   * #ofJob(JobContext)} finds it.
   */
  static Token ofJob(JobContext context, ConfigKey<String> id) throws IOException {
    String recorded = context.getConfiguration().get(id.name(), "");
    if (recorded.isEmpty()) {
      return find(context.getCredentials());
    }
    long tokenId = Long.parseUnsignedLong(recorded);
    Token t = find(context.getCredentials(), tokenId);
    if (t == null) {
      t = LOCAL_JOBS.get(tokenId);
    }
    if (t == null) {
      throw new IOException("the job's Strata delegation token " + recorded + " ("
          + id.name() + ") is not in the task's credentials; "
          + "submit the job with the credentials TableMapReduceUtil.initCredentials gave it");
    }
    return t;
  }

  /**
   * Records {@code t}, a delegation token of {@code job} ({@code hadoop} in Hadoop's form, its
   * id under {@code id}), where {@link #ofJob} finds it: in the job's credentials (by its
   * cluster's id, so each cluster's token has its own place) and configuration, and for a job on
   * the local runner in this process as well (see there). Those of ended jobs are not tracked;
   * a token past its hard end is dropped when another is recorded.
   */
  static void addToJob(org.apache.hadoop.mapreduce.Job job,
      org.apache.hadoop.security.token.Token<StrataTokenIdentifier> hadoop, Token t,
      ConfigKey<String> id) {
    job.getCredentials().addToken(hadoop.getService(), hadoop);
    job.getConfiguration().set(id.name(), Long.toUnsignedString(t.id()));
    if ("local".equals(job.getConfiguration().get("mapreduce.framework.name", "local"))) {
      long now = System.currentTimeMillis();
      LOCAL_JOBS.values().removeIf(old -> old.expiredAt(now));
      LOCAL_JOBS.put(t.id(), t);
    }
  }
}
