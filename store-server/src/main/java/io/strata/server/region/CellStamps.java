package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.util.Bytes;
import io.strata.server.memstore.MemStore;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.List;

/**
 * The timestamps and TTL tags a write gives its cells, under the row lock: LATEST_TIMESTAMP
 * becomes now; a DELETE of the latest version takes the timestamp of the newest visible version
 * (or now, if there is none); a PUT of a mutation with a TTL gets that TTL's tag in place of any
 * it came with. Other tags are kept.
 */
final class CellStamps {
  private CellStamps() {}

  /** The cell as written: {@code c} itself when nothing changes, else a copy. */
  static KeyValue resolve(Region region, Cell c, long now, long ttlMillis) throws IOException {
    long ts = c.getTimestamp();
    boolean retag = ttlMillis != Tag.NO_TTL && c.getType() == CellType.PUT;
    if (ts != CellLimits.LATEST_TIMESTAMP && !retag) {
      return KeyValue.copyOf(c);
    }
    ts = timestamp(region, c, now);
    List<Tag> tags = Tag.tagsOf(c);
    return KeyValue.copyOf(c, ts, retag ? Tag.withTtl(tags, ttlMillis) : tags);
  }

  /**
   * The cell as written, copied into {@code memstore}'s MSLAB as it is stamped
   * ({@link MemStore#stage}) rather than into an array of its own and then into the MSLAB; a
   * put given a TTL, whose tags change, as {@link #resolve}.
   */
  static KeyValue stage(Region region, Cell c, long now, long ttlMillis, MemStore memstore)
      throws IOException {
    if (ttlMillis != Tag.NO_TTL && c.getType() == CellType.PUT) {
      return resolve(region, c, now, ttlMillis); // new tags: the memstore copies it as usual
    }
    return memstore.stage(c, timestamp(region, c, now), c.getTagsArray(), c.getTagsOffset(),
        c.getTagsLength());
  }

  /**
   * The cell's timestamp as written: LATEST_TIMESTAMP becomes now, or for a DELETE of the
   * latest version the newest visible version's (now if there is none).
   */
  private static long timestamp(Region region, Cell c, long now) throws IOException {
    long ts = c.getTimestamp();
    if (ts != CellLimits.LATEST_TIMESTAMP) {
      return ts;
    }
    if (c.getType() == CellType.DELETE) {
      byte[] row = Bytes.copy(c.getRowArray(), c.getRowOffset(), c.getRowLength());
      byte[] family = Bytes.copy(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
      byte[] qualifier = Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(),
          c.getQualifierLength());
      List<Cell> latest = region.get(row, ScanSpec.row(row).withColumn(family, qualifier));
      if (!latest.isEmpty()) {
        return latest.get(0).getTimestamp();
      }
    }
    return now;
  }
}
