package io.strata.server.master;

import io.strata.client.internal.RpcChannels;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.error.ServerErrorException;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.schema.ServerName;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The region servers as the master knows them: live ones (from their ZooKeeper znodes), their
 * latest load reports, and one admin connection to each. A server whose znode goes is dead:
 * the listener given to {@link #onDeath} recovers its regions.
 */
final class ServerManager implements Closeable {
  private final RpcChannels channels;
  private final Set<ServerName> live = ConcurrentHashMap.newKeySet();
  private final Map<ServerName, ServerLoadProto> loads = new ConcurrentHashMap<>();
  private final Map<ServerName, ServerLoadProto> previous = new ConcurrentHashMap<>();
  private final Set<ServerName> dead = ConcurrentHashMap.newKeySet();
  private volatile Consumer<ServerName> onDeath = s -> { };
  private volatile DeathWatch deathWatch;

  ServerManager(RpcClient client, Duration connectTimeout) {
    this.channels = new RpcChannels(client, connectTimeout);
  }

  void onDeath(Consumer<ServerName> listener) {
    this.onDeath = listener;
  }

  /**
   * Has live servers watched so that the death of a process on a host that stays up is noticed
   * at once ({@link DeathWatch}); {@code declareDead} deletes the server's znode.
   */
  void watchDeaths(Consumer<ServerName> declareDead) {
    deathWatch = new DeathWatch(this::isLive, s -> channels.connection(s, "AdminService"),
        declareDead);
    live.forEach(deathWatch::watch);
  }

  /**
   * The live servers now, from ZooKeeper; servers gone since the last call are dead. Of two
   * listed on one host and port, the older start code is a dead process whose session has not
   * expired yet: it is not live, and is declared dead.
   */
  synchronized void update(List<ServerName> listed) {
    Map<String, ServerName> newest = new java.util.HashMap<>();
    for (ServerName s : listed) {
      newest.merge(s.getAddress(), s, (a, b) -> a.startCode() >= b.startCode() ? a : b);
    }
    List<ServerName> now = new ArrayList<>(newest.values());
    DeathWatch watch = deathWatch;
    for (ServerName s : listed) {
      ServerName by = newest.get(s.getAddress());
      if (!by.equals(s) && watch != null) {
        watch.superseded(s, by);
      }
    }
    Set<ServerName> gone = new TreeSet<>(live);
    now.forEach(gone::remove);
    live.clear();
    live.addAll(now);
    if (watch != null) {
      now.forEach(watch::watch);
    }
    notifyAll(); // awaitServers
    for (ServerName s : gone) {
      loads.remove(s);
      previous.remove(s);
      channels.forget(s);
      dead.add(s);
      onDeath.accept(s);
    }
  }

  boolean isLive(ServerName s) {
    return live.contains(s);
  }

  List<ServerName> liveServers() {
    List<ServerName> l = new ArrayList<>(live);
    l.sort(null);
    return l;
  }

  Collection<ServerName> deadServers() {
    return new TreeSet<>(dead);
  }

  void report(ServerLoadProto load) {
    ServerName s = io.strata.common.schema.SchemaCodec.fromProto(load.getServer());
    if (live.contains(s)) {
      ServerLoadProto before = loads.put(s, load);
      if (before != null) {
        previous.put(s, before);
      }
    }
  }

  ServerLoadProto load(ServerName s) {
    return loads.get(s);
  }

  /** The report before the latest (rates are the change between them), or null. */
  ServerLoadProto previousLoad(ServerName s) {
    return previous.get(s);
  }

  /** The admin service of a live server. */
  RpcConnection admin(ServerName s) throws IOException {
    if (!live.contains(s)) {
      throw new ServerErrorException(s.toString(), new IOException("region server " + s
          + " is not live"));
    }
    return channels.get(s, "AdminService");
  }

  /** Waits until at least {@code n} servers are live; false if the time ran out. */
  boolean awaitServers(int n, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (this) {
      while (live.size() < n) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
    }
    return true;
  }

  @Override
  public void close() {
    DeathWatch watch = deathWatch;
    if (watch != null) {
      watch.close();
    }
    channels.close();
  }
}
