package io.strata.server.master;

import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.schema.ServerName;
import java.io.Closeable;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Learns at once that a region server's process died on a host that stayed up, instead of
 * after its ZooKeeper session times out. The master holds a connection to every live server;
 * when one closes, it tries the server's port. A refused connection means no process listens
 * there any more, and the server is declared dead ({@code declareDead} deletes its znode, so
 * recovery and fencing take the same path as after a session expiry).
 *
 * <p>A port that does not answer proves nothing (a host cut off, a full accept backlog): that is
 * left to the session timeout, and the port is tried again every second while the server is
 * listed live. A port that answers (the server closed an idle connection) is watched again.
 */
final class DeathWatch implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(DeathWatch.class);
  private static final int PROBE_TIMEOUT_MILLIS = 1000;
  private static final long RETRY_MILLIS = 1000;

  private final Predicate<ServerName> isLive;
  private final Function<ServerName, CompletableFuture<RpcConnection>> connect;
  private final Consumer<ServerName> declareDead;
  private final Set<ServerName> watched = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
      r -> {
        Thread t = new Thread(r, "death-watch");
        t.setDaemon(true);
        return t;
      });
  private volatile boolean closed;

  DeathWatch(Predicate<ServerName> isLive,
      Function<ServerName, CompletableFuture<RpcConnection>> connect,
      Consumer<ServerName> declareDead) {
    this.isLive = isLive;
    this.connect = connect;
    this.declareDead = declareDead;
  }

  /** Watches the server from now until it is no longer live; a second call does nothing. */
  void watch(ServerName server) {
    if (!closed && watched.add(server)) {
      timer.execute(() -> follow(server));
    }
  }

  /**
   * Declares a listed server dead without probing it: a newer process registered on its host
   * and port, so the one listed can only be a dead process whose session has not yet expired.
   */
  void superseded(ServerName server, ServerName by) {
    if (!closed) {
      timer.execute(() -> {
        LOG.warn("region server {} restarted as {}; declaring the old process dead", server, by);
        watched.remove(server);
        declareDead.accept(server);
      });
    }
  }

  private boolean stillWatched(ServerName server) {
    if (closed || !isLive.test(server)) {
      watched.remove(server);
      return false;
    }
    return true;
  }

  private void follow(ServerName server) {
    if (!stillWatched(server)) {
      return;
    }
    connect.apply(server).whenComplete((c, failed) -> {
      if (failed != null) {
        probe(server);
      } else {
        c.closed().thenRun(() -> probe(server));
      }
    });
  }

  private void probe(ServerName server) {
    if (closed) {
      return;
    }
    timer.execute(() -> {
      if (!stillWatched(server)) {
        return;
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(server.host(), server.port()), PROBE_TIMEOUT_MILLIS);
        timer.schedule(() -> follow(server), RETRY_MILLIS, TimeUnit.MILLISECONDS);
      } catch (ConnectException e) {
        if (refused(e)) {
          LOG.warn("region server {} is gone: its connection closed and its port refuses "
              + "connections; declaring it dead", server);
          watched.remove(server);
          declareDead.accept(server);
        } else {
          retry(server);
        }
      } catch (IOException e) {
        retry(server);
      }
    });
  }

  private void retry(ServerName server) {
    if (!closed) {
      timer.schedule(() -> probe(server), RETRY_MILLIS, TimeUnit.MILLISECONDS);
    }
  }

  /**
   * A refusal (RST from a host that is up), not an unreachable network, which some platforms
   * also report as a ConnectException.
   */
  private static boolean refused(ConnectException e) {
    return e.getMessage() != null && e.getMessage().toLowerCase(java.util.Locale.ROOT)
        .contains("refused");
  }

  @Override
  public void close() {
    closed = true;
    timer.shutdownNow();
  }
}
