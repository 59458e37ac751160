package io.strata.mapreduce;

import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.conf.StrataConfiguration;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Connections shared by the tasks that run in one JVM: the local runner runs every map of a job
 * in one process, one after another, and opening and closing a connection per task (a
 * ZooKeeper session, a meta lookup, sockets) cost a tenth of a second per task. A connection
 * is kept while a task holds it and for {@link #IDLE_MS} after the last one lets go, so the
 * next task finds it open; a task JVM of YARN simply exits with it.
 */
final class TaskConnections {
  /** How long an unused connection stays open for the next task. */
  static final long IDLE_MS = 2_000;

  private static final Map<String, Shared> OPEN = new HashMap<>();
  private static final ScheduledExecutorService CLOSER =
      Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "strata-mapreduce-connection-closer");
        t.setDaemon(true);
        return t;
      });

  private TaskConnections() {}

  /**
   * A connection to the cluster {@code conf} names, proving its user with the job's Strata
   * delegation token, {@code token}, when the job has one ({@link StrataTokens#ofJob});
   * {@link Lease#close()} gives it back.
   */
  static Lease acquire(StrataConfiguration conf, io.strata.common.security.Token token)
      throws IOException {
    String key = new TreeMap<>(conf.overrides()) + (token == null ? ""
        : "/token " + Long.toUnsignedString(token.id()));
    synchronized (OPEN) {
      Shared s = OPEN.get(key);
      if (s == null || s.connection.isClosed()) {
        s = new Shared(key, token == null ? ConnectionFactory.createConnection(conf)
            : ConnectionFactory.createConnection(conf, token));
        OPEN.put(key, s);
      }
      if (s.closing != null) {
        s.closing.cancel(false);
        s.closing = null;
      }
      s.users++;
      return new Lease(s);
    }
  }

  private static void release(Shared s) {
    synchronized (OPEN) {
      if (--s.users == 0) {
        s.closing = CLOSER.schedule(() -> closeIdle(s), IDLE_MS, TimeUnit.MILLISECONDS);
      }
    }
  }

  private static void closeIdle(Shared s) {
    synchronized (OPEN) {
      if (s.users > 0 || OPEN.get(s.key) != s) {
        return;
      }
      OPEN.remove(s.key);
    }
    try {
      s.connection.close();
    } catch (IOException e) {
      // Idle and unwanted: nothing waits on it.
    }
  }

  /** Closes every connection no task holds (a tool about to exit). */
  static void closeAll() {
    List<Shared> idle = new ArrayList<>();
    synchronized (OPEN) {
      for (Shared s : OPEN.values()) {
        if (s.users == 0) {
          idle.add(s);
        }
      }
      idle.forEach(s -> OPEN.remove(s.key));
    }
    for (Shared s : idle) {
      try {
        s.connection.close();
      } catch (IOException e) {
        // Closing at exit: nothing more to do.
      }
    }
  }

  private static final class Shared {
    final String key;
    final Connection connection;
    int users;
    ScheduledFuture<?> closing;

    Shared(String key, Connection connection) {
      this.key = key;
      this.connection = connection;
    }
  }

  /** One task's hold on a shared connection; closing it lets the connection go, once. */
  static final class Lease implements AutoCloseable {
    private final Shared shared;
    private boolean released;

    private Lease(Shared shared) {
      this.shared = shared;
    }

    Connection connection() {
      return shared.connection;
    }

    @Override
    public void close() {
      if (!released) {
        released = true;
        release(shared);
      }
    }
  }
}
