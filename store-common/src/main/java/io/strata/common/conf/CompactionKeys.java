package io.strata.common.conf;

import java.time.Duration;

/** Keys of compactions and of the write slowdown when compactions fall behind. */
public final class CompactionKeys {
  public static final String SECTION = "Compactions";

  public static final ConfigKey<Boolean> ENABLED = ConfigKey.bool("strata.compaction.enabled",
      true, "false stops automatic compactions (requested ones on demand still run).");

  public static final ConfigKey<Integer> MIN_FILES = ConfigKey.integer(
      "strata.compaction.min.files", 3, "files",
      "A store with at least this many files is considered for a minor compaction after a "
          + "flush, and a minor compaction merges at least this many.");

  public static final ConfigKey<Integer> MAX_FILES = ConfigKey.integer(
      "strata.compaction.max.files", 10, "files", "A minor compaction merges at most this many.");

  public static final ConfigKey<Double> RATIO = ConfigKey.decimal("strata.compaction.ratio", 1.2,
      "", "A file joins a minor compaction only if it is at most this many times the size of "
          + "the younger files joining with it, so large old files are not rewritten again and "
          + "again.");

  public static final ConfigKey<Long> MAX_FILE_SIZE = ConfigKey.size(
      "strata.compaction.max.file.size", "2g",
      "Files larger than this never take part in minor compactions (major ones take all).");

  public static final ConfigKey<Integer> BLOCKING_FILES = ConfigKey.integer(
      "strata.store.blocking.files", 16, "files",
      "Writes to a region with a store of this many files fail with a retryable server-busy "
          + "error until compactions catch up, so reads do not degrade without bound.");

  public static final ConfigKey<Long> THROUGHPUT_LOWER_BOUND = ConfigKey.size(
      "strata.compaction.throughput.lower.bound", "50m",
      "Bytes per second all compactions of a server may write together while the store being "
          + "compacted has at most strata.compaction.min.files files. The limit rises in step "
          + "with its files to the higher bound one file short of strata.store.blocking.files, "
          + "and is lifted at that count, where its region refuses writes until the compaction "
          + "ends (HBase's pressure-aware throughput).");

  public static final ConfigKey<Long> THROUGHPUT_HIGHER_BOUND = ConfigKey.size(
      "strata.compaction.throughput.higher.bound", "100m",
      "Bytes per second all compactions of a server may write together when the store being "
          + "compacted is one file short of strata.store.blocking.files; 0 is unlimited at "
          + "every file count.");

  public static final ConfigKey<Duration> MAJOR_PERIOD = ConfigKey.duration(
      "strata.compaction.major.period", "7d",
      "A store whose oldest file is older than this gets a major compaction after its next "
          + "flush, dropping deleted, expired and surplus versions.");

  public static final ConfigKey<Integer> THREADS = ConfigKey.integer(
      "strata.compaction.threads", 1, "threads", "Background threads running compactions.");

  private CompactionKeys() {}
}
