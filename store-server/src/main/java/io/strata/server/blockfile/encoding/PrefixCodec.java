package io.strata.server.blockfile.encoding;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.SplitCell;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.ByteOutput;
import io.strata.common.util.VarInts;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Each key stored as the length of the prefix it shares with the previous key plus the rest:
 * {@code vint shared | vint unshared | vint valueLength | vint tagsLength | unshared key bytes |
 * value | tags}.
 */
final class PrefixCodec implements DataBlockCodec {
  @Override
  public int id() {
    return 1;
  }

  @Override
  public DataBlockEncoding encoding() {
    return DataBlockEncoding.PREFIX;
  }

  static int sharedPrefix(byte[] a, int aLen, byte[] b, int bLen) {
    int m = Arrays.mismatch(a, 0, aLen, b, 0, bLen);
    return m < 0 ? aLen : m;
  }

  @Override
  public Encoder newEncoder() {
    return new Encoder() {
      private final ByteOutput prev = new ByteOutput(256);
      private final ByteOutput cur = new ByteOutput(256);

      @Override
      public void reset() {
        prev.reset();
      }

      @Override
      public void encode(Cell c, ByteOutput out) {
        cur.reset();
        CellKeys.writeKey(c, cur);
        int shared = sharedPrefix(prev.array(), prev.size(), cur.array(), cur.size());
        out.writeVarInt(shared);
        out.writeVarInt(cur.size() - shared);
        out.writeVarInt(c.getValueLength());
        out.writeVarInt(c.getTagsLength());
        out.write(cur.array(), shared, cur.size() - shared);
        out.write(c.getValueArray(), c.getValueOffset(), c.getValueLength());
        out.write(c.getTagsArray(), c.getTagsOffset(), c.getTagsLength());
        prev.reset();
        prev.write(cur.array(), 0, cur.size());
      }
    };
  }

  @Override
  public CellDecoder newDecoder(ByteBuffer block, int offset, int limit) {
    return new KeyRebuildingDecoder(block, offset, limit) {
      @Override
      void readCell() {
        int start = pos[0];
        int shared = VarInts.readVarInt(block, pos, limit);
        int unshared = VarInts.readVarInt(block, pos, limit);
        int valueLength = VarInts.readVarInt(block, pos, limit);
        int tagsLength = VarInts.readVarInt(block, pos, limit);
        if (shared > keyLength || (long) pos[0] + unshared + valueLength + tagsLength > limit) {
          throw new IllegalArgumentException("malformed PREFIX cell at offset " + start);
        }
        ensureKey(shared + unshared);
        block.get(pos[0], key, shared, unshared);
        this.keyLength = shared + unshared;
        this.valueOffset = pos[0] + unshared;
        this.valueLength = valueLength;
        this.tagsLength = tagsLength;
        pos[0] = valueOffset + valueLength + tagsLength;
      }
    };
  }
}
