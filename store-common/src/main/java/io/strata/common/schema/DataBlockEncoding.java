package io.strata.common.schema;

/**
 * How cells inside a data block are laid out: as-is, shared-prefix, prefix plus diff, or as-is
 * with an index of row starts (ROW_INDEX_V1: a get or seek finds its row in a block by binary
 * search instead of stepping through the cells before it).
 */
public enum DataBlockEncoding {
  NONE,
  PREFIX,
  FAST_DIFF,
  ROW_INDEX_V1;

  public static DataBlockEncoding parse(String text) {
    return SchemaEnums.parse(DataBlockEncoding.class, "DATA_BLOCK_ENCODING", text);
  }
}
