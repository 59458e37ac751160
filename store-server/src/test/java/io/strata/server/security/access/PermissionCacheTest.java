package io.strata.server.security.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.security.Permission;
import io.strata.client.security.Permission.Action;
import io.strata.client.security.UserPermission;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The permission cache against a model: a grant covers its scope and every scope inside it. */
class PermissionCacheTest {
  private static final String[] USERS = {"alice", "bob", "carol"};
  private static final String[] NAMESPACES = {"default", "ns1"};
  private static final String[] TABLES = {"t1", "t2"};
  private static final String[] FAMILIES = {"f", "g"};
  private static final byte[][] QUALIFIERS = {Bytes.toBytes("q1"), Bytes.toBytes("q2"),
      new byte[] {0, (byte) 0xFF}};

  private static Permission randomScope(Random r, Set<Action> actions) {
    int depth = r.nextInt(5);
    if (depth == 0) {
      return Permission.newBuilder().withActions(actions).build();
    }
    String ns = NAMESPACES[r.nextInt(NAMESPACES.length)];
    if (depth == 1) {
      return Permission.newBuilder(ns).withActions(actions).build();
    }
    Permission.Builder b = Permission.newBuilder(TableName.valueOf(ns,
        TABLES[r.nextInt(TABLES.length)]));
    if (depth >= 3) {
      b.withFamily(Bytes.toBytes(FAMILIES[r.nextInt(FAMILIES.length)]));
    }
    if (depth == 4) {
      b.withQualifier(QUALIFIERS[r.nextInt(QUALIFIERS.length)]);
    }
    return b.withActions(actions).build();
  }

  /** Whether {@code outer} is {@code inner} or encloses it. */
  private static boolean encloses(Permission outer, Permission inner) {
    return switch (outer.getAccessScope()) {
      case GLOBAL -> true;
      case NAMESPACE -> inner.getAccessScope() != Permission.Scope.GLOBAL
          && outer.getNamespace().equals(inner.getNamespace());
      case TABLE -> inner.getAccessScope() == Permission.Scope.TABLE
          && outer.getTableName().equals(inner.getTableName())
          && (outer.getFamily() == null || (inner.getFamily() != null
              && Arrays.equals(outer.getFamily(), inner.getFamily())
              && (outer.getQualifier() == null || (inner.getQualifier() != null
                  && Arrays.equals(outer.getQualifier(), inner.getQualifier())))));
    };
  }

  @Test
  void aGrantCoversItsScopeAndEveryScopeInsideItAndNothingElse() {
    Random r = new Random(57);
    for (int round = 0; round < 200; round++) {
      List<UserPermission> grants = new ArrayList<>();
      for (int i = r.nextInt(12); i > 0; i--) {
        EnumSet<Action> acts = EnumSet.noneOf(Action.class);
        for (Action a : Action.values()) {
          if (r.nextInt(3) == 0) {
            acts.add(a);
          }
        }
        grants.add(new UserPermission(USERS[r.nextInt(USERS.length)], randomScope(r, acts)));
      }
      PermissionCache cache = new PermissionCache(grants);
      for (int q = 0; q < 200; q++) {
        String user = USERS[r.nextInt(USERS.length)];
        Permission scope = randomScope(r, Set.of());
        Action a = Action.values()[r.nextInt(Action.values().length)];
        boolean expected = grants.stream().anyMatch(g -> g.getUser().equals(user)
            && g.getPermission().implies(a) && encloses(g.getPermission(), scope));
        assertEquals(expected, cache.covers(user, scope, a), () -> user + " " + a + " on "
            + scope + " under " + grants);
        if (scope.getAccessScope() == Permission.Scope.TABLE) {
          boolean anywhere = grants.stream().anyMatch(g -> g.getUser().equals(user)
              && g.getPermission().implies(a) && (encloses(g.getPermission(), scope)
                  || (g.getPermission().getAccessScope() == Permission.Scope.TABLE
                      && g.getPermission().getTableName().equals(scope.getTableName()))));
          assertEquals(anywhere, cache.anywhereIn(user, scope.getTableName(), a));
        }
      }
    }
  }

  @Test
  void eachScopeAndUserHasItsOwnCellInItsOwnRow() {
    TableName t = TableName.valueOf("ns1", "t1");
    List<Permission> scopes = List.of(Permission.newBuilder().build(),
        Permission.newBuilder("ns1").build(), Permission.newBuilder(t).build(),
        Permission.newBuilder(t).withFamily(Bytes.toBytes("f")).build(),
        Permission.newBuilder(t).withFamily(Bytes.toBytes("f")).withQualifier(Bytes.EMPTY)
            .build(),
        Permission.newBuilder(t).withFamily(Bytes.toBytes("f")).withQualifier(Bytes.toBytes(
            "q")).build());
    assertEquals("!global", Bytes.toString(AclTable.row(scopes.get(0))));
    assertEquals("@ns1", Bytes.toString(AclTable.row(scopes.get(1))));
    assertEquals("ns1:t1", Bytes.toString(AclTable.row(scopes.get(5))));
    Set<String> cells = new HashSet<>();
    for (Permission p : scopes) {
      cells.add(Bytes.toStringBinary(AclTable.row(p)) + "/"
          + Bytes.toStringBinary(AclTable.column("bob", p)));
    }
    assertEquals(scopes.size(), cells.size(), cells.toString());
    assertEquals("bob\\x00f\\x00q", Bytes.toStringBinary(AclTable.column("bob", scopes.get(5))));
    assertEquals("bob\\x00f\\x00", Bytes.toStringBinary(AclTable.column("bob", scopes.get(4))));
  }

  @Test
  void anEmptyCacheAllowsNothing() {
    assertFalse(PermissionCache.EMPTY.covers("alice", Permission.newBuilder().build(),
        Action.READ));
    PermissionCache c = new PermissionCache(List.of(new UserPermission("alice",
        Permission.newBuilder().withActions(Action.READ).build())));
    assertTrue(c.table("alice", TableName.valueOf("any"), Action.READ));
    assertFalse(c.table("alice", TableName.valueOf("any"), Action.WRITE));
    assertFalse(c.table("bob", TableName.valueOf("any"), Action.READ));
  }
}
