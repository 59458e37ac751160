package io.strata.it.coprocessor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.BatchFailedException;
import io.strata.client.CheckAndMutate;
import io.strata.client.CheckAndMutateResult;
import io.strata.client.Connection;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.RowMutations;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.CoprocessorSpec;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The region observer hooks around check-and-mutates, mini-batches, compactions (selection and
 * rows written), splits and WAL replay, and the WAL observer's, on a mini cluster.
 */
class RegionHooksTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final TableName T = TableName.valueOf("hooks");

  @TempDir
  Path dir;

  private static TableDescriptor table(Class<?> observer) {
    return TableDescriptor.newBuilder(T).setColumnFamily(ColumnFamilyDescriptor.of("f"))
        .addCoprocessor(new CoprocessorSpec(observer.getName(), null,
            CoprocessorSpec.PRIORITY_USER, Map.of())).build();
  }

  private static Put put(String row, String value) {
    return new Put(Bytes.toBytes(row)).addColumn(F, Q, Bytes.toBytes(value));
  }

  private static String value(Table t, String row) throws Exception {
    Result r = t.get(new Get(Bytes.toBytes(row)));
    return r.isEmpty() ? null : Bytes.toString(r.getValue(F, Q));
  }

  @Test
  void checkAndMutateHooksSeeTheConditionAnswerItAndChangeTheAnswer() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Connection conn = cluster.connect();
      conn.getAdmin().createTable(table(MoreObservers.Conditions.class));
      Table t = conn.getTable(T);
      MoreObservers.CALLS.clear();
      CheckAndMutateResult r = t.checkAndMutate(CheckAndMutate.newBuilder(Bytes.toBytes("r1"))
          .ifNotExists(F, Q).build(put("r1", "v1")));
      assertTrue(r.isSuccess());
      assertEquals("v1", value(t, "r1"));
      assertEquals(List.of("preCheckAndMutate r1 f:q EQUAL Put", "postCheckAndMutate r1 true"),
          List.copyOf(MoreObservers.CALLS));

      // Answered by the pre hook: nothing applied, the hook's answer returned, no post hook.
      MoreObservers.CALLS.clear();
      assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(Bytes.toBytes("answer1"))
          .ifEquals(F, Q, Bytes.toBytes("never")).build(put("answer1", "x"))).isSuccess());
      assertEquals(null, value(t, "answer1"));
      assertEquals(List.of("preCheckAndMutate answer1 f:q EQUAL Put"),
          List.copyOf(MoreObservers.CALLS));

      // The post hook's answer is the client's; the action was applied.
      t.put(put("flip1", "old"));
      MoreObservers.CALLS.clear();
      assertFalse(t.checkAndMutate(CheckAndMutate.newBuilder(Bytes.toBytes("flip1"))
          .ifEquals(F, Q, Bytes.toBytes("old")).build(new RowMutations(Bytes.toBytes("flip1"))
              .add(put("flip1", "new")).add(new Delete(Bytes.toBytes("flip1"))
                  .addColumns(F, Bytes.toBytes("other"))))).isSuccess());
      assertEquals("new", value(t, "flip1"));
      assertEquals(List.of("preCheckAndMutate flip1 f:q EQUAL RowMutations",
          "postCheckAndMutate flip1 true"), List.copyOf(MoreObservers.CALLS));

      // An increment action's new value comes back through the hooks.
      CheckAndMutateResult inc = t.checkAndMutate(CheckAndMutate.newBuilder(Bytes.toBytes("n"))
          .ifNotExists(F, Bytes.toBytes("lock")).build(new io.strata.client.Increment(
              Bytes.toBytes("n")).addColumn(F, Bytes.toBytes("c"), 5)));
      assertTrue(inc.isSuccess());
      assertEquals(5, Bytes.toLong(inc.getResult().getValue(F, Bytes.toBytes("c"))));
    }
  }

  @Test
  void aMiniBatchHookFailsSomeActionsAndTheOthersAreWritten() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Connection conn = cluster.connect();
      conn.getAdmin().createTable(table(MoreObservers.Batches.class));
      Table t = conn.getTable(T);
      MoreObservers.CALLS.clear();
      BatchFailedException e = assertThrows(BatchFailedException.class, () -> t.put(List.of(
          put("a", "1"), put("veto1", "2"), put("b", "3"))));
      assertEquals(List.of(1), new ArrayList<>(e.failures().keySet()));
      assertInstanceOf(CoprocessorException.class, e.failures().get(1));
      assertEquals("row veto1 is vetoed by its mini-batch", e.failures().get(1).getMessage());
      assertEquals("1", value(t, "a"));
      assertEquals("3", value(t, "b"));
      assertEquals(null, value(t, "veto1"));
      assertEquals(List.of("preBatchMutate a,veto1(failed),b",
          "postBatchMutate a,veto1(failed),b"), List.copyOf(MoreObservers.CALLS));

      // One row's mutations are one mini-batch: failing one fails them all.
      MoreObservers.CALLS.clear();
      t.mutateRow(new RowMutations(Bytes.toBytes("c")).add(put("c", "4"))
          .add(new Delete(Bytes.toBytes("c")).addColumns(F, Bytes.toBytes("x"))));
      assertEquals(List.of("preBatchMutate c,c", "postBatchMutate c,c"),
          List.copyOf(MoreObservers.CALLS));
      CoprocessorException one = assertThrows(CoprocessorException.class,
          () -> t.put(put("veto2", "5")));
      assertEquals("row veto2 is vetoed by its mini-batch", one.getMessage());
      assertEquals(null, value(t, "veto2"));
    }
  }

  @Test
  void compactionHooksSeeTheFilesAndRewriteTheRowsWritten() throws Exception {
    // Only the compaction asked for: three flushes would start one of their own.
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.compaction.enabled", "false");
    try (MiniCluster cluster = MiniCluster.start(conf, dir, 1)) {
      Connection conn = cluster.connect();
      Admin admin = conn.getAdmin();
      admin.createTable(table(MoreObservers.Compactions.class));
      Table t = conn.getTable(T);
      for (int file = 0; file < 3; file++) {
        for (int i = 0; i < 10; i++) {
          t.put(put("r" + file + i, i % 3 == 0 ? "expired" : "live" + i));
        }
        admin.flush(T);
      }
      assertEquals(30, count(t), "before the compaction every cell is read");
      MoreObservers.CALLS.clear();
      admin.majorCompact(T);
      MiniCluster.waitFor(() -> MoreObservers.calls("postCompactSelection").size() == 1
          && countQuietly(t) == 18, Duration.ofSeconds(60), "the compaction to drop the "
          + "expired cells");
      assertEquals(List.of("preCompactSelection f 3"), MoreObservers.calls("preCompactSel"));
      assertEquals(List.of("postCompactSelection f 3"), MoreObservers.calls("postCompactSel"));
      assertEquals(List.of("preCompact scanner f true"), MoreObservers.calls("preCompact s"));
      assertEquals("live1", value(t, "r01"));
      assertEquals(null, value(t, "r00"));

      // Splits: the hooks see the row asked for and the daughters.
      MoreObservers.CALLS.clear();
      admin.split(T, Bytes.toBytes("r15"));
      assertEquals(List.of("preSplit r15", "postSplit [,r15) [r15,)"),
          MoreObservers.calls("p").stream().filter(c -> c.contains("Split")).toList());
    }
  }

  private static int count(Table t) throws Exception {
    int n = 0;
    try (ResultScanner rs = t.getScanner(new Scan())) {
      for (Result r : rs) {
        n += r.size();
      }
    }
    return n;
  }

  private static int countQuietly(Table t) {
    try {
      return count(t);
    } catch (Exception e) {
      return -1;
    }
  }

  @Test
  void aRegionReplayingACrashedServersWalTellsItsObservers() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 2)) {
      Connection conn = cluster.connect();
      conn.getAdmin().createTable(table(MoreObservers.Compactions.class));
      Table t = conn.getTable(T);
      for (int i = 0; i < 20; i++) {
        t.put(put("r" + i, "v" + i));
      }
      RegionInfo region = conn.getAdmin().getRegions(T).get(0);
      int victim = cluster.regionServer(0).onlineRegionNames()
          .contains(region.getEncodedName()) ? 0 : 1;
      MoreObservers.CALLS.clear();
      cluster.killRegionServer(victim);
      MiniCluster.waitFor(() -> cluster.regionServer(1 - victim).onlineRegionNames()
          .contains(region.getEncodedName()), Duration.ofSeconds(60), "the region to reopen");
      List<String> pre = MoreObservers.calls("preReplayWALs");
      List<String> post = MoreObservers.calls("postReplayWALs");
      assertFalse(pre.isEmpty(), "the reopened region replayed its edits");
      assertEquals(pre.stream().map(c -> c.substring(3)).toList(),
          post.stream().map(c -> c.substring(4)).toList());
      assertTrue(pre.get(0).startsWith("preReplayWALs hooks "), pre.get(0));
      for (int i = 0; i < 20; i++) {
        assertEquals("v" + i, value(t, "r" + i));
      }
    }
  }

  @Test
  void walObserversSeeEveryEditAndMayRefuseOne() throws Exception {
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.coprocessor.wal.classes", MoreObservers.WalRecorder.class.getName());
    try (MiniCluster cluster = MiniCluster.start(conf, dir, 1)) {
      Connection conn = cluster.connect();
      conn.getAdmin().createTable(TableDescriptor.newBuilder(T)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      Table t = conn.getTable(T);
      MoreObservers.CALLS.clear();
      t.put(put("a", "1").addColumn(F, Bytes.toBytes("q2"), Bytes.toBytes("2")));
      t.put(List.of(put("b", "3"), put("c", "4")));
      assertEquals(List.of("preWALWrite hooks a 2", "postWALWrite hooks a seq>0=true"),
          MoreObservers.CALLS.subList(0, 2));
      List<String> batch = MoreObservers.CALLS.subList(2, MoreObservers.CALLS.size());
      assertEquals(List.of("preWALWrite hooks b 2", "postWALWrite hooks b seq>0=true"), batch,
          "a batch's puts of one region are one WAL edit");
      CoprocessorException e = assertThrows(CoprocessorException.class,
          () -> t.put(put("nowal1", "5")));
      assertEquals("the WAL refuses row nowal1", e.getMessage());
      assertEquals(null, value(t, "nowal1"));
      assertArrayEquals(Bytes.toBytes("3"), t.get(new Get(Bytes.toBytes("b"))).getValue(F, Q));
    }
  }
}
