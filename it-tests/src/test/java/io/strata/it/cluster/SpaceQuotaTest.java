package io.strata.it.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Append;
import io.strata.client.CheckAndMutate;
import io.strata.client.Connection;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.NamespaceDescriptor;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.client.quotas.QuotaSettingsFactory;
import io.strata.client.quotas.SpaceQuotaSnapshot;
import io.strata.common.error.SpaceLimitingException;
import io.strata.common.quota.QuotaSizes;
import io.strata.common.quota.SpaceViolationPolicy;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.server.regionserver.RegionServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Space quotas on a mini cluster: the region servers report sizes, the master judges, and each
 * policy refuses what it says (and nothing else) until the table is within its limit again.
 */
class SpaceQuotaTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir
  Path dir;

  @Test
  void eachPolicyRefusesWhatItSaysUntilTheLimitIsRaised() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Connection conn = cluster.connect();
      Admin admin = conn.getAdmin();
      TableName name = create(admin, "t");
      Table t = conn.getTable(name);
      fill(admin, t, "a", 20);
      fill(admin, t, "b", 20); // two files, for a compaction to merge
      String region = admin.getRegions(name).get(0).getEncodedName();
      RegionServer rs = cluster.regionServer(0);
      assertEquals(2, rs.region(region).fileCount());

      admin.setQuota(QuotaSettingsFactory.limitTableSpace(name, 16 << 10,
          SpaceViolationPolicy.NO_INSERTS));
      SpaceQuotaSnapshot s = enforced(admin, rs, name, SpaceViolationPolicy.NO_INSERTS);
      assertEquals(List.of(16L << 10, true), List.of(s.getLimit(),
          s.getQuotaStatus().isInViolation()));
      assertEquals(admin.getSpaceQuotaTableSizes().get(name), s.getUsage());
      assertTrue(s.getUsage() > 40 << 10, "two files of 20 KB of values: " + s.getUsage());

      // NO_INSERTS: puts, increments and appends are refused, alone or in batches; deletes go.
      SpaceLimitingException noInserts = refusal(name, s, "puts, increments and appends are refused",
          "; delete data and major_compact it, or");
      Put put = new Put(Bytes.toBytes("new")).addColumn(F, F, F);
      assertRefused(noInserts, () -> t.put(put));
      assertRefused(noInserts, () -> t.put(List.of(put, new Put(Bytes.toBytes("z"))
          .addColumn(F, F, F))));
      assertRefused(noInserts, () -> t.increment(new Increment(put.getRow()).addColumn(F, F,
          1)));
      assertRefused(noInserts, () -> t.append(new Append(put.getRow()).addColumn(F, F, F)));
      assertRefused(noInserts, () -> t.checkAndMutate(CheckAndMutate.newBuilder(put.getRow())
          .ifNotExists(F, F).build(put)));
      t.delete(new Delete(Bytes.toBytes("a0")));
      t.delete(List.of(new Delete(Bytes.toBytes("a1")), new Delete(Bytes.toBytes("a2"))));
      assertTrue(t.get(new Get(Bytes.toBytes("a1"))).isEmpty());

      // NO_WRITES: deletes are refused too.
      admin.setQuota(QuotaSettingsFactory.limitTableSpace(name, 16 << 10,
          SpaceViolationPolicy.NO_WRITES));
      s = enforced(admin, rs, name, SpaceViolationPolicy.NO_WRITES);
      SpaceLimitingException noWrites = refusal(name, s, "puts, deletes, increments and"
          + " appends are refused", ";");
      assertRefused(noWrites, () -> t.delete(new Delete(Bytes.toBytes("a3"))));
      assertRefused(noWrites, () -> t.put(put));
      admin.majorCompact(name); // compactions still run
      MiniCluster.waitFor(() -> rs.region(region).fileCount() == 1, WAIT, "the compaction");

      // NO_WRITES_COMPACTIONS: an asked-for compaction is refused, saying why.
      admin.setQuota(QuotaSettingsFactory.limitTableSpace(name, 8 << 10,
          SpaceViolationPolicy.NO_WRITES_COMPACTIONS));
      s = enforced(admin, rs, name, SpaceViolationPolicy.NO_WRITES_COMPACTIONS);
      assertRefused(refusal(name, s, "puts, deletes, increments and appends are refused",
          ";"),
          () -> t.put(put));
      assertRefused(refusal(name, s, "compactions do not run", ";"),
          () -> admin.majorCompact(name));

      // A raised limit lets everything through again.
      admin.setQuota(QuotaSettingsFactory.limitTableSpace(name, 1L << 30,
          SpaceViolationPolicy.NO_WRITES_COMPACTIONS));
      MiniCluster.waitFor(() -> !inViolation(admin, rs, name), WAIT, "the server to lift the policy");
      t.put(put);
      assertArrayEquals(F, t.get(new Get(put.getRow())).getValue(F, F));
      admin.majorCompact(name);

      // Removed, the table has no verdict anywhere.
      admin.setQuota(QuotaSettingsFactory.removeTableSpaceLimit(name));
      assertNull(admin.getCurrentSpaceQuotaSnapshot(name));
      MiniCluster.waitFor(() -> verdicts(admin, rs).isEmpty(), WAIT, "the verdict to go");
      assertEquals(List.of(), admin.getQuota(null));
    }
  }

  @Test
  void aNamespaceLimitCountsItsTablesAndDisableDisablesTheTableUntilWithin() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Connection conn = cluster.connect();
      Admin admin = conn.getAdmin();
      RegionServer rs = cluster.regionServer(0);
      admin.createNamespace(NamespaceDescriptor.create("ns").build());
      TableName a = create(admin, "ns:a");
      TableName b = create(admin, "ns:b");
      fill(admin, conn.getTable(a), "r", 20);
      fill(admin, conn.getTable(b), "r", 20);

      // The namespace's 30 KB against both tables' sizes: both over, under its policy.
      admin.setQuota(QuotaSettingsFactory.limitNamespaceSpace("ns", 30 << 10,
          SpaceViolationPolicy.NO_WRITES));
      SpaceQuotaSnapshot sa = enforced(admin, rs, a, SpaceViolationPolicy.NO_WRITES);
      enforced(admin, rs, b, SpaceViolationPolicy.NO_WRITES);
      java.util.Map<TableName, Long> sizes = admin.getSpaceQuotaTableSizes();
      assertEquals(sizes.get(a) + sizes.get(b), sa.getUsage());
      assertEquals(sa, admin.getCurrentSpaceQuotaSnapshot("ns"));
      Put put = new Put(Bytes.toBytes("new")).addColumn(F, F, F);
      assertRefused(new SpaceLimitingException(a.toString(), "NO_WRITES", "table 'ns:a' is over"
          + " its namespace ns's space quota (" + QuotaSizes.human(sa.getUsage()) + " used of"
          + " 30K): under policy NO_WRITES, puts, deletes, increments and appends are refused;"
          + " raise the limit with set_quota TYPE => SPACE, NAMESPACE => 'ns', LIMIT =>"
          + " '<size>', POLICY => NO_WRITES (or remove it with LIMIT => NONE)"),
          () -> conn.getTable(a).put(put));

      // A table's own limit comes before its namespace's.
      admin.setQuota(QuotaSettingsFactory.limitTableSpace(b, 1L << 30,
          SpaceViolationPolicy.NO_WRITES));
      MiniCluster.waitFor(() -> !inViolation(admin, rs, b), WAIT, "b's own limit to decide");
      conn.getTable(b).put(put);
      assertThrows(SpaceLimitingException.class, () -> conn.getTable(a).put(put));

      // DISABLE: the master disables the table, and enables it once the limit is raised.
      admin.setQuota(QuotaSettingsFactory.limitTableSpace(a, 8 << 10,
          SpaceViolationPolicy.DISABLE));
      MiniCluster.waitFor(() -> disabled(admin, a), WAIT, "the master to disable ns:a");
      SpaceQuotaSnapshot kept = admin.getCurrentSpaceQuotaSnapshot(a);
      assertEquals(List.of(true, sizes.get(a)), List.of(kept.getQuotaStatus().isInViolation(),
          kept.getUsage()), "a disabled table keeps the size it had");
      admin.setQuota(QuotaSettingsFactory.limitTableSpace(a, 1L << 30,
          SpaceViolationPolicy.DISABLE));
      MiniCluster.waitFor(() -> enabled(admin, a), WAIT, "the master to enable ns:a again");
      conn.getTable(a).put(put);
      assertArrayEquals(F, conn.getTable(a).get(new Get(put.getRow())).getValue(F, F));
    }
  }

  private static TableName create(Admin admin, String name) throws IOException {
    TableName t = TableName.valueOf(name);
    admin.createTable(TableDescriptor.newBuilder(t).setColumnFamily(ColumnFamilyDescriptor.of(
        "f")).build());
    return t;
  }

  /** Writes {@code rows} rows of 1 KB under {@code prefix} and flushes them to a file. */
  private static void fill(Admin admin, Table t, String prefix, int rows) throws IOException {
    for (int i = 0; i < rows; i++) {
      t.put(new Put(Bytes.toBytes(prefix + i)).addColumn(F, F, new byte[1024]));
    }
    if (t != null) {
      admin.flush(t.getName());
    }
  }

  /**
   * Waits until the region server enforces {@code policy} on the table, and answers the
   * master's verdict, which is what the server holds.
   */
  private static SpaceQuotaSnapshot enforced(Admin admin, RegionServer rs, TableName t,
      SpaceViolationPolicy policy) throws IOException {
    MiniCluster.waitFor(() -> {
      SpaceQuotaSnapshot s = verdicts(admin, rs).get(t);
      return s != null && s.getQuotaStatus().getPolicy().orElse(null) == policy;
    }, WAIT, "the server to enforce " + policy + " on " + t);
    SpaceQuotaSnapshot held = verdicts(admin, rs).get(t);
    assertEquals(held, admin.getCurrentSpaceQuotaSnapshot(t));
    return held;
  }

  private static java.util.Map<TableName, SpaceQuotaSnapshot> verdicts(Admin admin,
      RegionServer rs) {
    try {
      return admin.getRegionServerSpaceQuotaSnapshots(rs.serverName());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static boolean inViolation(Admin admin, RegionServer rs, TableName t) {
    SpaceQuotaSnapshot v = verdicts(admin, rs).get(t);
    return v != null && v.getQuotaStatus().isInViolation();
  }

  private static boolean disabled(Admin admin, TableName t) {
    try {
      return admin.isTableDisabled(t);
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean enabled(Admin admin, TableName t) {
    try {
      return admin.isTableEnabled(t);
    } catch (IOException e) {
      return false;
    }
  }

  /** The error a table's own verdict {@code s} gives, saying {@code what} it refuses. */
  private static SpaceLimitingException refusal(TableName t, SpaceQuotaSnapshot s, String what,
      String advice) {
    SpaceViolationPolicy p = s.getQuotaStatus().getPolicy().orElseThrow();
    return new SpaceLimitingException(t.toString(), p.name(), "table '" + t + "' is over its"
        + " space quota (" + QuotaSizes.human(s.getUsage()) + " used of "
        + QuotaSizes.format(s.getLimit()) + "): under policy " + p + ", " + what + advice + " raise the limit with set_quota TYPE => SPACE, TABLE => '" + t
        + "', LIMIT => '<size>', POLICY => " + p + " (or remove it with LIMIT => NONE)");
  }

  private static void assertRefused(SpaceLimitingException expected, Executable call) {
    SpaceLimitingException e = assertThrows(SpaceLimitingException.class, call);
    assertEquals(expected.getMessage(), e.getMessage());
    assertEquals(List.of(expected.table(), expected.policy()), List.of(e.table(), e.policy()));
  }

}
