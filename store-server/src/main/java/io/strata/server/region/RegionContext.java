package io.strata.server.region;

import io.strata.server.fs.RecycledFiles;
import io.strata.server.memstore.ChunkPool;
import io.strata.server.wal.Wal;
import java.time.InstantSource;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What the hosting server lends its regions: storage and its pool of dead files to write over,
 * the WAL, the chunk pool, a clock, the block cache with how to use it, and an ear for their
 * flushes and compactions.
 */
public record RegionContext(FileSystem fs, Path rootDir, Wal wal, ChunkPool chunkPool,
    RegionOptions options, FlushRequester flushRequester, MemStoreLimiter limiter,
    CompactionService compactions, InstantSource clock, RegionCaching caching,
    RecycledFiles recycled, RegionEvents events) {
  public RegionContext {
    if (events == null) {
      events = RegionEvents.NONE;
    }
    if (recycled == null) {
      recycled = RecycledFiles.NONE;
    }
    if (clock == null) {
      clock = InstantSource.system();
    }
    if (caching == null) {
      caching = RegionCaching.NONE;
    }
  }

  /** With nobody listening to its regions' events. */
  public RegionContext(FileSystem fs, Path rootDir, Wal wal, ChunkPool chunkPool,
      RegionOptions options, FlushRequester flushRequester, MemStoreLimiter limiter,
      CompactionService compactions, InstantSource clock, RegionCaching caching,
      RecycledFiles recycled) {
    this(fs, rootDir, wal, chunkPool, options, flushRequester, limiter, compactions, clock,
        caching, recycled, RegionEvents.NONE);
  }

  /** Without a block cache. */
  public RegionContext(FileSystem fs, Path rootDir, Wal wal, ChunkPool chunkPool,
      RegionOptions options, FlushRequester flushRequester, MemStoreLimiter limiter,
      CompactionService compactions, InstantSource clock) {
    this(fs, rootDir, wal, chunkPool, options, flushRequester, limiter, compactions, clock,
        RegionCaching.NONE, RecycledFiles.NONE, RegionEvents.NONE);
  }
}
