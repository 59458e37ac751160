package io.strata.mapreduce;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Connection;
import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.StrataConfiguration;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskConnectionsTest {
  @TempDir
  Path dir;

  /** A connection opens a ZooKeeper session: two real servers stand for two clusters. */
  private static ServerCnxnFactory zooKeeper(Path dir) throws Exception {
    ZooKeeperServer server = new ZooKeeperServer(dir.toFile(), dir.toFile(), 2000);
    ServerCnxnFactory f = ServerCnxnFactory.createFactory(new InetSocketAddress("127.0.0.1", 0),
        10);
    f.startup(server);
    return f;
  }

  private static StrataConfiguration cluster(ServerCnxnFactory zk) {
    StrataConfiguration c = StrataConfiguration.defaults();
    c.set(CoreKeys.ZOOKEEPER_QUORUM.name(), "127.0.0.1:" + zk.getLocalPort());
    return c;
  }

  @Test
  void tasksOfOneClusterShareAConnectionUntilItIdles() throws Exception {
    ServerCnxnFactory one = zooKeeper(Files.createDirectory(dir.resolve("one")));
    ServerCnxnFactory two = zooKeeper(Files.createDirectory(dir.resolve("two")));
    try {
      shareAndIdle(cluster(one), cluster(two));
    } finally {
      TaskConnections.closeAll();
      one.shutdown();
      two.shutdown();
    }
  }

  private static void shareAndIdle(StrataConfiguration first, StrataConfiguration second)
      throws Exception {
    TaskConnections.Lease a = TaskConnections.acquire(first, null);
    TaskConnections.Lease b = TaskConnections.acquire(first, null);
    TaskConnections.Lease other = TaskConnections.acquire(second, null);
    assertSame(a.connection(), b.connection());
    assertNotSame(a.connection(), other.connection());
    Connection shared = a.connection();

    a.close();
    a.close(); // a second close gives nothing back twice
    b.close();
    // Taken again before it idles out: the same connection, still open.
    TaskConnections.Lease c = TaskConnections.acquire(first, null);
    assertSame(shared, c.connection());
    c.close();

    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!shared.isClosed() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertTrue(shared.isClosed(), "closed once idle");
    assertFalse(other.connection().isClosed(), "still held");
    TaskConnections.Lease d = TaskConnections.acquire(first, null);
    assertNotSame(shared, d.connection());
    d.close();
    other.close();
    TaskConnections.closeAll();
    assertTrue(d.connection().isClosed());
    assertTrue(other.connection().isClosed());
  }
}
