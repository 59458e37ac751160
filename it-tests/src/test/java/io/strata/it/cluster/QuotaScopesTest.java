package io.strata.it.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.client.quotas.QuotaSettings;
import io.strata.client.quotas.QuotaSettingsFactory;
import io.strata.common.error.ThrottlingException;
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
 * Each scope and unit of throttle on a mini cluster, by who meets it: clients that do not
 * retry, so the first refusal surfaces, read past a small limit at once (a bucket holds one
 * second's worth). Whom a throttle counts meets it; whom it does not count reads on.
 */
class QuotaScopesTest {
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void everyScopeCountsItsOwnRequests() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1);
        Connection alice = user(cluster, "alice");
        Connection bob = user(cluster, "bob")) {
      Admin admin = cluster.connect().getAdmin();
      admin.createNamespace(io.strata.client.NamespaceDescriptor.create("ns").build());
      TableName inNs = TableName.valueOf("ns:t");
      TableName other = TableName.valueOf("other");
      for (TableName t : List.of(inNs, other)) {
        admin.createTable(TableDescriptor.newBuilder(t)
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
        cluster.connect().getTable(t).put(new Put(F).addColumn(F, F, new byte[4096]));
      }

      // A namespace: every user's reads of its tables, nobody's elsewhere.
      check(admin, QuotaSettingsFactory.throttleNamespace("ns", ThrottleType.READ_NUMBER, 20,
          TimeUnit.SECONDS), () -> {
            assertMeets(alice.getTable(inNs));
            assertMeets(bob.getTable(inNs));
            assertReadsOn(bob.getTable(other));
          });
      // A user in a namespace: that user's alone.
      check(admin, QuotaSettingsFactory.throttleUser("alice", "ns", ThrottleType.REQUEST_NUMBER,
          20, TimeUnit.SECONDS), () -> {
            assertMeets(alice.getTable(inNs));
            assertReadsOn(bob.getTable(inNs));
            assertReadsOn(alice.getTable(other));
          });
      // A user on a table, counted in bytes: 4 KB values against 20 KB a second.
      check(admin, QuotaSettingsFactory.throttleUser("bob", other, ThrottleType.READ_SIZE,
          20 << 10, TimeUnit.SECONDS), () -> {
            assertMeets(bob.getTable(other));
            assertReadsOn(alice.getTable(other));
            assertReadsOn(bob.getTable(inNs));
          });
      // Every region server, in capacity units: everybody's requests everywhere.
      check(admin, QuotaSettingsFactory.throttleRegionServer("all",
          ThrottleType.REQUEST_CAPACITY_UNIT, 100, TimeUnit.SECONDS), () -> {
            assertMeets(alice.getTable(other));
            assertMeets(bob.getTable(inNs));
          });
      assertEquals(List.of(), admin.getQuota(null));
    }
  }

  @FunctionalInterface
  private interface Check {
    void run() throws Exception;
  }

  /** Sets {@code quota}, runs the checks, removes it, and lets the buckets fill again. */
  private static void check(Admin admin, QuotaSettings quota, Check check) throws Exception {
    admin.setQuota(quota);
    check.run();
    for (QuotaSettings s : admin.getQuota(null)) {
      admin.setQuota(unthrottle(s));
    }
  }

  private static QuotaSettings unthrottle(QuotaSettings s) {
    if (s.getRegionServer() != null) {
      return QuotaSettingsFactory.unthrottleRegionServer("all");
    }
    if (s.getUserName() != null && s.getTableName() != null) {
      return QuotaSettingsFactory.unthrottleUser(s.getUserName(), s.getTableName());
    }
    if (s.getUserName() != null && s.getNamespace() != null) {
      return QuotaSettingsFactory.unthrottleUser(s.getUserName(), s.getNamespace());
    }
    if (s.getUserName() != null) {
      return QuotaSettingsFactory.unthrottleUser(s.getUserName());
    }
    return s.getTableName() != null ? QuotaSettingsFactory.unthrottleTable(s.getTableName())
        : QuotaSettingsFactory.unthrottleNamespace(s.getNamespace());
  }

  private static Connection user(MiniCluster cluster, String user) throws IOException {
    return ConnectionFactory.createConnection(cluster.configuration()
        .set("strata.client.user", user).set("strata.client.retries.number", "0"));
  }

  /** 200 quick reads meet the throttle. */
  private static void assertMeets(Table t) throws IOException {
    assertTrue(throttled(t, 200), "throttled reading " + t.getName());
  }

  /** 200 quick reads meet none (the others' buckets are spent by now). */
  private static void assertReadsOn(Table t) throws IOException {
    assertTrue(!throttled(t, 200), "not throttled reading " + t.getName());
  }

  private static boolean throttled(Table t, int n) throws IOException {
    try {
      for (int i = 0; i < n; i++) {
        t.get(new Get(F));
      }
      return false;
    } catch (IOException e) {
      for (Throwable c = e; c != null; c = c.getCause()) {
        if (c instanceof ThrottlingException) {
          return true;
        }
      }
      throw e;
    }
  }
}
