package io.strata.server.blockfile;

import io.strata.server.cache.Cacheable;
import io.strata.server.cache.CacheableCodec;
import java.nio.ByteBuffer;

/**
 * A {@link Block} as bytes in the L2 cache:
 *
 * <pre>
 * type code u8 | encoding id u8 | handle offset u64 | handle size u32 | payload length u32 |
 * payload
 * </pre>
 *
 * Cache memory only, never persisted, so it carries no version.
 */
public final class BlockCodec implements CacheableCodec {
  public static final BlockCodec INSTANCE = new BlockCodec();
  private static final int HEADER = 1 + 1 + 8 + 4 + 4;

  private BlockCodec() {}

  @Override
  public int length(Cacheable block) {
    return HEADER + ((Block) block).length();
  }

  @Override
  public void write(Cacheable cacheable, ByteBuffer dst) {
    Block b = (Block) cacheable;
    dst.put((byte) b.type().code()).put((byte) b.encodingId()).putLong(b.handle().offset())
        .putInt(b.handle().size()).putInt(b.length()).put(b.array(), b.offset(), b.length());
  }

  /**
   * Data blocks from shared memory stay in place (decoded where they lie, see
   * {@link Block#shared}); index, bloom and meta blocks are small, parsed into heap structures
   * and may be kept by readers, so they are copied and the memory released at once.
   */
  @Override
  public Cacheable read(ByteBuffer src, Runnable release) {
    int base = src.position();
    BlockType type;
    try {
      type = BlockType.fromCode(src.get(base) & 0xFF);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cached block bytes are damaged: " + e.getMessage());
    }
    int encoding = src.get(base + 1) & 0xFF;
    BlockHandle handle = new BlockHandle(src.getLong(base + 2), src.getInt(base + 10));
    int length = src.getInt(base + 14);
    int payload = base + HEADER;
    if (length < 0 || length > src.limit() - payload) {
      throw new IllegalStateException("cached block bytes are damaged: payload of " + length
          + " bytes in " + (src.limit() - payload));
    }
    if (release != null && type == BlockType.DATA) {
      return Block.shared(type, handle, encoding, src, payload, length, release);
    }
    byte[] copy = new byte[length];
    src.get(payload, copy, 0, length);
    if (release != null) {
      release.run();
    }
    return new Block(type, handle, encoding, copy, 0, length);
  }
}
