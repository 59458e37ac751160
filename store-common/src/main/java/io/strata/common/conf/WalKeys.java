package io.strata.common.conf;

import java.time.Duration;

/** Keys of a region server's write-ahead log. */
public final class WalKeys {
  public static final String SECTION = "Write-ahead log";

  public static final ConfigKey<Long> ROLL_SIZE = ConfigKey.size("strata.wal.roll.size", "128m",
      "Start a new WAL file once the current one reaches this size. Smaller files are archived "
          + "sooner after flushes; larger ones roll less often.");

  public static final ConfigKey<Duration> ROLL_PERIOD = ConfigKey.duration(
      "strata.wal.roll.period", "1h",
      "Start a new WAL file once the current one is this old, even if it is small, so old "
          + "files can be archived.");

  public static final ConfigKey<Integer> MAX_FILES = ConfigKey.integer("strata.wal.max.files",
      32, "files",
      "When a region server has more WAL files than this, the regions whose unflushed edits "
          + "keep the oldest one are flushed so that it can be archived (HBase's "
          + "hbase.regionserver.maxlogs). Bounds the WAL's disk use and what a crash recovery "
          + "replays when some region is rarely written.");

  public static final ConfigKey<Integer> RING_SIZE = ConfigKey.integer("strata.wal.ring.size",
      16384, "slots",
      "Slots in the WAL's append ring buffer (rounded up to a power of two). Writers wait when "
          + "it is full.");

  public static final ConfigKey<Duration> ASYNC_FLUSH_INTERVAL = ConfigKey.duration(
      "strata.wal.async.flush.interval", "1s",
      "How often edits written with ASYNC_WAL durability are flushed to the file system when "
          + "no synchronous edit flushes them first.");

  public static final ConfigKey<Duration> SYNC_TIMEOUT = ConfigKey.duration(
      "strata.wal.sync.timeout", "5m",
      "How long a writer waits for the WAL sync covering its edit. Past it the write fails "
          + "unacknowledged (its outcome is unknown) instead of hanging on a stuck disk.");

  public static final ConfigKey<Duration> SYNC_SPIN = ConfigKey.duration(
      "strata.wal.sync.spin", "200us",
      "How long the WAL writer thread, after a sync, keeps looking for new edits before it "
          + "sleeps, and how long one writer waiting for its sync keeps looking before it "
          + "sleeps. A sync to the local file system takes microseconds, less than waking a "
          + "sleeping thread on a small virtual machine; 0s sleeps at once."
          + " While other threads want the machine's processors (they held them for 40ms of "
          + "the last 100ms), no thread of the process polls: all sleep at once for a second.");

  public static final ConfigKey<Boolean> DIRECT_SYNC = ConfigKey.bool("strata.wal.sync.direct",
      true,
      "A writer that finds the WAL idle (no edit queued for the WAL's writer thread) writes and "
          + "syncs its own edit instead of handing it to that thread and waiting: two thread "
          + "wake-ups fewer for a lone writer. Writers that arrive meanwhile queue as usual and "
          + "share the next sync (group commit).");

  private WalKeys() {}
}
