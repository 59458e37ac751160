package io.strata.common.schema;

/** How keys inside a data block are encoded: as-is, shared-prefix, or prefix plus diff. */
public enum DataBlockEncoding {
  NONE,
  PREFIX,
  FAST_DIFF;

  public static DataBlockEncoding parse(String text) {
    return SchemaEnums.parse(DataBlockEncoding.class, "DATA_BLOCK_ENCODING", text);
  }
}
