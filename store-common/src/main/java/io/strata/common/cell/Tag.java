package io.strata.common.cell;

import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A typed piece of metadata attached to a cell (a per-cell TTL or visibility label, later). In
 * a cell's tags area each tag is {@code u16 length | u8 type | value}, where length counts the
 * type byte and the value.
 */
public record Tag(int type, byte[] value) {
  public Tag {
    if (type < 0 || type > 255) {
      throw new IllegalArgumentException("tag type " + type + " is outside 0..255");
    }
    if (value.length > CellLimits.MAX_TAGS_LENGTH - 3) {
      throw new IllegalArgumentException("tag value of " + value.length + " bytes is too long");
    }
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
