package io.strata.it.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.OutcomeUnknownException;
import io.strata.client.Put;
import io.strata.client.RetriesExhaustedException;
import io.strata.client.Table;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that takes a call and does not answer (a standalone child frozen with SIGSTOP):
 * the client retries what may be repeated and reports what may not as of unknown outcome, and
 * the increment it reported so was in fact applied, once, when the server ran again.
 */
class FrozenServerTest {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("n");
  private static final byte[] ROW = Bytes.toBytes("counter");
  private static final TableName T = TableName.valueOf("counters");

  @TempDir
  Path root;
  private StandaloneChild child;

  @AfterEach
  void kill() throws InterruptedException {
    if (child != null) {
      child.close();
    }
  }

  private static long count(Table t) throws java.io.IOException {
    return Bytes.toLong(t.get(new Get(ROW)).getValue(CF, Q));
  }

  @Test
  void aTimedOutIncrementIsReportedUnknownAndAGetIsRetried() throws Exception {
    // The child's ZooKeeper session outlasts the freeze by far, so that neither the frozen
    // server is declared dead nor, thawed, does it find its connection idle past the read
    // timeout (2/3 of the session's) and refuse to acknowledge calls until it reconnects.
    child = StandaloneChild.start(root, root.resolve("standalone.info"),
        java.util.List.of("-Dstrata.zookeeper.session.timeout=30s"));
    // Calls time out fast; the operation's time allows a few attempts.
    var conf = ClusterTestSupport.conf(root).set("strata.zookeeper.quorum", child.zookeeper())
        .set("strata.client.rpc.timeout", "400ms")
        .set("strata.client.operation.timeout", "2500ms");
    try (Connection conn = ConnectionFactory.createConnection(conf)) {
      try (Admin admin = conn.getAdmin()) {
        admin.createTable(TableDescriptor.newBuilder(T)
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      }
      Table t = conn.getTable(T);
      t.put(new Put(Bytes.toBytes("other")).addColumn(CF, Q, Bytes.toBytes(7L)));
      assertEquals(1L, Bytes.toLong(t.increment(new Increment(ROW).addColumn(CF, Q, 1))
          .getValue(CF, Q)));

      child.freeze();
      try {
        OutcomeUnknownException unknown = assertThrows(OutcomeUnknownException.class,
            () -> t.increment(new Increment(ROW).addColumn(CF, Q, 1)),
            "an increment sent and not answered is not sent again");
        assertInstanceOf(CallTimeoutException.class, unknown.getCause());
        assertTrue(unknown.getMessage().startsWith(
            "increment on table 'counters' row 'counter' may or may not have been applied"),
            unknown.getMessage());

        RetriesExhaustedException exhausted = assertThrows(RetriesExhaustedException.class,
            () -> t.get(new Get(ROW)), "a get is tried until the operation's time is up");
        assertTrue(exhausted.attempts() >= 2, exhausted.getMessage());
        assertTrue(exhausted.getMessage().startsWith("get on table 'counters' row 'counter'"),
            exhausted.getMessage());
      } finally {
        child.signal("CONT");
      }

      // The increment reached the server before it froze; running again, it applies it once.
      MiniCluster.waitFor(() -> {
        try {
          return count(t) == 2L;
        } catch (java.io.IOException e) {
          return false; // still catching up with the calls queued while frozen
        }
      }, Duration.ofSeconds(30), "the frozen server's increment to be applied");
      assertEquals(2L, count(t));
      assertEquals(3L, Bytes.toLong(t.increment(new Increment(ROW).addColumn(CF, Q, 1))
          .getValue(CF, Q)));
    }
  }
}
