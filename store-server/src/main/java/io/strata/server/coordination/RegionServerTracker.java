package io.strata.server.coordination;

import io.strata.common.coordination.ZNodes;

import io.strata.common.schema.ServerName;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Region server liveness: a region server registers an ephemeral znode under
 * {@link ZNodes#REGION_SERVERS}; the master follows the set, which loses a server when its
 * process stops or its session expires.
 */
public final class RegionServerTracker {
  private static final Logger LOG = LoggerFactory.getLogger(RegionServerTracker.class);

  private final ZkSession zk;

  public RegionServerTracker(ZkSession zk) {
    this.zk = zk;
  }

  /**
   * Registers {@code server} as live for as long as this session lasts.
   *
   * @throws IOException if a live server of the same name is registered (a second process with
   *     the same host, port and start code)
   */
  public void register(ServerName server) throws IOException {
    if (!zk.createEphemeral(ZNodes.regionServer(server), server.toString())) {
      throw new IOException("region server " + server + " is registered already; is another "
          + "process using the same port?");
    }
  }

  /**
   * Runs {@code action} if the server's znode is deleted while its session stands: the master
   * declared the server dead (its connection closed and its port refused), so its regions are
   * being recovered elsewhere and it must not serve on.
   */
  public void onDeclaredDead(ServerName server, Runnable action) throws IOException {
    String path = ZNodes.regionServer(server);
    zk.readText(path, event -> {
      if (event.getType() == org.apache.zookeeper.Watcher.Event.EventType.None) {
        return; // a connection state change: the watch stays set
      }
      if (ZkSession.isDeletion(event) && zk.isOpen()) {
        action.run();
      } else if (zk.isOpen()) {
        try {
          onDeclaredDead(server, action);
        } catch (IOException e) {
          LOG.warn("lost the watch on {}", path, e);
        }
      }
    });
  }

  /** What a stopping server's znode says until its session ends. */
  private static final String STOPPING = "stopping";

  /**
   * Says in the server's znode that it is stopping cleanly: its port closes first, then it
   * flushes its regions, and only the end of its session says it is gone. The master does not
   * take the closed port for a death meanwhile ({@link #isStopping}).
   */
  public void markStopping(ServerName server) throws IOException {
    zk.update(ZNodes.regionServer(server), STOPPING.getBytes(StandardCharsets.UTF_8));
  }

  /** Whether the server said it is stopping cleanly ({@link #markStopping}). */
  public boolean isStopping(ServerName server) throws IOException {
    byte[] data = zk.read(ZNodes.regionServer(server));
    return data != null && STOPPING.equals(new String(data, StandardCharsets.UTF_8));
  }

  /** The live region servers now. */
  public List<ServerName> liveServers() throws IOException {
    return parse(zk.children(ZNodes.REGION_SERVERS, null));
  }

  /**
   * Calls {@code listener} with the live servers now and again after every change, until the
   * session ends.
   */
  public void follow(Consumer<List<ServerName>> listener) throws IOException {
    List<String> names = zk.children(ZNodes.REGION_SERVERS, event -> {
      if (zk.isOpen()) {
        try {
          follow(listener);
        } catch (IOException e) {
          LOG.warn("lost track of the region servers", e);
        }
      }
    });
    listener.accept(parse(names));
  }

  private static List<ServerName> parse(List<String> names) {
    List<ServerName> servers = new ArrayList<>();
    for (String n : names) {
      servers.add(ServerName.parse(n));
    }
    return servers;
  }
}
