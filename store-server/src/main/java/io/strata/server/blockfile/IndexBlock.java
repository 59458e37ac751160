package io.strata.server.blockfile;

import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;

/**
 * An index block payload, searched in place without parsing it into objects:
 *
 * <pre>
 * count u32 | entry offset u32 * count | entries
 * entry := block offset u64 | block size u32 | key length u32 | key
 * </pre>
 */
public final class IndexBlock {
  private final byte[] b;
  private final int base;
  private final int count;
  /** The block's array as a buffer, for comparing keys in place. */
  private final java.nio.ByteBuffer view;

  public IndexBlock(byte[] payload, int offset, int length) {
    this.b = payload;
    this.base = offset;
    this.view = java.nio.ByteBuffer.wrap(payload);
    if (length < 4) {
      throw new IllegalArgumentException("index block of " + length + " bytes has no count");
    }
    this.count = Bytes.toInt(payload, offset);
    if (count < 0 || 4L + 4L * count > length) {
      throw new IllegalArgumentException("index block count " + count + " does not fit "
          + length + " bytes");
    }
    for (int i = 0; i < count; i++) {
      int e = entryOffset(i);
      if (e < 4 + 4 * count || e + 16 > length
          || e + 16L + Bytes.toInt(payload, base + e + 12) > length) {
        throw new IllegalArgumentException("index block entry " + i + " is out of bounds");
      }
    }
  }

  private int entryOffset(int i) {
    return Bytes.toInt(b, base + 4 + 4 * i);
  }

  public int count() {
    return count;
  }

  public BlockHandle handle(int i) {
    int e = base + entryOffset(i);
    return new BlockHandle(Bytes.toLong(b, e), Bytes.toInt(b, e + 8));
  }

  public byte[] array() {
    return b;
  }

  public int keyOffset(int i) {
    return base + entryOffset(i) + 16;
  }

  public int keyLength(int i) {
    return Bytes.toInt(b, base + entryOffset(i) + 12);
  }

  public byte[] key(int i) {
    return Bytes.copy(b, keyOffset(i), keyLength(i));
  }

  /**
   * Index of the last entry whose key sorts at or before {@code key}; -1 if all sort after it.
   * Keys are compared where they lie in the block.
   */
  public int lastAtOrBefore(io.strata.common.cell.Cell key) {
    int lo = 0;
    int hi = count - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (io.strata.common.cell.CellKeys.compareKey(view, keyOffset(mid), keyLength(mid), key)
          <= 0) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  /** Index of the last entry whose key is at or before the probe; -1 if all sort after it. */
  public int lastAtOrBefore(KeyProbe probe) {
    int lo = 0;
    int hi = count - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (probe.compareStored(b, keyOffset(mid), keyLength(mid)) <= 0) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  /** Serialises entries into the payload layout above. */
  public static void write(ByteOutput out, java.util.List<IndexEntry> entries) {
    int start = out.size();
    out.writeInt(entries.size());
    int pos = 4 + 4 * entries.size();
    for (IndexEntry e : entries) {
      out.writeInt(pos);
      pos += 16 + e.key().length;
    }
    for (IndexEntry e : entries) {
      out.writeLong(e.handle().offset());
      out.writeInt(e.handle().size());
      out.writeInt(e.key().length);
      out.write(e.key());
    }
    assert out.size() - start == pos;
  }

  public static int serializedSize(java.util.List<IndexEntry> entries) {
    int size = 4;
    for (IndexEntry e : entries) {
      size += 4 + 16 + e.key().length;
    }
    return size;
  }
}
