package io.strata.server.regionserver.split;

import io.strata.common.conf.RegionKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableDescriptor;
import java.util.Locale;

/**
 * At what size a region splits by itself, as HBase's RegionSplitPolicy: a region splits when
 * its largest family holds more bytes of block files than {@link #sizeToSplit}. A region still
 * reading its parent's files through references never splits (its compaction, which the open
 * of a daughter asks for, comes first).
 */
public abstract class SplitPolicy {
  /** The region server's max file size, for tables that set none. */
  protected final long serverMaxFileSize;

  SplitPolicy(long serverMaxFileSize) {
    this.serverMaxFileSize = serverMaxFileSize;
  }

  /**
   * The size of the largest family at which a region of {@code table} splits, when the server
   * holds {@code tableRegions} regions of that table (the region itself included); a region
   * never splits at {@link Long#MAX_VALUE}.
   */
  public abstract long sizeToSplit(TableDescriptor table, int tableRegions);

  /** The table's MAX_FILESIZE, else the server's. */
  protected long maxFileSize(TableDescriptor table) {
    long own = table.getMaxFileSize();
    return own > 0 ? own : serverMaxFileSize;
  }

  /** The policy of strata.regionserver.region.split.policy. */
  public static SplitPolicy fromConfig(StrataConfiguration conf) {
    long max = conf.get(RegionKeys.MAX_FILESIZE);
    String name = conf.get(RegionKeys.SPLIT_POLICY).trim();
    String simple = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    return switch (simple) {
      case "increasingtoupperboundregionsplitpolicy", "increasing" ->
          new IncreasingToUpperBound(max, conf.get(RegionKeys.SPLIT_INITIAL_SIZE),
              conf.get(RegionKeys.MEMSTORE_FLUSH_SIZE));
      case "constantsizeregionsplitpolicy", "constant" -> new ConstantSize(max);
      case "disabledregionsplitpolicy", "disabled" -> new Disabled();
      default -> throw new IllegalArgumentException("strata.regionserver.region.split.policy '"
          + name + "' is not a split policy; use IncreasingToUpperBoundRegionSplitPolicy, "
          + "ConstantSizeRegionSplitPolicy or DisabledRegionSplitPolicy");
    };
  }

  /** Splits at the max file size, whatever else the server holds. */
  static final class ConstantSize extends SplitPolicy {
    ConstantSize(long serverMaxFileSize) {
      super(serverMaxFileSize);
    }

    @Override
    public long sizeToSplit(TableDescriptor table, int tableRegions) {
      return maxFileSize(table);
    }
  }

  /**
   * HBase's default before 2.0: the initial size times the cube of the table's regions on this
   * server, up to the max file size. With a 128 MB flush size a new table's first region splits
   * at 256 MB, its daughters at 2 GB, then 6.75 GB, then the max file size: a table being loaded
   * spreads over the cluster after a few flushes instead of after 10 GB.
   */
  static final class IncreasingToUpperBound extends SplitPolicy {
    private final long initialSize;
    private final long serverFlushSize;

    IncreasingToUpperBound(long serverMaxFileSize, long initialSize, long serverFlushSize) {
      super(serverMaxFileSize);
      this.initialSize = initialSize;
      this.serverFlushSize = serverFlushSize;
    }

    @Override
    public long sizeToSplit(TableDescriptor table, int tableRegions) {
      long max = maxFileSize(table);
      if (tableRegions <= 0 || tableRegions > 100) {
        return max; // the cube would pass any max long before this
      }
      long initial = initialSize > 0 ? initialSize
          : 2 * (table.getMemStoreFlushSize() > 0 ? table.getMemStoreFlushSize()
              : serverFlushSize);
      long cube = (long) tableRegions * tableRegions * tableRegions;
      return initial > max / cube ? max : Math.min(max, initial * cube);
    }
  }

  /** Never: regions split only when asked (the shell's split, Admin.split). */
  static final class Disabled extends SplitPolicy {
    Disabled() {
      super(Long.MAX_VALUE);
    }

    @Override
    public long sizeToSplit(TableDescriptor table, int tableRegions) {
      return Long.MAX_VALUE;
    }
  }
}
