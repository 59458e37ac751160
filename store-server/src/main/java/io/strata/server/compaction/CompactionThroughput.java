package io.strata.server.compaction;

/**
 * How fast a compaction may write, from how far its store is from blocking writes (HBase's
 * pressure-aware throughput). A store with at most {@code minFiles} files is under no pressure
 * and is compacted at {@code lowerBytesPerSecond}: its compaction can wait, and the writes it
 * would slow cannot. The limit rises linearly with the files past {@code minFiles}, up to
 * {@code higherBytesPerSecond} one file short of {@code blockingFiles}; at that count the region
 * refuses writes until the compaction ends, so it runs unlimited.
 *
 * <pre>
 * files    &lt;= min          min + k                          &gt;= blocking
 * limit    lower          lower + (higher - lower) * k / (blocking - 1 - min)    none
 * </pre>
 */
public record CompactionThroughput(long lowerBytesPerSecond, long higherBytesPerSecond,
    int minFiles, int blockingFiles) {
  public CompactionThroughput {
    if (lowerBytesPerSecond < 0 || higherBytesPerSecond < 0) {
      throw new IllegalArgumentException("compaction throughput bounds must be 0 or more, not "
          + lowerBytesPerSecond + " and " + higherBytesPerSecond);
    }
    if (higherBytesPerSecond > 0 && (lowerBytesPerSecond == 0
        || lowerBytesPerSecond > higherBytesPerSecond)) {
      throw new IllegalArgumentException("the compaction throughput's lower bound ("
          + lowerBytesPerSecond + " bytes/s) must be above 0 and at most its higher bound ("
          + higherBytesPerSecond + " bytes/s); set both, or the higher to 0 for no limit");
    }
  }

  /** One rate at every file count below {@code blockingFiles}; 0 is unlimited. */
  public static CompactionThroughput fixed(long bytesPerSecond, int blockingFiles) {
    return new CompactionThroughput(bytesPerSecond, bytesPerSecond, 0, blockingFiles);
  }

  /** The limit for a store of {@code files} files, in bytes per second; 0 for none. */
  public long bytesPerSecond(int files) {
    if (higherBytesPerSecond == 0 || files >= blockingFiles) {
      return 0;
    }
    if (files <= minFiles) {
      return lowerBytesPerSecond;
    }
    int span = blockingFiles - 1 - minFiles;
    if (span <= 0) {
      return higherBytesPerSecond;
    }
    double pressure = Math.min(1.0, (double) (files - minFiles) / span);
    return lowerBytesPerSecond + Math.round((higherBytesPerSecond - lowerBytesPerSecond)
        * pressure);
  }
}
