package io.strata.client;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Named byte values a client attaches to a {@link Get}, {@link Scan} or {@link Mutation}, as in
 * HBase. They travel with the operation to the region server, which passes them unchanged to
 * the server-side form of the operation that region observers receive (docs/coprocessors.md);
 * the server itself gives no attribute a meaning.
 *
 * <pre>{@code
 * Put put = new Put(row).addColumn(cf, q, v)
 *     .setAttribute("origin", Bytes.toBytes("importer-7"));
 * put.getAttribute("origin");            // the bytes
 * put.setAttribute("origin", null);      // removes it
 * }</pre>
 *
 * <p>Each subclass overrides {@link #setAttribute} only to return its own type; the map and its
 * checks live here. Values are not copied. Names are compared exactly (case matters).
 */
public abstract sealed class OperationWithAttributes permits Get, Scan, Mutation {
  // Sorted, so that toString and the wire order are stable. Made on first use: most operations
  // carry none.
  private Map<String, byte[]> attributes;

  OperationWithAttributes() {}

  /**
   * Sets attribute {@code name} to {@code value}; a null value removes it.
   *
   * @throws IllegalArgumentException for a null or empty name
   */
  public OperationWithAttributes setAttribute(String name, byte[] value) {
    checkName(name);
    if (value == null) {
      if (attributes != null) {
        attributes.remove(name);
      }
    } else {
      if (attributes == null) {
        attributes = new TreeMap<>();
      }
      attributes.put(name, value);
    }
    return this;
  }

  /**
   * The value of attribute {@code name}, or null when it is not set.
   *
   * @throws IllegalArgumentException for a null or empty name
   */
  public byte[] getAttribute(String name) {
    checkName(name);
    return attributes == null ? null : attributes.get(name);
  }

  /** Every attribute, name to value, sorted by name; read-only, empty when none. */
  public Map<String, byte[]> getAttributesMap() {
    return attributes == null ? Collections.emptyMap()
        : Collections.unmodifiableMap(attributes);
  }

  /** Copies {@code other}'s attributes into this one (for copy constructors). */
  void copyAttributes(OperationWithAttributes other) {
    attributes = other.attributes == null ? null : new TreeMap<>(other.attributes);
  }

  /** {@code ", attributes=[name, ...]"}, or nothing when there are none. */
  String attributesString() {
    return attributes == null || attributes.isEmpty() ? ""
        : ", attributes=" + attributes.keySet();
  }

  private static void checkName(String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("attribute name is " + (name == null ? "null" : "empty")
          + "; name the attribute, e.g. setAttribute(\"origin\", Bytes.toBytes(\"importer\"))");
    }
  }
}
