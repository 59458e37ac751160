package io.strata.common.cell;

/** Size limits that the key encoding imposes (docs/formats/key-encoding.md). */
public final class CellLimits {
  /** The row length field is an unsigned 16-bit integer, capped to the signed range. */
  public static final int MAX_ROW_LENGTH = Short.MAX_VALUE;
  /** The family length field is one unsigned byte. */
  public static final int MAX_FAMILY_LENGTH = 255;
  /** The tags length field is an unsigned 16-bit integer. */
  public static final int MAX_TAGS_LENGTH = 0xFFFF;
  /** Fixed part of a key: row length (2), family length (1), timestamp (8), type (1). */
  public static final int KEY_INFRASTRUCTURE_SIZE = 2 + 1 + 8 + 1;
  /** Timestamp meaning "now": replaced by the server's clock when a mutation is applied. */
  public static final long LATEST_TIMESTAMP = Long.MAX_VALUE;

  private CellLimits() {}
}
