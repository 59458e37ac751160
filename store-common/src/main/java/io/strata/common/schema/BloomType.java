package io.strata.common.schema;

/** Which keys a family's bloom filters hold: none, rows, or row+column pairs. */
public enum BloomType {
  NONE,
  ROW,
  ROWCOL;

  public static BloomType parse(String text) {
    return SchemaEnums.parse(BloomType.class, "BLOOMFILTER", text);
  }
}
