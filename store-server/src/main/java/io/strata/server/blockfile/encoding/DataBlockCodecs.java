package io.strata.server.blockfile.encoding;

import io.strata.common.schema.DataBlockEncoding;
import java.io.IOException;

/** The codec for each {@link DataBlockEncoding}, and lookup by durable id. */
public final class DataBlockCodecs {
  private static final DataBlockCodec NONE = new NoneCodec();
  private static final DataBlockCodec PREFIX = new PrefixCodec();
  private static final DataBlockCodec FAST_DIFF = new FastDiffCodec();
  private static final DataBlockCodec ROW_INDEX_V1 = new RowIndexCodec();

  private DataBlockCodecs() {}

  public static DataBlockCodec forEncoding(DataBlockEncoding e) {
    return switch (e) {
      case NONE -> NONE;
      case PREFIX -> PREFIX;
      case FAST_DIFF -> FAST_DIFF;
      case ROW_INDEX_V1 -> ROW_INDEX_V1;
    };
  }

  public static DataBlockCodec forId(int id) throws IOException {
    return switch (id) {
      case 0 -> NONE;
      case 1 -> PREFIX;
      case 2 -> FAST_DIFF;
      case 3 -> ROW_INDEX_V1;
      default -> throw new IOException("unknown data block encoding id " + id
          + " (the file is damaged or was written by a newer Strata)");
    };
  }
}
