package io.strata.server.blockfile.encoding;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.SplitCell;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.ByteOutput;
import io.strata.common.util.VarInts;
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
  public CellDecoder newDecoder(byte[] block, int offset, int limit) {
    return new CellDecoder() {
      private final int[] pos = {offset};
      private byte[] prevKey = new byte[0];

      @Override
      public boolean hasNext() {
        return pos[0] < limit;
      }

      @Override
      public Cell next() {
        int start = pos[0];
        int shared = VarInts.readVarInt(block, pos, limit);
        int unshared = VarInts.readVarInt(block, pos, limit);
        int valueLength = VarInts.readVarInt(block, pos, limit);
        int tagsLength = VarInts.readVarInt(block, pos, limit);
        if (shared > prevKey.length || (long) pos[0] + unshared + valueLength + tagsLength > limit) {
          throw new IllegalArgumentException("malformed PREFIX cell at offset " + start);
        }
        byte[] key = new byte[shared + unshared];
        System.arraycopy(prevKey, 0, key, 0, shared);
        System.arraycopy(block, pos[0], key, shared, unshared);
        int valueOffset = pos[0] + unshared;
        pos[0] = valueOffset + valueLength + tagsLength;
        prevKey = key;
        return new SplitCell(key, 0, key.length, block, valueOffset, valueLength,
            valueOffset + valueLength, tagsLength);
      }
    };
  }
}
