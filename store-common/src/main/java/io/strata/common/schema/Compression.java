package io.strata.common.schema;

/** Block compression of a family's files. */
public enum Compression {
  NONE,
  GZ,
  SNAPPY,
  LZ4,
  ZSTD;

  public static Compression parse(String text) {
    return SchemaEnums.parse(Compression.class, "COMPRESSION", text);
  }
}
