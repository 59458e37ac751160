package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.util.Bytes;
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
    if (ts == CellLimits.LATEST_TIMESTAMP) {
      ts = now;
      if (c.getType() == CellType.DELETE) {
        byte[] row = Bytes.copy(c.getRowArray(), c.getRowOffset(), c.getRowLength());
        byte[] family = Bytes.copy(c.getFamilyArray(), c.getFamilyOffset(),
            c.getFamilyLength());
        byte[] qualifier = Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(),
            c.getQualifierLength());
        List<Cell> latest = region.get(row, ScanSpec.row(row).withColumn(family, qualifier));
        if (!latest.isEmpty()) {
          ts = latest.get(0).getTimestamp();
        }
      }
    }
    List<Tag> tags = Tag.tagsOf(c);
    return KeyValue.copyOf(c, ts, retag ? Tag.withTtl(tags, ttlMillis) : tags);
  }
}
