package io.strata.server.regionserver.split;

import io.strata.common.schema.TableName;
import io.strata.server.region.ForwardingRegionEvents;
import io.strata.server.region.Region;
import io.strata.server.region.RegionEvents;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.ToIntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks a region against the split policy after each flush and compaction and, when it is
 * large enough, asks the master to split it at its middle row, as HBase's region servers do
 * (the split itself is the master's durable procedure, as for a split from the shell). A
 * region asked for is asked for again only once the request failed or a minute passed (a
 * split the master refused, say, for a table being disabled).
 */
public final class AutoSplitter extends ForwardingRegionEvents {
  private static final Logger LOG = LoggerFactory.getLogger(AutoSplitter.class);

  /** Sends a split request for a region to the master. */
  @FunctionalInterface
  public interface Requester {
    void requestSplit(String encodedName) throws IOException;
  }

  private final SplitPolicy policy;
  private final ToIntFunction<TableName> tableRegions;
  private final Requester requester;
  private static final long ASK_AGAIN_MILLIS = 60_000;

  /** Regions asked for, with when. */
  private final Map<String, Long> requested = new ConcurrentHashMap<>();
  private final ExecutorService sender = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "split-requests");
    t.setDaemon(true);
    return t;
  });

  /**
   * @param tableRegions how many regions of a table this server holds
   */
  public AutoSplitter(RegionEvents inner, SplitPolicy policy, ToIntFunction<TableName> tableRegions,
      Requester requester) {
    super(inner);
    this.policy = policy;
    this.tableRegions = tableRegions;
    this.requester = requester;
  }

  @Override
  public void afterFlush(Region r) {
    super.afterFlush(r);
    check(r);
  }

  @Override
  public void afterCompaction(Region r, byte[] family, boolean major) {
    super.afterCompaction(r, family, major);
    check(r);
  }

  /** Whether {@code r} should split now, by the policy. */
  public boolean shouldSplit(Region r) {
    if (r.isClosed() || r.info().isMetaRegion() || r.info().getTable().isSystemTable()
        || r.hasReferences() || r.hasLinks()) {
      return false;
    }
    long limit = policy.sizeToSplit(r.table(), tableRegions.applyAsInt(r.info().getTable()));
    return limit != Long.MAX_VALUE && r.largestStoreBytes() > limit;
  }

  private void check(Region r) {
    if (!shouldSplit(r)) {
      return;
    }
    long now = System.currentTimeMillis();
    // Regions that split meanwhile never come back; forget every old request.
    requested.values().removeIf(t -> now - t >= ASK_AGAIN_MILLIS);
    Long asked = requested.putIfAbsent(r.encodedName(), now);
    if (asked != null && (now - asked < ASK_AGAIN_MILLIS
        || !requested.replace(r.encodedName(), asked, now))) {
      return;
    }
    LOG.info("region {} of {} holds {} bytes in its largest family, over its split size; "
        + "asking the master to split it", r.encodedName(), r.info().getTable(),
        r.largestStoreBytes());
    sender.execute(() -> {
      try {
        requester.requestSplit(r.encodedName());
      } catch (IOException | RuntimeException e) {
        LOG.info("the split of region {} was not started ({}); it is asked for again after its "
            + "next flush or compaction", r.encodedName(), e.toString());
        requested.remove(r.encodedName());
      }
    });
  }

  public void close() {
    sender.shutdownNow();
  }
}
