package io.strata.it.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.client.quotas.QuotaFilter;
import io.strata.client.quotas.QuotaSettingsFactory;
import io.strata.common.quota.ThrottleType;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Throttles over a real mini cluster, counted: a user's reads held to their limit (the client
 * waiting each time exactly as long as the server says), another user untouched, a table's
 * writes held to theirs, a changed limit in force at once, a removed one gone, and the settings
 * kept across a region server's restart. Rates are counted over seconds with a margin of a
 * tenth, for a noisy machine; a bucket starts with one second's worth.
 */
class QuotaThrottleTest {
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void throttlesHoldToTheirLimitsAndChangesApplyAtOnce() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1);
        Connection tenant = ConnectionFactory.createConnection(cluster.configuration()
            .set("strata.client.user", "tenant"));
        Connection other = ConnectionFactory.createConnection(cluster.configuration()
            .set("strata.client.user", "other").set("strata.client.retries.number", "0"));
        Connection tenantNoRetry = ConnectionFactory.createConnection(cluster.configuration()
            .set("strata.client.user", "tenant").set("strata.client.retries.number", "0"))) {
      Admin admin = cluster.connect().getAdmin();
      TableName t = TableName.valueOf("t");
      admin.createTable(TableDescriptor.newBuilder(t)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      tenant.getTable(t).put(new Put(F).addColumn(F, F, F));

      admin.setQuota(QuotaSettingsFactory.throttleUser("tenant", ThrottleType.READ_NUMBER, 50,
          TimeUnit.SECONDS));
      assertEquals(List.of(QuotaSettingsFactory.throttleUser("tenant",
          ThrottleType.READ_NUMBER, 50, TimeUnit.SECONDS)), admin.getQuota(new QuotaFilter()));
      assertEquals(List.of(), admin.getQuota(new QuotaFilter().setUserFilter("nobody")));

      assertRate(50, gets(tenant.getTable(t), 5));
      // Another user's reads are not counted by it: a throttled call would surface here, as
      // this connection does not retry.
      unthrottled(other.getTable(t), 200);

      // A new limit is in force as soon as the call setting it returns.
      admin.setQuota(QuotaSettingsFactory.throttleUser("tenant", ThrottleType.READ_NUMBER, 150,
          TimeUnit.SECONDS));
      assertRate(150, gets(tenant.getTable(t), 3));

      // A table's writes, every user's together.
      admin.setQuota(QuotaSettingsFactory.throttleTable(t, ThrottleType.WRITE_NUMBER, 40,
          TimeUnit.SECONDS));
      assertRate(40, puts(tenant.getTable(t), 4));

      // Kept across a restart of the region server.
      cluster.restartRegionServer(0, false);
      MiniCluster.waitFor(() -> readable(tenant.getTable(t)), java.time.Duration.ofSeconds(60),
          "the table to serve again");
      // The restarted server reads the settings as soon as the catalog serves, unprompted.
      MiniCluster.waitFor(() -> throttled(tenantNoRetry.getTable(t)),
          java.time.Duration.ofSeconds(30), "the restarted server to throttle the tenant");
      fullBucket(admin);
      assertRate(150, gets(tenant.getTable(t), 3));

      // Enforcement off keeps the settings and throttles nothing; on again, they hold.
      assertTrue(admin.switchRpcThrottle(false));
      unthrottled(tenantNoRetry.getTable(t), 600);
      assertTrue(!admin.switchRpcThrottle(true) && admin.isRpcThrottleEnabled());
      assertTrue(throttled(tenantNoRetry.getTable(t)));

      admin.setQuota(QuotaSettingsFactory.unthrottleUser("tenant"));
      admin.setQuota(QuotaSettingsFactory.unthrottleTable(t));
      assertEquals(List.of(), admin.getQuota(new QuotaFilter()));
      unthrottled(tenantNoRetry.getTable(t), 200);
    }
  }

  /**
   * Starts the tenant's 150/s throttle from a full bucket, as counted rates assume: a changed
   * limit gets a new bucket, so it goes by way of another.
   */
  private static void fullBucket(Admin admin) throws IOException {
    for (long limit : new long[] {149, 150}) {
      admin.setQuota(QuotaSettingsFactory.throttleUser("tenant", ThrottleType.READ_NUMBER,
          limit, TimeUnit.SECONDS));
    }
  }

  /** {@code counted[0]} requests in {@code counted[1]} ns against a limit of {@code limit}/s. */
  private static void assertRate(double limit, long[] counted) {
    double seconds = counted[1] / 1e9;
    double expected = limit + limit * seconds; // a full bucket, then the rate
    assertTrue(Math.abs(counted[0] - expected) <= expected * 0.1, counted[0] + " requests in "
        + String.format("%.2f", seconds) + " s at " + limit + "/s: expected about "
        + (long) expected);
  }

  private static long[] gets(Table table, int seconds) throws IOException {
    long start = System.nanoTime();
    long end = start + TimeUnit.SECONDS.toNanos(seconds);
    long n = 0;
    while (System.nanoTime() < end) {
      table.get(new Get(F));
      n++;
    }
    return new long[] {n, System.nanoTime() - start};
  }

  private static long[] puts(Table table, int seconds) throws IOException {
    long start = System.nanoTime();
    long end = start + TimeUnit.SECONDS.toNanos(seconds);
    long n = 0;
    while (System.nanoTime() < end) {
      table.put(new Put(Bytes.toBytes(n)).addColumn(F, F, F));
      n++;
    }
    return new long[] {n, System.nanoTime() - start};
  }

  /** {@code n} gets, none of them throttled (the connection gives up at the first refusal). */
  private static void unthrottled(Table table, int n) throws IOException {
    for (int i = 0; i < n; i++) {
      table.get(new Get(F));
    }
  }

  /** Whether 400 quick gets meet a throttle (the connection does not retry one). */
  private static boolean throttled(Table table) {
    try {
      for (int i = 0; i < 400; i++) {
        table.get(new Get(F));
      }
      return false;
    } catch (IOException e) {
      for (Throwable c = e; c != null; c = c.getCause()) {
        if (c instanceof io.strata.common.error.ThrottlingException) {
          return true;
        }
      }
      return false;
    }
  }

  private static boolean readable(Table table) {
    try {
      return table.get(new Get(F)).getValue(F, F) != null;
    } catch (IOException e) {
      return false;
    }
  }
}
