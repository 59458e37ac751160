package io.strata.client.security;

import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Actions allowed on a scope, as HBase's Permission: the whole cluster (global), a namespace, or
 * a table, the last optionally narrowed to a column family and a qualifier within it.
 *
 * <pre>{@code
 * Permission.newBuilder().withActions(Action.ADMIN).build();                // global
 * Permission.newBuilder("ns1").withActions(Action.CREATE).build();         // namespace ns1
 * Permission.newBuilder(TableName.valueOf("t1")).withFamily(f)
 *     .withActions(Action.READ, Action.WRITE).build();                     // family f of t1
 * }</pre>
 */
public final class Permission {
  /** What a permission allows, with the letter the shell and strata:acl use for it. */
  public enum Action {
    READ('R'), WRITE('W'), EXEC('X'), CREATE('C'), ADMIN('A');

    private final char code;

    Action(char code) {
      this.code = code;
    }

    public char code() {
      return code;
    }

    /** The actions of letters such as "RW" (any case, each once or more). */
    public static EnumSet<Action> parse(String codes) {
      EnumSet<Action> out = EnumSet.noneOf(Action.class);
      for (char ch : codes.toCharArray()) {
        char up = Character.toUpperCase(ch);
        Action a = Arrays.stream(values()).filter(v -> v.code == up).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("'" + ch + "' in '" + codes
                + "' is not a permission; use the letters R (read), W (write), X (exec), "
                + "C (create) and A (admin)"));
        out.add(a);
      }
      return out;
    }

    /** The letters of {@code actions}, in the order R W X C A. */
    public static String codes(Collection<Action> actions) {
      StringBuilder b = new StringBuilder();
      for (Action a : values()) {
        if (actions.contains(a)) {
          b.append(a.code);
        }
      }
      return b.toString();
    }
  }

  /** What a permission applies to. */
  public enum Scope { GLOBAL, NAMESPACE, TABLE }

  private final Scope scope;
  private final String namespace;
  private final TableName table;
  private final byte[] family;
  private final byte[] qualifier;
  private final Set<Action> actions;

  private Permission(Scope scope, String namespace, TableName table, byte[] family,
      byte[] qualifier, Set<Action> actions) {
    this.scope = scope;
    this.namespace = namespace;
    this.table = table;
    this.family = family;
    this.qualifier = qualifier;
    // An EnumSet, so that the actions always list in the order R W X C A.
    this.actions = java.util.Collections.unmodifiableSet(actions.isEmpty()
        ? EnumSet.noneOf(Action.class) : EnumSet.copyOf(actions));
  }

  /** A global permission's builder. */
  public static Builder newBuilder() {
    return new Builder(Scope.GLOBAL, null, null);
  }

  /** A permission on namespace {@code namespace}. */
  public static Builder newBuilder(String namespace) {
    Objects.requireNonNull(namespace, "namespace");
    return new Builder(Scope.NAMESPACE, namespace, null);
  }

  /** A permission on table {@code table} (narrow it with withFamily, withQualifier). */
  public static Builder newBuilder(TableName table) {
    Objects.requireNonNull(table, "table");
    return new Builder(Scope.TABLE, table.getNamespace(), table);
  }

  public static final class Builder {
    private final Scope scope;
    private final String namespace;
    private final TableName table;
    private byte[] family;
    private byte[] qualifier;
    private final EnumSet<Action> actions = EnumSet.noneOf(Action.class);

    private Builder(Scope scope, String namespace, TableName table) {
      this.scope = scope;
      this.namespace = namespace;
      this.table = table;
    }

    /** Narrows a table permission to one column family. */
    public Builder withFamily(byte[] family) {
      requireTable("a family");
      this.family = family == null ? null : family.clone();
      return this;
    }

    /** Narrows a family permission to one qualifier (give the family first). */
    public Builder withQualifier(byte[] qualifier) {
      requireTable("a qualifier");
      this.qualifier = qualifier == null ? null : qualifier.clone();
      return this;
    }

    public Builder withActions(Action... actions) {
      this.actions.addAll(Arrays.asList(actions));
      return this;
    }

    public Builder withActions(Collection<Action> actions) {
      this.actions.addAll(actions);
      return this;
    }

    /** The actions of letters such as "RW". */
    public Builder withActionCodes(String codes) {
      this.actions.addAll(Action.parse(codes));
      return this;
    }

    private void requireTable(String what) {
      if (scope != Scope.TABLE) {
        throw new IllegalArgumentException(what + " narrows a table's permission; build it with"
            + " Permission.newBuilder(TableName)");
      }
    }

    public Permission build() {
      if (qualifier != null && family == null) {
        throw new IllegalArgumentException("a qualifier permission needs its family: call"
            + " withFamily before withQualifier");
      }
      return new Permission(scope, namespace, table, family, qualifier, actions);
    }
  }

  public Scope getAccessScope() {
    return scope;
  }

  /** The namespace of a namespace or table permission; null for a global one. */
  public String getNamespace() {
    return namespace;
  }

  /** The table of a table permission; null otherwise. */
  public TableName getTableName() {
    return table;
  }

  /** The family it is narrowed to; null for the whole table (or another scope). */
  public byte[] getFamily() {
    return family == null ? null : family.clone();
  }

  /** The qualifier it is narrowed to; null for the whole family. */
  public byte[] getQualifier() {
    return qualifier == null ? null : qualifier.clone();
  }

  public Set<Action> getActions() {
    return actions;
  }

  public boolean implies(Action action) {
    return actions.contains(action);
  }

  /** The same scope with other actions. */
  public Permission withActions(Set<Action> other) {
    return new Permission(scope, namespace, table, family, qualifier, other);
  }

  /** Whether {@code other} is on the same scope (actions aside). */
  public boolean sameScope(Permission other) {
    return scope == other.scope && Objects.equals(namespace, other.namespace)
        && Objects.equals(table, other.table) && Arrays.equals(family, other.family)
        && Arrays.equals(qualifier, other.qualifier);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Permission p && sameScope(p) && actions.equals(p.actions);
  }

  @Override
  public int hashCode() {
    return Objects.hash(scope, namespace, table, Arrays.hashCode(family),
        Arrays.hashCode(qualifier), actions);
  }

  /** As HBase prints it: [Permission: actions=READ,WRITE], with its scope when not global. */
  @Override
  public String toString() {
    String acts = "actions=" + Arrays.stream(Action.values()).filter(actions::contains)
        .map(Enum::name).collect(Collectors.joining(","));
    return switch (scope) {
      case GLOBAL -> "[GlobalPermission: " + acts + "]";
      case NAMESPACE -> "[NamespacePermission: namespace=" + namespace + ", " + acts + "]";
      case TABLE -> "[TablePermission: table=" + table + ", family="
          + (family == null ? "" : Bytes.toStringBinary(family)) + ", qualifier="
          + (qualifier == null ? "" : Bytes.toStringBinary(qualifier)) + ", " + acts + "]";
    };
  }
}
