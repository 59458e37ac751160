package io.strata.server.region;

import io.strata.common.conf.RegionKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.ServerBusyException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps the memstores of all regions of a server within the heap. Above the lower limit it asks
 * for the largest regions to be flushed; above the upper limit it refuses writes with a
 * retryable "server busy" error instead of letting the heap run out. It counts the heap the
 * memstores take ({@link io.strata.server.memstore.MemStore#heapSize}), cells' objects and
 * index included, not only their bytes.
 */
public final class MemStoreLimiter {
  private final String server;
  private final long lowerLimit;
  private final long upperLimit;
  private final FlushRequester flusher;
  private final Set<Region> regions = ConcurrentHashMap.newKeySet();
  /**
   * Regions opening, replaying WAL edits into their memstores: counted, but never asked to
   * flush, for the replaying thread flushes them itself ({@link #mustFlushReplay}).
   */
  private final Set<Region> replaying = ConcurrentHashMap.newKeySet();

  public MemStoreLimiter(String server, long lowerLimit, long upperLimit, FlushRequester flusher) {
    if (lowerLimit <= 0 || upperLimit < lowerLimit) {
      throw new IllegalArgumentException("memstore limits must satisfy 0 < lower (" + lowerLimit
          + ") <= upper (" + upperLimit + ")");
    }
    this.server = server;
    this.lowerLimit = lowerLimit;
    this.upperLimit = upperLimit;
    this.flusher = flusher;
  }

  /** Limits from the configured fractions of this JVM's maximum heap. */
  public static MemStoreLimiter fromHeap(String server, StrataConfiguration conf,
      FlushRequester flusher) {
    long upper = (long) (Runtime.getRuntime().maxMemory()
        * conf.get(RegionKeys.GLOBAL_MEMSTORE_HEAP_FRACTION));
    long lower = (long) (upper * conf.get(RegionKeys.GLOBAL_MEMSTORE_LOWER_FRACTION));
    return new MemStoreLimiter(server, Math.max(1, lower), Math.max(1, upper), flusher);
  }

  /** An opening region is about to replay edits: count its memstores from now on. */
  void replaying(Region r) {
    replaying.add(r);
  }

  /** The region is open: its memstores are counted, and flushed when the largest. */
  public void register(Region r) {
    regions.add(r);
    replaying.remove(r);
  }

  public void unregister(Region r) {
    regions.remove(r);
    replaying.remove(r);
  }

  public long globalSize() {
    long total = 0;
    for (Region r : regions) {
      total += heapSize(r);
    }
    for (Region r : replaying) {
      total += heapSize(r);
    }
    return total;
  }

  /**
   * Whether a region replaying edits should flush before it goes on: once its memstores reach
   * its flush size, as a write's would, or, while all memstores together are above the lower
   * limit, once it holds a sixteenth of the upper limit. A dead server's edits replayed by
   * several opening regions at once otherwise pile onto memstores already at their limit: a
   * 512 MB region server ran out of heap that way. Above the lower limit the open regions are
   * asked to flush as after a write.
   */
  boolean mustFlushReplay(Region r, long flushSize) {
    if (r.memStoreSize() >= flushSize) {
      return true;
    }
    long own = heapSize(r);
    if (own < upperLimit / 16) {
      return false;
    }
    long total = globalSize();
    if (total < lowerLimit) {
      return false;
    }
    flushLargest(total - own);
    return true;
  }

  /** The heap a region's memstores take. */
  static long heapSize(Region r) {
    long total = 0;
    for (Store s : r.stores().values()) {
      total += s.memstore().heapSize();
    }
    return total;
  }

  /** Refuses the write if memstores are over the upper limit (and asks for flushes). */
  public void checkBeforeWrite() throws ServerBusyException {
    long total = globalSize();
    if (total >= upperLimit) {
      flushLargest(total);
      throw new ServerBusyException(server, "memstores hold " + total + " bytes, at or above "
          + "the upper limit of " + upperLimit + " bytes, while flushes catch up");
    }
  }

  /** After a write: above the lower limit, flush the largest regions until below it. */
  public void afterWrite() {
    long total = globalSize();
    if (total >= lowerLimit) {
      flushLargest(total);
    }
  }

  private void flushLargest(long total) {
    java.util.List<Region> bySize = new java.util.ArrayList<>(regions);
    bySize.sort((a, b) -> Long.compare(heapSize(b), heapSize(a)));
    long remaining = total;
    for (Region r : bySize) {
      if (remaining < lowerLimit) {
        break;
      }
      long size = heapSize(r);
      if (size == 0) {
        break;
      }
      flusher.requestFlush(r);
      remaining -= size;
    }
  }

  public long lowerLimit() {
    return lowerLimit;
  }

  public long upperLimit() {
    return upperLimit;
  }
}
