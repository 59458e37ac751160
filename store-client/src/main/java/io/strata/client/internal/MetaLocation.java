package io.strata.client.internal;

import io.strata.client.RegionLocation;
import io.strata.common.schema.MetaLayout;
import io.strata.common.schema.ServerName;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where strata:meta is: cached, and read from ZooKeeper ({@link ClusterRegistry#metaServer})
 * on a miss. Concurrent misses share one read: the first caller reads (in its own thread, as
 * ZooKeeper's client blocks) and the others wait on its answer. A reload joins a read in flight
 * too: that read is at most one ZooKeeper round trip old. Each caller gets a future of its own,
 * so one that cancels its future cancels nothing for the others.
 */
final class MetaLocation {
  /** Reads meta's server; ZooKeeper in production. */
  @FunctionalInterface
  interface Source {
    ServerName metaServer() throws IOException;
  }

  private final Source source;
  private final AtomicReference<RegionLocation> cached = new AtomicReference<>();
  /** The read in flight, or null. Guarded by {@code this}. */
  private CompletableFuture<RegionLocation> reading;
  private final LongAdder reads = new LongAdder();

  MetaLocation(Source source) {
    this.source = source;
  }

  /** Meta's location; {@code reload} skips the cache. */
  CompletableFuture<RegionLocation> get(boolean reload) {
    RegionLocation m = cached.get();
    if (m != null && !reload) {
      return CompletableFuture.completedFuture(m);
    }
    CompletableFuture<RegionLocation> f;
    synchronized (this) {
      m = cached.get();
      if (m != null && !reload) {
        return CompletableFuture.completedFuture(m);
      }
      if (reading != null) {
        return TableLocations.relay(reading);
      }
      f = reading = new CompletableFuture<>();
    }
    reads.increment();
    RegionLocation found = null;
    IOException failure = null;
    try {
      found = new RegionLocation(MetaLayout.META_REGION, source.metaServer());
      cached.set(found);
    } catch (IOException e) {
      failure = e;
    }
    synchronized (this) {
      reading = null;
    }
    CompletableFuture<RegionLocation> mine = TableLocations.relay(f);
    if (failure != null) {
      f.completeExceptionally(failure);
    } else {
      f.complete(found);
    }
    return mine;
  }

  /** The location cached now, or null. */
  RegionLocation cached() {
    return cached.get();
  }

  /** Drops {@code stale} if it is still the cached location. */
  void drop(RegionLocation stale) {
    cached.compareAndSet(stale, null);
  }

  /** Drops the cached location if it is on {@code server}. */
  void dropOn(ServerName server) {
    RegionLocation m = cached.get();
    if (m != null && RegionCache.sameAddress(m.server(), server)) {
      cached.compareAndSet(m, null);
    }
  }

  /** Meta moved from {@code used}'s server to {@code to}; kept unless a newer location is. */
  void moved(RegionLocation used, ServerName to) {
    RegionLocation now = cached.get();
    if (now == null || now.equals(used)) {
      cached.compareAndSet(now, new RegionLocation(MetaLayout.META_REGION, to));
    }
  }

  /** ZooKeeper reads made (for tests). */
  long reads() {
    return reads.sum();
  }
}
