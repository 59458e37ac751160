package io.strata.server.region;

import io.strata.common.conf.CompactionKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import io.strata.server.compaction.CompactionPolicy;
import io.strata.server.compaction.CompactionThroughput;
import io.strata.server.compaction.ThroughputLimiter;
import java.io.Closeable;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs compactions of a server's regions on background threads, with the server's policy and
 * throughput limits, one limiter booking the bytes of all. Requests wait in a
 * {@link CompactionQueue}: an operator's first, then the region whose fullest store is nearest
 * the blocking count. Requests for a region already queued are merged (a major request upgrades
 * a queued minor one by queueing after it).
 */
public final class CompactionService implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(CompactionService.class);

  private final CompactionPolicy policy;
  private final ThroughputLimiter limiter = new ThroughputLimiter();
  private final CompactionThroughput throughput;
  private final Duration majorPeriod;
  private final CompactionQueue queue;
  private final boolean enabled;
  /** Why a table's compactions may not run now, or null: the server's say (space quotas). */
  private volatile Function<TableName, String> refusal = t -> null;

  /** With {@code enabled} false, automatic requests are ignored; {@link Region#compact} runs. */
  public CompactionService(CompactionPolicy policy, CompactionThroughput throughput,
      Duration majorPeriod, int threads, boolean enabled) {
    this(policy, throughput, majorPeriod, new CompactionQueue(threads, r -> {
      Thread t = new Thread(r, "compaction");
      t.setDaemon(true);
      return t;
    }), enabled);
  }

  /** Over {@code queue}, which tests fill with requests of their own. */
  CompactionService(CompactionPolicy policy, CompactionThroughput throughput,
      Duration majorPeriod, CompactionQueue queue, boolean enabled) {
    this.enabled = enabled;
    this.policy = policy;
    this.throughput = throughput;
    this.majorPeriod = majorPeriod;
    this.queue = queue;
  }

  public static CompactionService fromConfig(StrataConfiguration conf) {
    return new CompactionService(new CompactionPolicy(conf.get(CompactionKeys.MIN_FILES),
        conf.get(CompactionKeys.MAX_FILES), conf.get(CompactionKeys.RATIO),
        conf.get(CompactionKeys.MAX_FILE_SIZE)),
        new CompactionThroughput(conf.get(CompactionKeys.THROUGHPUT_LOWER_BOUND),
            conf.get(CompactionKeys.THROUGHPUT_HIGHER_BOUND), conf.get(CompactionKeys.MIN_FILES),
            conf.get(CompactionKeys.BLOCKING_FILES)), conf.get(CompactionKeys.MAJOR_PERIOD),
        conf.get(CompactionKeys.THREADS), conf.get(CompactionKeys.ENABLED));
  }

  /**
   * Skips the compactions of tables for which {@code refusal} gives a reason, until it gives
   * none: asked when a queued compaction is about to run.
   */
  public void refuseWhen(Function<TableName, String> refusal) {
    this.refusal = refusal;
  }

  /** Compactions requested and not yet started. */
  public int queued() {
    return queue.waiting();
  }

  public CompactionPolicy policy() {
    return policy;
  }

  public ThroughputLimiter limiter() {
    return limiter;
  }

  public int blockingFiles() {
    return throughput.blockingFiles();
  }

  public Duration majorPeriod() {
    return majorPeriod;
  }

  /**
   * Compacts the region soon on a background thread (unless compactions are turned off), after
   * the waiting requests of regions whose fullest store has more files.
   */
  public void requestCompaction(Region region, boolean major) {
    if (enabled) {
      int files = region.fullestStoreFiles();
      queue(region, major, null, blockingFiles() - files, files);
    }
  }

  /**
   * After a flush: a major compaction of the region if a store's oldest file is past the major
   * period, else a minor one if a store has the policy's minimum of files, else nothing.
   */
  void requestIfDue(Region region, java.util.Collection<Store> stores, long nowMillis) {
    boolean minor = false;
    boolean major = false;
    for (Store s : stores) {
      minor |= s.fileCount() >= policy.minFiles();
      long oldest = s.oldestFileMillis();
      major |= oldest >= 0 && s.fileCount() > 0 && nowMillis - oldest >= majorPeriod.toMillis();
    }
    if (major || minor) {
      requestCompaction(region, major);
    }
  }

  /**
   * Compacts the region soon on a background thread, even with automatic compactions turned
   * off: an operator asked for it.
   */
  public void requestNow(Region region, boolean major) {
    requestNow(region, major, null);
  }

  /**
   * As {@link #requestNow(Region, boolean)}, for one family's store only ({@code family} null:
   * every store). A request for one family is queued apart from the region's whole requests.
   */
  public void requestNow(Region region, boolean major, byte[] family) {
    queue(region, major, family, CompactionQueue.OPERATOR, 0);
  }

  /**
   * The file count of the fullest store whose automatic compaction is waiting (0 if none): a
   * running compaction is paced as if its store were that full.
   */
  int mostFilesWaiting() {
    return queue.mostFilesWaiting();
  }

  /**
   * Bytes per second a compaction of a store of {@code files} files may write (0: no limit):
   * the throughput at that count, or at the count of the fullest store whose compaction waits
   * for a thread, if fuller. Paced at its own count, an unpressured compaction ran at the lower
   * bound while the store waiting behind it refused writes (HBase paces by the server's highest
   * pressure).
   */
  public long bytesPerSecond(int files) {
    return throughput.bytesPerSecond(Math.max(files, queue.mostFilesWaiting()));
  }

  private void queue(Region region, boolean major, byte[] family, int urgency, int files) {
    String key = region.encodedName() + (major ? "/major" : "/minor")
        + (family == null ? "" : "/" + io.strata.common.util.Bytes.toHex(family));
    queue.offer(key, urgency, files, () -> {
      String refused = refusal.apply(region.info().getTable());
      if (refused != null) {
        LOG.info("compaction of region {} skipped: {}", region.encodedName(), refused);
        return;
      }
      try {
        region.compact(major, family);
      } catch (io.strata.common.error.NotServingRegionException
          | java.io.InterruptedIOException e) {
        LOG.debug("compaction of region {} did not run to its end: the region closed",
            region.encodedName());
      } catch (Exception e) {
        // Inputs stay in place; the next request tries again.
        LOG.error("{} compaction of region {} failed", major ? "major" : "minor",
            region.encodedName(), e);
      }
    });
  }

  @Override
  public void close() {
    try {
      queue.shutdown(1, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
