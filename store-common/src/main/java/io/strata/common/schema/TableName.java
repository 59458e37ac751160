package io.strata.common.schema;

import io.strata.common.util.Bytes;

/**
 * A table's name: {@code namespace:qualifier}. Tables in the {@code default} namespace are
 * written and printed without it ({@code users} is {@code default:users}); system tables live
 * in the {@code strata} namespace.
 *
 * <pre>{@code
 * TableName t = TableName.valueOf("metrics:cpu");   // namespace "metrics", qualifier "cpu"
 * TableName u = TableName.valueOf("users");          // namespace "default"
 * }</pre>
 */
public final class TableName implements Comparable<TableName> {
  public static final String DEFAULT_NAMESPACE = "default";
  public static final String SYSTEM_NAMESPACE = "strata";
  public static final char NAMESPACE_DELIMITER = ':';
  /** Each of namespace and qualifier; both become directory names under the root directory. */
  public static final int MAX_PART_LENGTH = 128;

  public static final TableName META = new TableName(SYSTEM_NAMESPACE, "meta");

  private final String namespace;
  private final String qualifier;

  private TableName(String namespace, String qualifier) {
    this.namespace = namespace;
    this.qualifier = qualifier;
  }

  /** Parses {@code qualifier} or {@code namespace:qualifier}, with errors that say what to fix. */
  public static TableName valueOf(String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException(
          "table name must not be empty; name a table such as 'users' or 'ns:users'");
    }
    int colon = name.indexOf(NAMESPACE_DELIMITER);
    if (colon < 0) {
      return create(name, DEFAULT_NAMESPACE, name);
    }
    if (name.indexOf(NAMESPACE_DELIMITER, colon + 1) >= 0) {
      throw new IllegalArgumentException("invalid table name '" + name
          + "': it has more than one ':'; write namespace:qualifier");
    }
    String ns = name.substring(0, colon);
    String q = name.substring(colon + 1);
    if (ns.isEmpty()) {
      throw new IllegalArgumentException("invalid table name '" + name
          + "': the namespace before ':' is empty; write namespace:qualifier or leave out ':'");
    }
    return create(name, ns, q);
  }

  public static TableName valueOf(String namespace, String qualifier) {
    String whole = DEFAULT_NAMESPACE.equals(namespace)
        ? qualifier : namespace + NAMESPACE_DELIMITER + qualifier;
    return create(whole, namespace, qualifier);
  }

  /** {@code whole} is the name as the user wrote it, for error messages. */
  private static TableName create(String whole, String namespace, String qualifier) {
    checkQualifier(whole, qualifier);
    checkNamespace(whole, namespace);
    return META.namespace.equals(namespace) && META.qualifier.equals(qualifier)
        ? META : new TableName(namespace, qualifier);
  }

  public static TableName valueOf(byte[] name) {
    return valueOf(Bytes.toString(name));
  }

  /**
   * Checks a namespace name on its own (for namespace DDL): letters, digits and '_', at most
   * {@value #MAX_PART_LENGTH} characters.
   */
  public static String validateNamespace(String namespace) {
    checkNamespace(null, namespace);
    return namespace;
  }

  private static void checkNamespace(String tableName, String ns) {
    String what = tableName == null
        ? "invalid namespace '" + ns + "'"
        : "invalid namespace '" + ns + "' in table name '" + tableName + "'";
    if (ns == null || ns.isEmpty()) {
      throw new IllegalArgumentException("namespace name must not be empty");
    }
    if (ns.length() > MAX_PART_LENGTH) {
      throw new IllegalArgumentException(what + ": it is " + ns.length()
          + " characters long; the limit is " + MAX_PART_LENGTH);
    }
    for (int i = 0; i < ns.length(); i++) {
      char c = ns.charAt(i);
      if (!isWordChar(c)) {
        throw new IllegalArgumentException(what + ": character '" + c + "' at position " + i
            + " is not allowed in a namespace; use letters, digits and '_'");
      }
    }
  }

  private static void checkQualifier(String tableName, String q) {
    String what = "invalid table name '" + tableName + "'";
    if (q.isEmpty()) {
      throw new IllegalArgumentException(what + ": the table qualifier after ':' is empty");
    }
    if (q.length() > MAX_PART_LENGTH) {
      throw new IllegalArgumentException(what + ": the qualifier is " + q.length()
          + " characters long; the limit is " + MAX_PART_LENGTH);
    }
    if (q.charAt(0) == '.' || q.charAt(0) == '-') {
      throw new IllegalArgumentException(
          what + ": a table qualifier must not start with '.' or '-'");
    }
    for (int i = 0; i < q.length(); i++) {
      char c = q.charAt(i);
      if (!isWordChar(c) && c != '-' && c != '.') {
        throw new IllegalArgumentException(what + ": character '" + c + "' at position "
            + (tableName.length() - q.length() + i)
            + " is not allowed in a table qualifier; use letters, digits, '_', '-' and '.'");
      }
    }
  }

  private static boolean isWordChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }

  public String getNamespace() {
    return namespace;
  }

  public String getQualifier() {
    return qualifier;
  }

  public boolean isSystemTable() {
    return SYSTEM_NAMESPACE.equals(namespace);
  }

  /** The name as users write it: without {@code default:}, with any other namespace. */
  public String getNameAsString() {
    return DEFAULT_NAMESPACE.equals(namespace) ? qualifier : namespace + ':' + qualifier;
  }

  public byte[] toBytes() {
    return Bytes.toBytes(getNameAsString());
  }

  @Override
  public int compareTo(TableName o) {
    int c = namespace.compareTo(o.namespace);
    return c != 0 ? c : qualifier.compareTo(o.qualifier);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableName t && t.namespace.equals(namespace)
        && t.qualifier.equals(qualifier);
  }

  @Override
  public int hashCode() {
    return namespace.hashCode() * 31 + qualifier.hashCode();
  }

  @Override
  public String toString() {
    return getNameAsString();
  }
}
