package io.strata.server.region;

import java.io.Closeable;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Flushes regions on a background thread when they ask. Requests for a region already waiting
 * are merged, so a busy region is flushed once, not once per write. A region whose flush failed
 * (a full disk, a file system that refuses writes) is tried again after a pause that doubles
 * with each failure, from {@code firstBackoff} up to 64 times it: every write asks for a flush
 * while the memstore is over its size, and trying on each would fill the log and load the file
 * system that is failing.
 */
public final class RegionFlusher implements FlushRequester, Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(RegionFlusher.class);
  private static final int MAX_DOUBLINGS = 6;

  private record Failed(int times, long notBeforeNanos) {}

  private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
    Thread t = new Thread(r, "region-flusher");
    t.setDaemon(true);
    return t;
  });
  private final Set<Region> pending = ConcurrentHashMap.newKeySet();
  private final Map<Region, Failed> failed = new ConcurrentHashMap<>();
  private final long firstBackoffNanos;

  public RegionFlusher() {
    this(Duration.ofSeconds(1));
  }

  public RegionFlusher(Duration firstBackoff) {
    this.firstBackoffNanos = firstBackoff.toNanos();
    // A retry waiting out its pause is dropped at close: closing a region flushes it anyway.
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
  }

  @Override
  public void requestFlush(Region region) {
    if (executor.isShutdown() || !pending.add(region)) {
      return;
    }
    Failed f = failed.get(region);
    long delay = f == null ? 0 : Math.max(0, f.notBeforeNanos() - System.nanoTime());
    try {
      executor.schedule(() -> flush(region), delay, TimeUnit.NANOSECONDS);
    } catch (java.util.concurrent.RejectedExecutionException closing) {
      pending.remove(region);
    }
  }

  private void flush(Region region) {
    pending.remove(region);
    try {
      region.flush();
      if (failed.remove(region) != null) {
        LOG.info("flush of region {} succeeded again", region.encodedName());
      }
    } catch (Exception e) {
      // The snapshot stays in memory and is flushed again with a later request.
      Failed before = failed.get(region);
      int times = before == null ? 1 : before.times() + 1;
      long pause = firstBackoffNanos << Math.min(times - 1, MAX_DOUBLINGS);
      failed.put(region, new Failed(times, System.nanoTime() + pause));
      if (times == 1) {
        LOG.error("flush of region {} failed; trying again in {} ms at the earliest",
            region.encodedName(), TimeUnit.NANOSECONDS.toMillis(pause), e);
      } else {
        LOG.error("flush of region {} failed again ({} times): {}; trying again in {} ms at the"
            + " earliest", region.encodedName(), times, e.toString(),
            TimeUnit.NANOSECONDS.toMillis(pause));
      }
    }
  }

  /** Regions waiting for their flush. */
  public int queued() {
    return pending.size();
  }

  /** How many times in a row the region's flush failed; 0 once one succeeds. */
  int failures(Region region) {
    Failed f = failed.get(region);
    return f == null ? 0 : f.times();
  }

  @Override
  public void close() {
    executor.shutdown();
    try {
      executor.awaitTermination(1, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
