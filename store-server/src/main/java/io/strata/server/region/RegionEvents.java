package io.strata.server.region;

import io.strata.common.schema.RegionInfo;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * What a region tells its server around its own work, for the server's coprocessors: the region
 * knows nothing of them, only that someone listens. Called on the thread doing the work.
 */
public interface RegionEvents {
  /** Nobody listens. */
  RegionEvents NONE = new RegionEvents() {};

  /** Before a flush writes the memstores; an exception fails the flush (it is tried again). */
  default void beforeFlush(Region r) throws IOException {}

  /** Once a flush committed its files. */
  default void afterFlush(Region r) {}

  /** Before a store compacts; an exception fails the compaction (its inputs stay). */
  default void beforeCompaction(Region r, byte[] family, boolean major) throws IOException {}

  /** Once a store's compaction committed its file. */
  default void afterCompaction(Region r, byte[] family, boolean major) {}

  /** A store's compaction replaced files of {@code inputBytes} with one of {@code outputBytes}. */
  default void compacted(Region r, byte[] family, long inputBytes, long outputBytes) {}

  /**
   * Before a store picks the files of a compaction: their names, newest first; a listener may
   * remove any to keep it out.
   */
  default void selectingCompaction(Region r, byte[] family, List<String> candidates)
      throws IOException {}

  /** Once a store picked a compaction's files, by name. */
  default void selectedCompaction(Region r, byte[] family, List<String> selected) {}

  /** Whether {@link #compactionRows} rewrites the store's compactions: else it is not asked. */
  default boolean rewritesCompactions(Region r, byte[] family) {
    return false;
  }

  /** The rows a store's compaction writes: {@code rows}, or a wrapper that changes them. */
  default CompactionRows compactionRows(Region r, byte[] family, boolean major,
      CompactionRows rows) throws IOException {
    return rows;
  }

  /** Before an opening region replays one WAL file's edits; an exception fails the open. */
  default void beforeReplay(RegionInfo region, Path wal) throws IOException {}

  /** Once an opening region replayed one WAL file's edits. */
  default void afterReplay(RegionInfo region, Path wal) throws IOException {}
}
