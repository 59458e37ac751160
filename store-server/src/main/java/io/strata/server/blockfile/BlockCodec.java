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

  @Override
  public Cacheable read(ByteBuffer src) {
    ByteBuffer in = src.duplicate();
    BlockType type;
    try {
      type = BlockType.fromCode(in.get() & 0xFF);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cached block bytes are damaged: " + e.getMessage());
    }
    int encoding = in.get() & 0xFF;
    BlockHandle handle = new BlockHandle(in.getLong(), in.getInt());
    byte[] payload = new byte[in.getInt()];
    in.get(payload);
    return new Block(type, handle, encoding, payload, 0, payload.length);
  }
}
