package io.strata.server.regionserver;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.strata.server.metrics.MetricCatalog;
import io.strata.server.metrics.Metrics;
import io.strata.server.region.Region;
import io.strata.server.region.RegionEvents;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The region events a server hears, timed for its metrics (flushes, compactions) and passed on
 * to the coprocessors' listener. A flush or compaction that fails after its start is not
 * counted; its start is forgotten with the next one of that region or store.
 */
final class TimedRegionEvents extends io.strata.server.region.ForwardingRegionEvents {
  private final Timer flushes;
  private final Counter flushed;
  private final Timer major;
  private final Timer minor;
  private final Counter compactedIn;
  private final Counter compactedOut;
  private final Map<Region, long[]> flushStarts = new ConcurrentHashMap<>();
  private final Map<String, Long> compactionStarts = new ConcurrentHashMap<>();

  TimedRegionEvents(RegionEvents inner, Metrics metrics) {
    super(inner);
    this.flushes = metrics.timer(MetricCatalog.FLUSH_TIME);
    this.flushed = metrics.counter(MetricCatalog.FLUSHED_BYTES);
    this.major = metrics.timer(MetricCatalog.COMPACTION_TIME, "true");
    this.minor = metrics.timer(MetricCatalog.COMPACTION_TIME, "false");
    this.compactedIn = metrics.counter(MetricCatalog.COMPACTED_INPUT_BYTES);
    this.compactedOut = metrics.counter(MetricCatalog.COMPACTED_OUTPUT_BYTES);
  }

  @Override
  public void beforeFlush(Region r) throws IOException {
    inner.beforeFlush(r);
    flushStarts.put(r, new long[] {System.nanoTime(), r.memStoreSize()});
  }

  @Override
  public void afterFlush(Region r) {
    long[] start = flushStarts.remove(r);
    if (start != null) {
      flushes.record(System.nanoTime() - start[0], TimeUnit.NANOSECONDS);
      flushed.increment(start[1]);
    }
    inner.afterFlush(r);
  }

  private static String store(Region r, byte[] family) {
    return r.encodedName() + "/" + io.strata.common.util.Bytes.toStringBinary(family);
  }

  @Override
  public void beforeCompaction(Region r, byte[] family, boolean isMajor) throws IOException {
    inner.beforeCompaction(r, family, isMajor);
    compactionStarts.put(store(r, family), System.nanoTime());
  }

  @Override
  public void afterCompaction(Region r, byte[] family, boolean isMajor) {
    Long start = compactionStarts.remove(store(r, family));
    if (start != null) {
      (isMajor ? major : minor).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }
    inner.afterCompaction(r, family, isMajor);
  }

  @Override
  public void compacted(Region r, byte[] family, long inputBytes, long outputBytes) {
    compactedIn.increment(inputBytes);
    compactedOut.increment(outputBytes);
    inner.compacted(r, family, inputBytes, outputBytes);
  }
}
