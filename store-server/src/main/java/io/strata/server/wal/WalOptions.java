package io.strata.server.wal;

import io.strata.common.conf.StrataConfiguration;
import io.strata.common.conf.WalKeys;
import java.time.Duration;

/** Tunables of a {@link Wal}; see the {@link WalKeys} declarations for their meaning. */
public record WalOptions(long rollSize, Duration rollPeriod, int ringSize,
    Duration asyncFlushInterval, Duration syncTimeout, Duration spin, boolean directSync) {
  /**
   * Options whose threads sleep at once when idle (no {@code spin}); a writer finding the WAL
   * idle syncs its own edit, as by default.
   */
  public WalOptions(long rollSize, Duration rollPeriod, int ringSize,
      Duration asyncFlushInterval, Duration syncTimeout) {
    this(rollSize, rollPeriod, ringSize, asyncFlushInterval, syncTimeout, Duration.ZERO, true);
  }

  public WalOptions {
    if (rollSize < 1024 || ringSize < 1 || rollPeriod.isNegative() || rollPeriod.isZero()
        || asyncFlushInterval.isNegative() || asyncFlushInterval.isZero()
        || syncTimeout.isNegative() || syncTimeout.isZero() || spin.isNegative()) {
      throw new IllegalArgumentException("WAL options out of range: roll size " + rollSize
          + " (at least 1024), ring size " + ringSize + " (at least 1), roll period " + rollPeriod
          + ", async flush interval " + asyncFlushInterval + " and sync timeout " + syncTimeout
          + " (all positive), spin " + spin + " (not negative)");
    }
    ringSize = Integer.highestOneBit(ringSize - 1 == 0 ? 1 : ringSize - 1) << 1;
  }

  public static WalOptions from(StrataConfiguration conf) {
    return new WalOptions(conf.get(WalKeys.ROLL_SIZE), conf.get(WalKeys.ROLL_PERIOD),
        conf.get(WalKeys.RING_SIZE), conf.get(WalKeys.ASYNC_FLUSH_INTERVAL),
        conf.get(WalKeys.SYNC_TIMEOUT), conf.get(WalKeys.SYNC_SPIN),
        conf.get(WalKeys.DIRECT_SYNC));
  }
}
