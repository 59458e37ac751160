package io.strata.common.conf;

import java.time.Duration;

/** Keys of regions and their memstores on a region server. */
public final class RegionKeys {
  public static final String SECTION = "Regions and memstores";

  public static final ConfigKey<Long> MEMSTORE_FLUSH_SIZE = ConfigKey.size(
      "strata.memstore.flush.size", "128m",
      "Flush a region's memstores to block files once together they hold this much. A table's "
          + "MEMSTORE_FLUSHSIZE overrides it.");

  public static final ConfigKey<Duration> MEMSTORE_FLUSH_PERIOD = ConfigKey.duration(
      "strata.memstore.flush.period", "1h",
      "Flush a region whose oldest unflushed edit is this old even though its memstores are "
          + "below the flush size, so that a rarely written table's edits leave the heap and "
          + "the WAL (HBase's hbase.regionserver.optionalcacheflushinterval). 0s turns it off.");

  public static final ConfigKey<Long> MAX_FILESIZE = ConfigKey.size(
      "strata.region.max.filesize", "10g",
      "A region whose largest family holds this many bytes of block files splits in two, as "
          + "HBase's hbase.hregion.max.filesize; a table's MAX_FILESIZE overrides it.");

  public static final ConfigKey<String> SPLIT_POLICY = ConfigKey.string(
      "strata.regionserver.region.split.policy", "IncreasingToUpperBoundRegionSplitPolicy",
      "When a region splits by itself, after a flush or compaction, at the middle row of its "
          + "largest family: IncreasingToUpperBoundRegionSplitPolicy (at strata.region.split."
          + "initial.size times the cube of the table's regions on the server, up to the max "
          + "file size, so that a new table spreads out quickly), ConstantSizeRegionSplitPolicy "
          + "(at the max file size) or DisabledRegionSplitPolicy (never; split by hand).");

  public static final ConfigKey<Long> SPLIT_INITIAL_SIZE = ConfigKey.size(
      "strata.region.split.initial.size", "0",
      "The size at which the increasing policy splits a table's only region on a server, as "
          + "HBase's hbase.increasing.policy.initial.size. 0: twice the table's flush size.");

  public static final ConfigKey<Duration> ROW_LOCK_TIMEOUT = ConfigKey.duration(
      "strata.region.row.lock.timeout", "30s",
      "How long a mutation waits for the lock of a row another mutation holds before failing "
          + "with a retryable server-busy error.");

  public static final ConfigKey<Long> MSLAB_CHUNK_SIZE = ConfigKey.size(
      "strata.memstore.mslab.chunk.size", "2m",
      "Size of the chunks memstore cells are copied into (MSLAB). Cells above a quarter of it "
          + "get their own array.");

  public static final ConfigKey<Integer> MSLAB_POOL_CHUNKS = ConfigKey.integer(
      "strata.memstore.mslab.pool.chunks", 256, "chunks",
      "Idle MSLAB chunks kept for reuse after flushes, so flushed memory is recycled instead of "
          + "fragmenting the heap; never more than a tenth of the heap's worth.");

  public static final ConfigKey<Double> GLOBAL_MEMSTORE_HEAP_FRACTION = ConfigKey.decimal(
      "strata.memstore.global.heap.fraction", 0.4, "fraction of max heap",
      "Upper limit of all memstores of a region server together, counted as the heap they take "
          + "(each cell's bytes and about 150 bytes of objects and index). Past it, writes fail "
          + "with a retryable server-busy error until flushes bring the total down.");

  public static final ConfigKey<Double> GLOBAL_MEMSTORE_LOWER_FRACTION = ConfigKey.decimal(
      "strata.memstore.global.lower.fraction", 0.95, "fraction of the upper limit",
      "Once all memstores together pass this share of the upper limit, the largest region is "
          + "flushed, and the next largest, until the total is below it again.");

  public static final ConfigKey<Boolean> SCAN_SEEK = ConfigKey.bool("strata.scan.seek", true,
      "Reads jump over cells they do not need (the rest of a column past its versions, unasked "
          + "columns and families), stepping within a block and seeking through the index "
          + "beyond it. false steps over every cell: only for measuring what seeking buys.");

  private RegionKeys() {}
}
