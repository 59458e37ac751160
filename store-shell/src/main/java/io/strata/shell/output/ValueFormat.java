package io.strata.shell.output;

import io.strata.common.util.Bytes;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * How a cell value prints: {@code toStringBinary} by default (printable ASCII, other bytes as
 * \xNN), or a converter named in a column spec ({@code 'f:q:toLong'}) or by {@code FORMATTER}.
 * HBase's {@code c(org.apache.hadoop.hbase.util.Bytes).toLong} form names the same converters.
 * A value whose length does not fit the converter (toLong of 3 bytes) prints binary.
 */
public enum ValueFormat {
  TO_STRING_BINARY("toStringBinary"),
  TO_STRING("toString"),
  TO_LONG("toLong"),
  TO_INT("toInt"),
  TO_SHORT("toShort"),
  TO_DOUBLE("toDouble"),
  TO_FLOAT("toFloat"),
  TO_BOOLEAN("toBoolean"),
  TO_HEX("toHex");

  private final String method;

  ValueFormat(String method) {
    this.method = method;
  }

  public String method() {
    return method;
  }

  /** The names users give, in the order help lists them. */
  public static List<String> names() {
    return java.util.Arrays.stream(values()).map(ValueFormat::method).toList();
  }

  /** The converter {@code spec} names ({@code toLong} or {@code c(Class).toLong}), or null. */
  public static ValueFormat byName(String spec) {
    String s = spec.trim();
    if (s.startsWith("c(") && s.indexOf(')') > 0) {
      s = s.substring(s.indexOf(')') + 1);
      if (s.startsWith(".")) {
        s = s.substring(1);
      }
    }
    for (ValueFormat f : values()) {
      if (f.method.equals(s)) {
        return f;
      }
    }
    return null;
  }

  public String format(byte[] b, int off, int len) {
    ByteBuffer bb = ByteBuffer.wrap(b, off, len);
    return switch (this) {
      case TO_STRING_BINARY -> Bytes.toStringBinary(b, off, len);
      case TO_STRING -> new String(b, off, len, StandardCharsets.UTF_8);
      case TO_LONG -> len == 8 ? Long.toString(bb.getLong()) : Bytes.toStringBinary(b, off, len);
      case TO_INT -> len == 4 ? Integer.toString(bb.getInt()) : Bytes.toStringBinary(b, off, len);
      case TO_SHORT -> len == 2 ? Short.toString(bb.getShort()) : Bytes.toStringBinary(b, off, len);
      case TO_DOUBLE -> len == 8 ? Double.toString(bb.getDouble()) : Bytes.toStringBinary(b, off, len);
      case TO_FLOAT -> len == 4 ? Float.toString(bb.getFloat()) : Bytes.toStringBinary(b, off, len);
      case TO_BOOLEAN -> len == 1 ? Boolean.toString(b[off] != 0) : Bytes.toStringBinary(b, off, len);
      case TO_HEX -> Bytes.toHex(b, off, len).toLowerCase(Locale.ROOT);
    };
  }
}
