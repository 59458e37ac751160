package io.strata.server.regionserver;

import io.strata.common.conf.RegionKeys;
import io.strata.common.conf.WalKeys;
import io.strata.server.region.FlushRequester;
import io.strata.server.region.Region;
import io.strata.server.wal.Wal;
import java.io.Closeable;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks for the flushes no write asks for, as HBase's PeriodicMemStoreFlusher and its "too many
 * WALs" flush do. A region written once and then left alone never reaches its flush size: its
 * edits would stay in the heap, and every WAL file written after them would stay on disk, to
 * be replayed after a crash. So each look flushes a region whose oldest unflushed edit is
 * older than the flush period, and, while the server has more WAL files than the maximum, the
 * regions whose edits keep the oldest file from the archive.
 */
final class FlushChore implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(FlushChore.class);

  private final OnlineRegions regions;
  private final Wal wal;
  private final FlushRequester flusher;
  private final Duration period;
  private final int maxWalFiles;
  private final InstantSource clock;
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "flush-chore");
    t.setDaemon(true);
    return t;
  });

  /** {@code period} zero turns the periodic flush off. */
  FlushChore(OnlineRegions regions, Wal wal, FlushRequester flusher, Duration period,
      int maxWalFiles, InstantSource clock) {
    if (period.isNegative()) {
      throw new IllegalArgumentException(RegionKeys.MEMSTORE_FLUSH_PERIOD.name() + " is "
          + period + "; give a positive duration, or 0s to turn periodic flushes off");
    }
    if (maxWalFiles < 1) {
      throw new IllegalArgumentException(WalKeys.MAX_FILES.name() + " is " + maxWalFiles
          + "; give at least 1");
    }
    this.regions = regions;
    this.wal = wal;
    this.flusher = flusher;
    this.period = period;
    this.maxWalFiles = maxWalFiles;
    this.clock = clock;
  }

  /**
   * How often to look for a flush period: every 10 s (as HBase's chores wake), or twice a
   * period when that is shorter, so a short period is kept to within half of it.
   */
  static Duration lookEvery(Duration period) {
    Duration max = Duration.ofSeconds(10);
    if (period.isZero() || period.isNegative() || period.dividedBy(2).compareTo(max) >= 0) {
      return max;
    }
    Duration half = period.dividedBy(2);
    return half.toMillis() < 1 ? Duration.ofMillis(1) : half;
  }

  /** Looks every {@code every} from now on. */
  void start(Duration every) {
    timer.scheduleWithFixedDelay(this::checkQuietly, every.toMillis(), every.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  private void checkQuietly() {
    try {
      check();
    } catch (RuntimeException e) {
      LOG.warn("looking for regions to flush failed; looking again later", e);
    }
  }

  /** One look; returns the regions it asked to flush, by encoded name. */
  List<String> check() {
    List<String> asked = new ArrayList<>();
    if (!period.isZero()) {
      long now = clock.millis();
      for (OnlineRegions.Hosted h : regions.all()) {
        long oldest = h.region().oldestUnflushedEditMillis();
        if (oldest >= 0 && now - oldest >= period.toMillis()) {
          LOG.info("region {} holds an edit {} s old, older than {} ({}): flushing it",
              h.region().encodedName(), (now - oldest) / 1000,
              RegionKeys.MEMSTORE_FLUSH_PERIOD.name(), period);
          request(h.region(), asked);
        }
      }
    }
    int files = wal.fileCount();
    if (files > maxWalFiles) {
      // A region no longer here (closed by an abort) keeps its edits for recovery: only the
      // hosted ones can help.
      List<Region> keeping = new ArrayList<>();
      for (String name : wal.regionsKeepingOldestFile()) {
        OnlineRegions.Hosted h = regions.find(name);
        if (h != null) {
          keeping.add(h.region());
        }
      }
      if (!keeping.isEmpty()) {
        LOG.info("{} WAL files, more than {} ({}): flushing the {} region(s) whose edits keep "
            + "the oldest: {}", files, maxWalFiles, WalKeys.MAX_FILES.name(), keeping.size(),
            keeping.stream().map(Region::encodedName).toList());
      }
      keeping.forEach(r -> request(r, asked));
    }
    return asked;
  }

  private void request(Region region, List<String> asked) {
    if (!asked.contains(region.encodedName())) {
      flusher.requestFlush(region);
      asked.add(region.encodedName());
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
