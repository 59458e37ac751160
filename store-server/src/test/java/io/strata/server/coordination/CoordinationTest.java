package io.strata.server.coordination;

import io.strata.common.coordination.ZNodes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.strata.common.schema.ServerName;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Election, liveness and session expiry against a real embedded ZooKeeper server on an
 * ephemeral port.
 */
class CoordinationTest {
  private static final Duration SESSION = Duration.ofSeconds(4);
  private static final Duration CONNECT = Duration.ofSeconds(30);

  @TempDir
  Path tmp;
  private EmbeddedZooKeeper server;
  private final List<ZkSession> sessions = new ArrayList<>();

  @BeforeEach
  void startZooKeeper() throws IOException {
    server = new EmbeddedZooKeeper(tmp.resolve("zk").toFile(), "127.0.0.1", 0);
  }

  @AfterEach
  void stop() {
    sessions.forEach(ZkSession::close);
    server.close();
  }

  private ZkSession session() throws IOException {
    ZkSession s = new ZkSession(server.connectString(), SESSION, CONNECT);
    sessions.add(s);
    return s;
  }

  private static void waitFor(BooleanSupplier condition, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        fail("timed out waiting until " + what);
      }
      Thread.sleep(10);
    }
  }

  /**
   * One address may hold only so many connections to the embedded server, whose read buffers
   * live in the region server's heap: the one past the limit is closed as it arrives, and the
   * server goes on serving the others.
   */
  /**
   * Whether a new connection to {@code port} is closed by the server: its connect fails (the
   * server may close it before the handshake ends) or its first read meets the end or a reset.
   */
  private static boolean refused(int port) {
    try (java.net.Socket extra = new java.net.Socket("127.0.0.1", port)) {
      extra.setSoTimeout(30_000);
      return extra.getInputStream().read() == -1;
    } catch (java.net.SocketTimeoutException stillOpen) {
      return false;
    } catch (IOException closed) {
      return true;
    }
  }

  @Test
  void anAddressPastItsConnectionLimitIsRefused() throws Exception {
    java.util.List<java.net.Socket> held = new java.util.ArrayList<>();
    try {
      for (int i = 0; i < EmbeddedZooKeeper.MAX_CONNECTIONS_PER_ADDRESS; i++) {
        held.add(new java.net.Socket("127.0.0.1", server.port()));
      }
      assertTrue(refused(server.port()), "closed by the server");
    } finally {
      for (java.net.Socket s : held) {
        s.close();
      }
    }
    ZkSession s = new ZkSession(server.connectString(), SESSION, CONNECT);
    try {
      assertTrue(s.isOpen(), "the server serves once the connections are gone");
    } finally {
      s.close();
    }
  }

  @Test
  void oneMasterIsActiveAndABackupTakesOverWhenItGoes() throws Exception {
    ServerName a = ServerName.valueOf("127.0.0.1", 17000, 1);
    ServerName b = ServerName.valueOf("127.0.0.1", 17001, 2);
    AtomicInteger aActive = new AtomicInteger();
    AtomicInteger bActive = new AtomicInteger();
    ZkSession sa = session();
    MasterElection ea = new MasterElection(sa, a, aActive::incrementAndGet);
    ea.start();
    ZkSession sb = session();
    MasterElection eb = new MasterElection(sb, b, bActive::incrementAndGet);
    eb.start();
    assertTrue(ea.isActive());
    assertFalse(eb.isActive());
    assertEquals(1, aActive.get());
    assertEquals(0, bActive.get());
    assertEquals(a, eb.activeMaster());
    assertEquals(List.of(b.toString()), sb.children(ZNodes.BACKUP_MASTERS, null));
    sa.close(); // the active master's process stops
    waitFor(eb::isActive, "the backup took over");
    assertEquals(1, bActive.get());
    assertEquals(b, eb.activeMaster());
    assertEquals(List.of(), sb.children(ZNodes.BACKUP_MASTERS, null));
  }

  @Test
  void regionServersAreLiveWhileTheirSessionsLast() throws Exception {
    ZkSession master = session();
    RegionServerTracker tracker = new RegionServerTracker(master);
    List<List<ServerName>> seen = new CopyOnWriteArrayList<>();
    tracker.follow(seen::add);
    ServerName rs1 = ServerName.valueOf("127.0.0.1", 17020, 10);
    ServerName rs2 = ServerName.valueOf("127.0.0.1", 17021, 11);
    ZkSession s1 = session();
    new RegionServerTracker(s1).register(rs1);
    ZkSession s2 = session();
    new RegionServerTracker(s2).register(rs2);
    IOException twice = assertThrows(IOException.class,
        () -> new RegionServerTracker(s2).register(rs1));
    assertEquals("region server " + rs1 + " is registered already; is another process using "
        + "the same port?", twice.getMessage());
    waitFor(() -> seen.get(seen.size() - 1).size() == 2, "both servers were seen");
    assertEquals(List.of(rs1, rs2), tracker.liveServers());
    s1.close();
    waitFor(() -> seen.get(seen.size() - 1).equals(List.of(rs2)), "rs1's death was seen");
    assertEquals(List.of(rs2), tracker.liveServers());
  }

  @Test
  void anExpiredSessionIsReportedAndLosesItsZnodes() throws Exception {
    ZkSession rs = session();
    ServerName name = ServerName.valueOf("127.0.0.1", 17022, 12);
    new RegionServerTracker(rs).register(name);
    AtomicInteger expiries = new AtomicInteger();
    rs.onExpired(expiries::incrementAndGet);
    // Expire it as ZooKeeper would: another client takes the session over and closes it.
    CountDownLatch thiefConnected = new CountDownLatch(1);
    ZooKeeper thief = new ZooKeeper(server.connectString(), (int) SESSION.toMillis(), e -> {
      if (e.getState() == org.apache.zookeeper.Watcher.Event.KeeperState.SyncConnected) {
        thiefConnected.countDown();
      }
    }, rs.sessionId(), rs.sessionPassword());
    // Closing before it connected would send nothing: the session must be the thief's first.
    assertTrue(thiefConnected.await(30, TimeUnit.SECONDS), "the second client took the session");
    thief.close();
    waitFor(() -> expiries.get() == 1, "the expiry was reported");
    assertTrue(rs.isExpired());
    ZkSession observer = session();
    assertEquals(List.of(), new RegionServerTracker(observer).liveServers());
    AtomicInteger late = new AtomicInteger();
    rs.onExpired(late::incrementAndGet); // registered after the fact: still told
    assertEquals(1, late.get());
  }

  @Test
  void theClusterIdIsMadeOnceAndSurvivesARestart() throws Exception {
    String id = ClusterId.getOrCreate(session());
    assertEquals(36, id.length());
    assertEquals(id, ClusterId.getOrCreate(session()));
    sessions.forEach(ZkSession::close);
    sessions.clear();
    server.close();
    server = new EmbeddedZooKeeper(tmp.resolve("zk").toFile(), "127.0.0.1", 0);
    assertEquals(id, ClusterId.getOrCreate(session()), "kept in ZooKeeper's data directory");
  }

  @Test
  void anUnreachableQuorumIsNamed() throws Exception {
    int port = server.port();
    server.close();
    IOException e = assertThrows(IOException.class,
        () -> new ZkSession("127.0.0.1:" + port, SESSION, Duration.ofMillis(500)));
    assertEquals("cannot reach ZooKeeper at 127.0.0.1:" + port + " within 500 ms; check "
        + "strata.zookeeper.quorum and that ZooKeeper runs", e.getMessage());
    server = new EmbeddedZooKeeper(tmp.resolve("zk2").toFile(), "127.0.0.1", 0);
  }

  @Test
  void theBalancerSwitchIsOnUntilSetAndOutlivesTheSessionThatSetIt() throws Exception {
    ZkSession first = session();
    ClusterSwitch balancer = ClusterSwitch.load(first, ZNodes.BALANCER, "balance_switch");
    assertTrue(balancer.isOn(), "never set: on");
    assertTrue(balancer.set(false), "it was on");
    assertFalse(balancer.set(false), "it was off already");
    assertEquals("off", first.readText(ZNodes.BALANCER, null));
    first.close(); // the master that set it goes; the next one reads its choice
    ClusterSwitch next = ClusterSwitch.load(session(), ZNodes.BALANCER, "balance_switch");
    assertFalse(next.isOn());
    assertFalse(next.set(true));
    assertTrue(ClusterSwitch.load(session(), ZNodes.BALANCER, "balance_switch").isOn());
    // Anything else in the znode (someone's hand edit) leaves the balancer on.
    session().write(ZNodes.BALANCER, "maybe".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertTrue(ClusterSwitch.load(session(), ZNodes.BALANCER, "balance_switch").isOn());
  }
}
