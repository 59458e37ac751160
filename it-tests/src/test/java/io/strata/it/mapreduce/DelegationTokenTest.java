package io.strata.it.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.security.Token;
import io.strata.common.security.TokenFile;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.mapreduce.ImmutableBytesWritable;
import io.strata.mapreduce.StrataTokenIdentifier;
import io.strata.mapreduce.StrataTokens;
import io.strata.mapreduce.TableMapReduceUtil;
import io.strata.mapreduce.TableMapper;
import io.strata.shell.mapreduce.CopyTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delegation tokens on a mini cluster with token authentication: a job's tasks prove the
 * submitter's user with the token TableMapReduceUtil.initCredentials put in the job's
 * credentials (they have no token file), renewal and cancellation through Hadoop's Token API
 * (StrataTokenRenewer), expiry without renewal, a delegation token obtaining no other, and a
 * job writing to another cluster with a token of each.
 */
class DelegationTokenTest {
  private static final TableName T = TableName.valueOf("jobs");
  private static final byte[] F = Bytes.toBytes("f");
  /**
   * The renewal interval: the job must finish within it, since the local runner does not renew
   * its tokens, even on a loaded machine (it takes 2-3 s alone); the expiry check waits it out.
   */
  private static final long RENEW_MILLIS = 20_000;

  enum Rows { READ }

  /** Counts the rows its split holds. */
  public static class CountingMapper extends TableMapper<NullWritable, NullWritable> {
    @Override
    protected void map(ImmutableBytesWritable key, Result value, Context context) {
      context.getCounter(Rows.READ).increment(1);
    }
  }

  @TempDir
  Path dir;

  /** The message of the refusal a get meets on a connection proving its user with {@code t}. */
  private static String refusal(StrataConfiguration conf, Token t) throws IOException {
    try (Connection c = ConnectionFactory.createConnection(conf, t)) {
      return assertThrows(AccessDeniedException.class,
          () -> c.getTable(T).get(new Get(F))).getMessage();
    }
  }

  private static String failure(Job job) {
    try {
      return job.getStatus().getFailureInfo();
    } catch (IOException | InterruptedException e) {
      return e.toString();
    }
  }

  /**
   * Creates table T, as an operator connected by {@code op}; with {@code aliceFile}, fills it
   * with rows r000 to r099 and writes a token of alice's there.
   */
  private static void createTable(Connection op, Path aliceFile) throws IOException {
    op.getAdmin().createTable(TableDescriptor.newBuilder(T)
        .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
    if (aliceFile == null) {
      return;
    }
    Table t = op.getTable(T);
    for (int i = 0; i < 100; i++) {
      t.put(new Put(Bytes.toBytes(String.format("r%03d", i))).addColumn(F, F, F));
    }
    TokenFile.write(aliceFile, op.getAdmin().createToken("alice", Duration.ofDays(1)));
  }

  /**
   * A job writing to another cluster (copytable --peer.adr) gets a delegation token of each, and
   * its tasks prove the user to each with that cluster's own. The clusters share a secret, so
   * alice's token proves her to both; a delegation token is valid only where it is recorded.
   */
  @Test
  void aJobWritingToAnotherClusterProvesTheUserThereWithThatClustersToken() throws Exception {
    Path sourceDir = dir.resolve("cluster");
    Path peerDir = dir.resolve("peer");
    try (MiniCluster source = MiniCluster.start(MiniCluster.configuration(sourceDir)
        .set("strata.security.authentication", "token"), sourceDir, 1)) {
      Path secret = sourceDir.resolve("root").resolve("cluster.secret");
      Files.copy(secret, Files.createDirectories(peerDir.resolve("root"))
          .resolve("cluster.secret"), StandardCopyOption.COPY_ATTRIBUTES);
      try (MiniCluster peer = MiniCluster.start(MiniCluster.configuration(peerDir)
          .set("strata.security.authentication", "token"), peerDir, 1)) {
        Path aliceFile = dir.resolve("alice.token");
        for (MiniCluster c : List.of(source, peer)) {
          try (Connection op = ConnectionFactory.createConnection(c.configuration()
              .set(ClientKeys.CLUSTER_SECRET_FILE.name(), secret.toString()))) {
            createTable(op, c == source ? aliceFile : null);
          }
        }
        StrataConfiguration asAlice = source.configuration()
            .set(ClientKeys.TOKEN_FILE.name(), aliceFile.toString());
        assertEquals(0, ToolRunner.run(Jobs.configuration(asAlice, dir), new CopyTable(),
            new String[] {"--peer.adr=" + peer.configuration().getRaw(
                "strata.zookeeper.quorum"), T.getNameAsString()}));
        try (Connection c = ConnectionFactory.createConnection(peer.configuration()
            .set(ClientKeys.TOKEN_FILE.name(), aliceFile.toString()));
            ResultScanner rows = c.getTable(T).getScanner(new Scan())) {
          int n = 0;
          for (Result r : rows) {
            assertEquals(String.format("r%03d", n++), Bytes.toString(r.getRow()));
          }
          assertEquals(100, n);
        }
      }
    }
  }

  @Test
  void aJobsTasksProveTheUserWithItsDelegationTokenUntilItIsCancelledOrExpires()
      throws Exception {
    StrataConfiguration base = MiniCluster.configuration(dir.resolve("cluster"))
        .set("strata.security.authentication", "token")
        .set("strata.security.delegation.token.renew.interval", RENEW_MILLIS + "ms");
    try (MiniCluster c = MiniCluster.start(base, dir.resolve("cluster"), 1)) {
      StrataConfiguration operator = c.configuration().set(ClientKeys.CLUSTER_SECRET_FILE.name(),
          dir.resolve("cluster").resolve("root").resolve("cluster.secret").toString());
      Path aliceFile = dir.resolve("alice.token");
      try (Connection op = ConnectionFactory.createConnection(operator)) {
        createTable(op, aliceFile);
      }
      StrataConfiguration asAlice = c.configuration()
          .set(ClientKeys.TOKEN_FILE.name(), aliceFile.toString());

      // The job: its tasks have no token file, only the job's credentials.
      Configuration jobConf = Jobs.configuration(asAlice, dir);
      Job job = Job.getInstance(jobConf, "count");
      TableMapReduceUtil.initTableMapperJob(T, new Scan(), CountingMapper.class,
          NullWritable.class, NullWritable.class, job);
      TableMapReduceUtil.initCredentials(job);
      job.getConfiguration().unset(ClientKeys.TOKEN_FILE.name());
      job.setOutputFormatClass(NullOutputFormat.class);
      job.setNumReduceTasks(0);
      Collection<org.apache.hadoop.security.token.Token<?>> tokens =
          job.getCredentials().getAllTokens();
      assertEquals(1, tokens.size());
      org.apache.hadoop.security.token.Token<?> hadoop = tokens.iterator().next();
      assertEquals(StrataTokens.KIND, hadoop.getKind());
      assertEquals("alice", ((StrataTokenIdentifier) hadoop.decodeIdentifier()).getUser()
          .getUserName());
      Token delegation = StrataTokens.fromHadoop(hadoop);
      assertTrue(delegation.renewable());
      assertEquals("alice", delegation.user());
      assertTrue(job.waitForCompletion(false), () -> job.getJobName() + " failed: "
          + failure(job));
      assertEquals(100, job.getCounters().findCounter(Rows.READ).getValue());

      // Served as alice; it obtains no other token.
      try (Connection c2 = ConnectionFactory.createConnection(c.configuration(), delegation)) {
        assertTrue(c2.getTable(T).exists(new Get(Bytes.toBytes("r000"))));
        AccessDeniedException again = assertThrows(AccessDeniedException.class,
            () -> c2.getAdmin().obtainDelegationToken());
        assertEquals("a delegation token cannot obtain another; obtain delegation tokens with "
            + "the user's own token (STRATA_TOKEN_FILE) or Kerberos login", again.getMessage());
      }

      // Renewed through Hadoop's API: the expiry moves on.
      long before = System.currentTimeMillis();
      long renewed = hadoop.renew(jobConf);
      assertTrue(renewed >= before + RENEW_MILLIS - 1_000
          && renewed <= System.currentTimeMillis() + RENEW_MILLIS, renewed + " after " + before);
      // Cancelled: refused everywhere at once, and renews no more.
      hadoop.cancel(jobConf);
      assertEquals("the delegation " + delegation + " was cancelled, or expired and was "
          + "removed; obtain a new one (TableMapReduceUtil.initCredentials)",
          refusal(c.configuration(), delegation));
      AccessDeniedException renewCancelled = assertThrows(AccessDeniedException.class,
          () -> {
            try (Connection op = ConnectionFactory.createConnection(operator)) {
              op.getAdmin().renewDelegationToken(delegation);
            }
          });
      assertEquals("the delegation " + delegation + " was cancelled or has expired; a token "
          + "renews only while it is valid: obtain a new one", renewCancelled.getMessage());

      // One not renewed within the interval expires.
      Token unrenewed;
      try (Connection alice = ConnectionFactory.createConnection(asAlice)) {
        unrenewed = alice.getAdmin().obtainDelegationToken();
      }
      try (Connection c3 = ConnectionFactory.createConnection(c.configuration(), unrenewed)) {
        assertTrue(c3.getTable(T).exists(new Get(Bytes.toBytes("r001"))));
      }
      String[] expired = new String[1];
      MiniCluster.waitFor(() -> {
        try (Connection c4 = ConnectionFactory.createConnection(c.configuration(), unrenewed)) {
          c4.getTable(T).get(new Get(F));
          return false;
        } catch (AccessDeniedException e) {
          expired[0] = e.getMessage();
          return true;
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }, Duration.ofMillis(RENEW_MILLIS + 30_000), "the unrenewed delegation token to expire");
      assertTrue(expired[0].startsWith("the delegation " + unrenewed + " expired at "),
          expired[0]);
      assertTrue(expired[0].endsWith(" without a renewal; renew delegation tokens before they "
          + "expire, or obtain a new one (TableMapReduceUtil.initCredentials)"), expired[0]);
    }
  }
}
