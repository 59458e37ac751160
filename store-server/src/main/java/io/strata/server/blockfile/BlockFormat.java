package io.strata.server.blockfile;

import java.nio.charset.StandardCharsets;

/**
 * Constants of the block file format; the spec is docs/formats/block-file.md.
 *
 * <pre>
 * block   := type u8 | codec u8 | encoding u8 | 0 u8 | payload length u32 | uncompressed
 *            length u32 | payload | crc32c u32 (over header and payload)
 * </pre>
 */
public final class BlockFormat {
  /** Version in the trailer; bump on any change a reader of this version would misread. */
  public static final int VERSION = 1;
  public static final byte[] MAGIC = "STRATABF".getBytes(StandardCharsets.US_ASCII);
  public static final int HEADER_SIZE = 12;
  public static final int CHECKSUM_SIZE = 4;
  /** Header plus checksum: what each block adds to its payload on disk. */
  public static final int BLOCK_OVERHEAD = HEADER_SIZE + CHECKSUM_SIZE;

  private BlockFormat() {}
}
