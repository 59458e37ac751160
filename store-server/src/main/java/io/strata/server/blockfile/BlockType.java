package io.strata.server.blockfile;

import java.io.IOException;

/** Kinds of block in a block file; the code is the first byte of every block header. */
public enum BlockType {
  DATA(1),
  LEAF_INDEX(2),
  INTERMEDIATE_INDEX(3),
  ROOT_INDEX(4),
  BLOOM_CHUNK(5),
  BLOOM_INDEX(6),
  FILE_INFO(7);

  private final int code;

  BlockType(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }

  public static BlockType fromCode(int code) throws IOException {
    for (BlockType t : values()) {
      if (t.code == code) {
        return t;
      }
    }
    throw new IOException("unknown block type " + code);
  }
}
