package io.strata.server.region;

import java.io.Closeable;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Flushes regions on a background thread when they ask. Requests for a region already waiting
 * are merged, so a busy region is flushed once, not once per write.
 */
public final class RegionFlusher implements FlushRequester, Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(RegionFlusher.class);

  private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "region-flusher");
    t.setDaemon(true);
    return t;
  });
  private final Set<Region> pending = ConcurrentHashMap.newKeySet();

  @Override
  public void requestFlush(Region region) {
    if (!executor.isShutdown() && pending.add(region)) {
      executor.execute(() -> {
        pending.remove(region);
        try {
          region.flush();
        } catch (Exception e) {
          // The snapshot stays in memory and is flushed again with the next request.
          LOG.error("flush of region {} failed; it will be retried", region.encodedName(), e);
        }
      });
    }
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
