package io.strata.server.blockfile.encoding;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.SplitCell;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;
import io.strata.common.util.VarInts;
import java.nio.ByteBuffer;

/**
 * Prefix sharing on the key without its timestamp and type, plus a diff of everything that
 * usually repeats between neighbouring cells:
 *
 * <pre>
 * flags u8  (1 SAME_TIMESTAMP, 2 SAME_TYPE, 4 SAME_VALUE_LENGTH, 8 HAS_TAGS)
 * vint shared | vint unshared                      (of the key prefix: row..qualifier)
 * [vlong zigzag(previous timestamp - timestamp)]   unless SAME_TIMESTAMP
 * [u8 type]                                        unless SAME_TYPE
 * [vint value length]                              unless SAME_VALUE_LENGTH
 * [vint tags length]                               if HAS_TAGS
 * unshared bytes | value | tags
 * </pre>
 */
final class FastDiffCodec implements DataBlockCodec {
  static final int SAME_TIMESTAMP = 1;
  static final int SAME_TYPE = 2;
  static final int SAME_VALUE_LENGTH = 4;
  static final int HAS_TAGS = 8;

  @Override
  public int id() {
    return 2;
  }

  @Override
  public DataBlockEncoding encoding() {
    return DataBlockEncoding.FAST_DIFF;
  }

  @Override
  public Encoder newEncoder() {
    return new Encoder() {
      private final ByteOutput prev = new ByteOutput(256);
      private final ByteOutput cur = new ByteOutput(256);
      private long prevTs;
      private int prevType = -1;
      private int prevValueLength = -1;

      @Override
      public void reset() {
        prev.reset();
        prevTs = 0;
        prevType = -1;
        prevValueLength = -1;
      }

      @Override
      public void encode(Cell c, ByteOutput out) {
        cur.reset();
        CellKeys.writeKey(c, cur);
        int prefixLength = cur.size() - 9;
        int shared = PrefixCodec.sharedPrefix(prev.array(), prev.size(), cur.array(), prefixLength);
        long ts = c.getTimestamp();
        int type = c.getType().code();
        int valueLength = c.getValueLength();
        int flags = (ts == prevTs ? SAME_TIMESTAMP : 0) | (type == prevType ? SAME_TYPE : 0)
            | (valueLength == prevValueLength ? SAME_VALUE_LENGTH : 0)
            | (c.getTagsLength() > 0 ? HAS_TAGS : 0);
        out.write(flags);
        out.writeVarInt(shared);
        out.writeVarInt(prefixLength - shared);
        if ((flags & SAME_TIMESTAMP) == 0) {
          out.writeVarLong(VarInts.zigZag(prevTs - ts));
        }
        if ((flags & SAME_TYPE) == 0) {
          out.write(type);
        }
        if ((flags & SAME_VALUE_LENGTH) == 0) {
          out.writeVarInt(valueLength);
        }
        if ((flags & HAS_TAGS) != 0) {
          out.writeVarInt(c.getTagsLength());
        }
        out.write(cur.array(), shared, prefixLength - shared);
        out.write(c.getValueArray(), c.getValueOffset(), valueLength);
        out.write(c.getTagsArray(), c.getTagsOffset(), c.getTagsLength());
        prev.reset();
        prev.write(cur.array(), 0, prefixLength);
        prevTs = ts;
        prevType = type;
        prevValueLength = valueLength;
      }
    };
  }

  @Override
  public CellDecoder newDecoder(ByteBuffer block, int offset, int limit) {
    return new KeyRebuildingDecoder(block, offset, limit) {
      private long prevTs;
      private int prevType = -1;
      private int prevValueLength = -1;

      @Override
      void readCell() {
        int start = pos[0];
        if (start >= limit) {
          throw new IllegalArgumentException("malformed FAST_DIFF cell at offset " + start);
        }
        int flags = block.get(pos[0]++) & 0xFF;
        int shared = VarInts.readVarInt(block, pos, limit);
        int unshared = VarInts.readVarInt(block, pos, limit);
        long ts = (flags & SAME_TIMESTAMP) != 0 ? prevTs
            : prevTs - VarInts.unZigZag(VarInts.readVarLong(block, pos, limit));
        int type;
        if ((flags & SAME_TYPE) != 0) {
          type = prevType;
        } else {
          if (pos[0] >= limit) {
            throw new IllegalArgumentException("malformed FAST_DIFF cell at offset " + start);
          }
          type = block.get(pos[0]++) & 0xFF;
        }
        int valueLength = (flags & SAME_VALUE_LENGTH) != 0 ? prevValueLength
            : VarInts.readVarInt(block, pos, limit);
        int tagsLength = (flags & HAS_TAGS) != 0 ? VarInts.readVarInt(block, pos, limit) : 0;
        int prevPrefixLength = keyLength == 0 ? 0 : keyLength - 9;
        if (shared > prevPrefixLength || type < 0 || valueLength < 0
            || (long) pos[0] + unshared + valueLength + tagsLength > limit) {
          throw new IllegalArgumentException("malformed FAST_DIFF cell at offset " + start);
        }
        int prefixLength = shared + unshared;
        ensureKey(prefixLength + 9);
        block.get(pos[0], key, shared, unshared);
        Bytes.putLong(key, prefixLength, ts);
        key[prefixLength + 8] = (byte) type;
        this.keyLength = prefixLength + 9;
        this.valueOffset = pos[0] + unshared;
        this.valueLength = valueLength;
        this.tagsLength = tagsLength;
        pos[0] = valueOffset + valueLength + tagsLength;
        prevTs = ts;
        prevType = type;
        prevValueLength = valueLength;
      }
    };
  }
}
