package io.strata.server.http;

import java.lang.reflect.Array;
import java.util.Collection;
import java.util.Map;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;

/** Writes JMX attribute values as JSON, as HBase's /jmx does (open types included). */
final class Json {
  private Json() {}

  static void value(StringBuilder b, Object v) {
    if (v == null) {
      b.append("null");
    } else if (v instanceof Boolean) {
      b.append(v);
    } else if (v instanceof Number n) {
      double d = n.doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        b.append('"').append(n).append('"'); // JSON has no NaN
      } else {
        b.append(n);
      }
    } else if (v instanceof CompositeData c) {
      b.append('{');
      boolean first = true;
      for (String k : c.getCompositeType().keySet()) {
        if (!first) {
          b.append(',');
        }
        first = false;
        string(b, k);
        b.append(':');
        value(b, c.get(k));
      }
      b.append('}');
    } else if (v instanceof TabularData t) {
      value(b, t.values());
    } else if (v instanceof Collection<?> c) {
      b.append('[');
      boolean first = true;
      for (Object o : c) {
        if (!first) {
          b.append(',');
        }
        first = false;
        value(b, o);
      }
      b.append(']');
    } else if (v instanceof Map<?, ?> m) {
      b.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!first) {
          b.append(',');
        }
        first = false;
        string(b, String.valueOf(e.getKey()));
        b.append(':');
        value(b, e.getValue());
      }
      b.append('}');
    } else if (v.getClass().isArray()) {
      b.append('[');
      for (int i = 0; i < Array.getLength(v); i++) {
        if (i > 0) {
          b.append(',');
        }
        value(b, Array.get(v, i));
      }
      b.append(']');
    } else {
      string(b, v.toString());
    }
  }

  static void string(StringBuilder b, String s) {
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    b.append('"');
  }
}
