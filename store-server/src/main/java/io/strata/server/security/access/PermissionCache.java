package io.strata.server.security.access;

import io.strata.client.security.Permission;
import io.strata.client.security.Permission.Action;
import io.strata.client.security.UserPermission;
import io.strata.common.schema.TableName;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every permission of strata:acl, indexed for the checks of each call: immutable, replaced
 * whole when the table is read again. A user's actions on a scope include those granted on the
 * scopes enclosing it (global, then namespace, then table, family, qualifier).
 */
final class PermissionCache {
  static final PermissionCache EMPTY = new PermissionCache(List.of());

  /** A user's grants narrower than a table: per family, whole or per qualifier. */
  static final class Narrow {
    final Map<String, EnumSet<Action>> families = new HashMap<>();
    final Map<String, Map<String, EnumSet<Action>>> qualifiers = new HashMap<>();
  }

  private final List<UserPermission> all;
  private final Map<String, EnumSet<Action>> global = new HashMap<>();
  private final Map<String, Map<String, EnumSet<Action>>> namespaces = new HashMap<>();
  private final Map<TableName, Map<String, EnumSet<Action>>> tables = new HashMap<>();
  private final Map<TableName, Map<String, Narrow>> narrow = new HashMap<>();

  PermissionCache(List<UserPermission> all) {
    this.all = List.copyOf(all);
    for (UserPermission up : all) {
      Permission p = up.getPermission();
      EnumSet<Action> acts = p.getActions().isEmpty() ? EnumSet.noneOf(Action.class)
          : EnumSet.copyOf(p.getActions());
      String user = up.getUser();
      switch (p.getAccessScope()) {
        case GLOBAL -> add(global, user, acts);
        case NAMESPACE -> add(namespaces.computeIfAbsent(p.getNamespace(), k -> new HashMap<>()),
            user, acts);
        case TABLE -> {
          if (p.getFamily() == null) {
            add(tables.computeIfAbsent(p.getTableName(), k -> new HashMap<>()), user, acts);
          } else {
            Narrow n = narrow.computeIfAbsent(p.getTableName(), k -> new HashMap<>())
                .computeIfAbsent(user, k -> new Narrow());
            String f = key(p.getFamily());
            if (p.getQualifier() == null) {
              add(n.families, f, acts);
            } else {
              add(n.qualifiers.computeIfAbsent(f, k -> new HashMap<>()), key(p.getQualifier()),
                  acts);
            }
          }
        }
      }
    }
  }

  private static void add(Map<String, EnumSet<Action>> m, String k, EnumSet<Action> acts) {
    m.computeIfAbsent(k, x -> EnumSet.noneOf(Action.class)).addAll(acts);
  }

  /** A family's or qualifier's bytes as a map key, losslessly. */
  static String key(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  static byte[] bytes(String key) {
    return key.getBytes(StandardCharsets.ISO_8859_1);
  }

  List<UserPermission> all() {
    return all;
  }

  boolean global(String user, Action a) {
    Set<Action> g = global.get(user);
    return g != null && g.contains(a);
  }

  /** Whether the user may {@code a} on the whole namespace (or globally). */
  boolean namespace(String user, String ns, Action a) {
    if (global(user, a)) {
      return true;
    }
    Map<String, EnumSet<Action>> n = namespaces.get(ns);
    Set<Action> s = n == null ? null : n.get(user);
    return s != null && s.contains(a);
  }

  /** Whether the user may {@code a} on the whole table (or its namespace, or globally). */
  boolean table(String user, TableName t, Action a) {
    if (namespace(user, t.getNamespace(), a)) {
      return true;
    }
    Map<String, EnumSet<Action>> m = tables.get(t);
    Set<Action> s = m == null ? null : m.get(user);
    return s != null && s.contains(a);
  }

  /** The user's grants narrower than table {@code t}; null when none. */
  Narrow narrow(String user, TableName t) {
    Map<String, Narrow> m = narrow.get(t);
    return m == null ? null : m.get(user);
  }

  /** Whether the user may {@code a} on the whole family (or an enclosing scope). */
  boolean family(String user, TableName t, byte[] family, Action a) {
    if (table(user, t, a)) {
      return true;
    }
    Narrow n = narrow(user, t);
    Set<Action> s = n == null ? null : n.families.get(key(family));
    return s != null && s.contains(a);
  }

  /** Whether the user may {@code a} on one column (or an enclosing scope). */
  boolean column(String user, TableName t, byte[] family, byte[] qualifier, Action a) {
    if (family(user, t, family, a)) {
      return true;
    }
    Narrow n = narrow(user, t);
    Map<String, EnumSet<Action>> qs = n == null ? null : n.qualifiers.get(key(family));
    Set<Action> s = qs == null ? null : qs.get(key(qualifier));
    return s != null && s.contains(a);
  }

  /** Whether the user may {@code a} on the column of cell {@code c} (or an enclosing scope). */
  boolean column(String user, TableName t, io.strata.common.cell.Cell c, Action a) {
    if (table(user, t, a)) {
      return true;
    }
    Narrow n = narrow(user, t);
    if (n == null) {
      return false;
    }
    String f = new String(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength(),
        StandardCharsets.ISO_8859_1);
    Set<Action> whole = n.families.get(f);
    if (whole != null && whole.contains(a)) {
      return true;
    }
    Map<String, EnumSet<Action>> qs = n.qualifiers.get(f);
    if (qs == null) {
      return false;
    }
    Set<Action> s = qs.get(new String(c.getQualifierArray(), c.getQualifierOffset(),
        c.getQualifierLength(), StandardCharsets.ISO_8859_1));
    return s != null && s.contains(a);
  }

  /** Whether the user may {@code a} on family {@code f} or any qualifier of it. */
  boolean anywhereInFamily(String user, TableName t, byte[] f, Action a) {
    if (family(user, t, f, a)) {
      return true;
    }
    Narrow n = narrow(user, t);
    Map<String, EnumSet<Action>> qs = n == null ? null : n.qualifiers.get(key(f));
    if (qs == null) {
      return false;
    }
    for (Set<Action> s : qs.values()) {
      if (s.contains(a)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the user may {@code a} on anything within table {@code t}. */
  boolean anywhereIn(String user, TableName t, Action a) {
    if (table(user, t, a)) {
      return true;
    }
    Narrow n = narrow(user, t);
    if (n == null) {
      return false;
    }
    for (Set<Action> s : n.families.values()) {
      if (s.contains(a)) {
        return true;
      }
    }
    for (Map<String, EnumSet<Action>> qs : n.qualifiers.values()) {
      for (Set<Action> s : qs.values()) {
        if (s.contains(a)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether the scope of {@code p}, or one enclosing it, grants the user {@code a}. */
  boolean covers(String user, Permission p, Action a) {
    return switch (p.getAccessScope()) {
      case GLOBAL -> global(user, a);
      case NAMESPACE -> namespace(user, p.getNamespace(), a);
      case TABLE -> p.getFamily() == null ? table(user, p.getTableName(), a)
          : p.getQualifier() == null ? family(user, p.getTableName(), p.getFamily(), a)
          : column(user, p.getTableName(), p.getFamily(), p.getQualifier(), a);
    };
  }
}
