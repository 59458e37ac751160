package io.strata.common.cell;

import io.strata.common.util.ByteBuffers;
import io.strata.common.util.Bytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A typed piece of metadata attached to a cell. In a cell's tags area each tag is
 * {@code u16 length | u8 type | value}, where length counts the type byte and the value
 * (docs/formats/key-encoding.md, "Tags"). Tag types are declared here and nowhere else:
 *
 * <pre>
 *   type  name        value
 *   1     TTL         8-byte big-endian milliseconds the cell lives after its timestamp
 *   2     VISIBILITY  u8 version (1), then the cell's visibility expression in UTF-8
 *   3     ACL         a CellAclProto (access.proto): users and the actions the cell grants them
 * </pre>
 *
 * <pre>{@code
 * KeyValue kv = KeyValue.of(row, family, qualifier, ts, CellType.PUT, value,
 *     List.of(Tag.ttl(60_000)));          // hidden from reads once ts + 60 s has passed
 * Tag.ttlMillis(kv);                      // 60000
 * }</pre>
 *
 * <p>Tags are server-side metadata: the server keeps them in memstores, WAL entries and block
 * files, and strips them from the cells it answers clients with.
 */
public record Tag(int type, byte[] value) {
  /**
   * A cell's own time to live (HBase's per-mutation TTL): the cell is hidden from gets and
   * non-raw scans, and dropped by major compactions, once {@code timestamp + ttl} is before the
   * server's clock. It never lengthens the family's TTL. The value is 8 bytes, big-endian,
   * milliseconds &gt; 0.
   */
  public static final int TTL_TYPE = 1;

  /**
   * A cell's visibility expression (Mutation.setCellVisibility): readers see the cell only when
   * their authorizations satisfy it. The value is a version byte (1) and the expression's
   * normalized text in UTF-8.
   */
  public static final int VISIBILITY_TYPE = 2;

  /**
   * A cell's access control list (Mutation.setACL): users and the actions the cell grants
   * them beyond their table, family and qualifier permissions. The value is a CellAclProto.
   */
  public static final int ACL_TYPE = 3;

  /** Returned by {@link #ttlMillis} for a cell without a TTL tag. */
  public static final long NO_TTL = -1;

  public Tag {
    if (type < 0 || type > 255) {
      throw new IllegalArgumentException("tag type " + type + " is outside 0..255");
    }
    if (value.length > CellLimits.MAX_TAGS_LENGTH - 3) {
      throw new IllegalArgumentException("tag value of " + value.length + " bytes is too long");
    }
  }

  /** A {@link #TTL_TYPE} tag of {@code millis} (at least 1). */
  public static Tag ttl(long millis) {
    if (millis <= 0) {
      throw new IllegalArgumentException("a cell TTL of " + millis + " ms: give at least 1 ms");
    }
    return new Tag(TTL_TYPE, Bytes.toBytes(millis));
  }

  /**
   * The TTL of the cell's first {@link #TTL_TYPE} tag, in milliseconds, or {@link #NO_TTL} when
   * it has none. Reads the tags where they lie (array or buffer), copying nothing; a cell
   * without tags costs one length read.
   */
  public static long ttlMillis(Cell c) {
    int p = find(c, TTL_TYPE, Long.BYTES);
    if (p < 0) {
      return NO_TTL;
    }
    return c instanceof BufferKeyValue b ? b.getBuffer().getLong(p + 3)
        : Bytes.toLong(c.getTagsArray(), p + 3);
  }

  /**
   * The value of the cell's first tag of {@code type}, copied, or null when it has none.
   * A cell without tags costs one length read.
   */
  public static byte[] valueOf(Cell c, int type) {
    int p = find(c, type, -1);
    if (p < 0) {
      return null;
    }
    if (c instanceof BufferKeyValue b) {
      ByteBuffer buf = b.getBuffer();
      byte[] out = new byte[ByteBuffers.getUnsignedShort(buf, p) - 1];
      for (int i = 0; i < out.length; i++) {
        out[i] = buf.get(p + 3 + i);
      }
      return out;
    }
    byte[] a = c.getTagsArray();
    return Arrays.copyOfRange(a, p + 3, p + 2 + (Bytes.toShort(a, p) & 0xFFFF));
  }

  /**
   * Where the cell's first well-formed tag of {@code type} (with a value of {@code valueLength}
   * bytes; -1: any) starts, in the cell's buffer for a {@link BufferKeyValue}, else in its tags
   * array; -1 when it has none.
   */
  private static int find(Cell c, int type, int valueLength) {
    int length = c.getTagsLength();
    if (length == 0) {
      return -1;
    }
    ByteBuffer buf = c instanceof BufferKeyValue b ? b.getBuffer() : null;
    byte[] a = buf == null ? c.getTagsArray() : null;
    int p = buf != null ? ((BufferKeyValue) c).getTagsPosition() : c.getTagsOffset();
    int end = p + length;
    while (end - p >= 3) {
      int len = buf != null ? ByteBuffers.getUnsignedShort(buf, p) : Bytes.toShort(a, p) & 0xFFFF;
      int t = (buf != null ? buf.get(p + 2) : a[p + 2]) & 0xFF;
      if (t == type && len >= 1 && (valueLength < 0 || len == 1 + valueLength)
          && p + 2 + len <= end) {
        return p;
      }
      p += 2 + Math.max(len, 1);
    }
    return -1;
  }

  /**
   * Whether the cell carries a TTL that has run out at {@code nowMillis}: its timestamp plus
   * its TTL is before now. A cell whose timestamp plus TTL overflows never expires by it.
   */
  public static boolean isExpired(Cell c, long nowMillis) {
    long ttl = ttlMillis(c);
    if (ttl == NO_TTL) {
      return false;
    }
    long ts = c.getTimestamp();
    return ts <= Long.MAX_VALUE - ttl && ts + ttl < nowMillis;
  }

  /** The cell's tags, decoded; empty when it has none. */
  public static List<Tag> tagsOf(Cell c) {
    if (c.getTagsLength() == 0) {
      return List.of();
    }
    return decode(c.getTagsArray(), c.getTagsOffset(), c.getTagsLength());
  }

  /**
   * The cell's tags with every TTL tag removed and, unless {@code ttlMillis} is
   * {@link #NO_TTL}, one TTL tag of {@code ttlMillis} added: the tags a cell written with a
   * mutation's TTL carries.
   */
  public static List<Tag> withTtl(List<Tag> tags, long ttlMillis) {
    List<Tag> out = new ArrayList<>(tags.size() + 1);
    for (Tag t : tags) {
      if (t.type != TTL_TYPE) {
        out.add(t);
      }
    }
    if (ttlMillis != NO_TTL) {
      out.add(ttl(ttlMillis));
    }
    return out;
  }

  static byte[] encode(List<Tag> tags) {
    if (tags.isEmpty()) {
      return Bytes.EMPTY;
    }
    int size = 0;
    for (Tag t : tags) {
      size += 3 + t.value.length;
    }
    byte[] out = new byte[size];
    int p = 0;
    for (Tag t : tags) {
      Bytes.putShort(out, p, (short) (1 + t.value.length));
      out[p + 2] = (byte) t.type;
      System.arraycopy(t.value, 0, out, p + 3, t.value.length);
      p += 3 + t.value.length;
    }
    return out;
  }

  static List<Tag> decode(byte[] b, int offset, int length) {
    List<Tag> tags = new ArrayList<>();
    int p = offset;
    int end = offset + length;
    while (p < end) {
      if (end - p < 3) {
        throw new IllegalArgumentException("malformed tags at offset " + p + ": truncated header");
      }
      int len = Bytes.toShort(b, p) & 0xFFFF;
      if (len < 1 || p + 2 + len > end) {
        throw new IllegalArgumentException("malformed tags at offset " + p + ": length " + len);
      }
      tags.add(new Tag(b[p + 2] & 0xFF, Arrays.copyOfRange(b, p + 3, p + 2 + len)));
      p += 2 + len;
    }
    return tags;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Tag t && t.type == type && Arrays.equals(t.value, value);
  }

  @Override
  public int hashCode() {
    return 31 * type + Arrays.hashCode(value);
  }

  @Override
  public String toString() {
    return "Tag[type=" + type + ", value=" + Bytes.toStringBinary(value) + "]";
  }
}
