package io.strata.server.region;

import io.strata.common.cell.Tag;
import io.strata.common.schema.Durability;
import java.util.Map;

/**
 * How an increment or append reads and writes, besides its columns: its durability
 * (USE_DEFAULT defers to the table), the time range its read of the current values sees
 * ({@code [minTimestamp, maxTimestamp)}), the TTL of the cells it writes ({@link Tag#NO_TTL}:
 * the TTL the current cell had, if any), the client's operation attributes (carried for
 * coprocessor observer hooks; the write path ignores them), and {@code tags} the new cells
 * carry in place of the current cell's tags of the same types (a call gate's cell visibility
 * or ACL; empty: the current cell's tags are kept). {@code visible}, when set, is the cells the
 * caller may see: a current value hidden from it counts as absent.
 *
 * <pre>{@code
 * region.increment(row, deltas, ReadModifyWrite.DEFAULT.withTimeRange(hourStart, hourEnd));
 * }</pre>
 */
public record ReadModifyWrite(Durability durability, long minTimestamp, long maxTimestamp,
    long ttlMillis, Map<String, byte[]> attributes, java.util.List<Tag> tags,
    java.util.function.Predicate<io.strata.common.cell.Cell> visible) {
  /** Table durability, all time, no TTL of its own, no attributes. */
  public static final ReadModifyWrite DEFAULT =
      new ReadModifyWrite(Durability.USE_DEFAULT, 0, Long.MAX_VALUE, Tag.NO_TTL, Map.of(),
          java.util.List.of(), null);

  public ReadModifyWrite {
    if (durability == null) {
      throw new IllegalArgumentException("durability is null; use USE_DEFAULT");
    }
    if (minTimestamp < 0 || maxTimestamp <= minTimestamp) {
      throw new IllegalArgumentException("time range [" + minTimestamp + ", " + maxTimestamp
          + ") is empty or negative");
    }
    if (ttlMillis != Tag.NO_TTL && ttlMillis < 1) {
      throw new IllegalArgumentException("a cell TTL of " + ttlMillis + " ms: give at least 1");
    }
    attributes = attributes == null ? Map.of() : attributes;
    tags = tags == null ? java.util.List.of() : java.util.List.copyOf(tags);
  }

  public static ReadModifyWrite of(Durability durability) {
    return DEFAULT.withDurability(durability);
  }

  public ReadModifyWrite withDurability(Durability d) {
    return new ReadModifyWrite(d, minTimestamp, maxTimestamp, ttlMillis, attributes, tags, visible);
  }

  public ReadModifyWrite withTimeRange(long min, long max) {
    return new ReadModifyWrite(durability, min, max, ttlMillis, attributes, tags, visible);
  }

  public ReadModifyWrite withTtl(long ttl) {
    return new ReadModifyWrite(durability, minTimestamp, maxTimestamp, ttl, attributes, tags, visible);
  }

  /** Reads the current values among the cells {@code check} accepts only (null: all). */
  public ReadModifyWrite withCellCheck(
      java.util.function.Predicate<io.strata.common.cell.Cell> check) {
    return new ReadModifyWrite(durability, minTimestamp, maxTimestamp, ttlMillis, attributes,
        tags, check);
  }

  public ReadModifyWrite withTags(java.util.List<Tag> t) {
    return new ReadModifyWrite(durability, minTimestamp, maxTimestamp, ttlMillis, attributes, t, visible);
  }

  public ReadModifyWrite withAttributes(Map<String, byte[]> a) {
    return new ReadModifyWrite(durability, minTimestamp, maxTimestamp, ttlMillis, a, tags, visible);
  }
}
