package io.strata.server.coordination;

import java.io.Closeable;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs the process's stalls (a garbage collection, a swapped-out heap, a starved machine) that
 * come near its ZooKeeper session timeout: a thread sleeps a short while and measures how much
 * longer it took. A stall past the timeout gets the session expired and the server declared
 * dead, so an operator who sees these lines should shrink the heap's pauses or raise
 * {@code strata.zookeeper.session.timeout}.
 */
public final class PauseMonitor implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(PauseMonitor.class);
  private static final long SLEEP_MILLIS = 500;

  private final Thread thread;
  private volatile boolean closed;

  /** Starts watching; pauses longer than a third of {@code sessionTimeout} are logged. */
  public PauseMonitor(String process, Duration sessionTimeout) {
    long warnMillis = Math.max(200, sessionTimeout.toMillis() / 3);
    thread = new Thread(() -> {
      while (!closed) {
        long start = System.nanoTime();
        try {
          Thread.sleep(SLEEP_MILLIS);
        } catch (InterruptedException e) {
          return;
        }
        long paused = (System.nanoTime() - start) / 1_000_000 - SLEEP_MILLIS;
        if (paused > warnMillis) {
          LOG.warn("{} stalled for {} ms (a garbage collection or a starved machine); a stall "
              + "longer than the ZooKeeper session timeout of {} ms ends its session", process,
              paused, sessionTimeout.toMillis());
        }
      }
    }, "pause-monitor");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() {
    closed = true;
    thread.interrupt();
  }
}
