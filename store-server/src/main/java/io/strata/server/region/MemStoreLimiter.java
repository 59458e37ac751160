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

  public void register(Region r) {
    regions.add(r);
  }

  public void unregister(Region r) {
    regions.remove(r);
  }

  public long globalSize() {
    long total = 0;
    for (Region r : regions) {
      total += heapSize(r);
    }
    return total;
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
