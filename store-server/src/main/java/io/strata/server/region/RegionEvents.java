package io.strata.server.region;

import java.io.IOException;

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
}
