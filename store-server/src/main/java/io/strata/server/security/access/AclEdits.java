package io.strata.server.security.access;

import io.strata.client.Connection;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Table;
import io.strata.client.security.Permission;
import io.strata.client.security.Permission.Action;
import io.strata.client.security.UserPermission;
import io.strata.common.cell.Cell;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;

/** Grants, revokes and listings in strata:acl, as the master makes them. */
public final class AclEdits {
  private AclEdits() {}

  /** The actions {@code user} holds on exactly {@code scope}; empty when none. */
  private static EnumSet<Action> current(Table t, String user, Permission scope)
      throws IOException {
    byte[] col = AclTable.column(user, scope);
    Result r = t.get(new Get(AclTable.row(scope)).addColumn(AclTable.FAMILY, col));
    Cell c = r.getColumnLatestCell(AclTable.FAMILY, col);
    EnumSet<Action> out = EnumSet.noneOf(Action.class);
    if (c != null) {
      out.addAll(AclTable.parse(c).getPermission().getActions());
    }
    return out;
  }

  /** Gives {@code up}'s actions, added to those held on its scope when {@code merge}. */
  public static void grant(Connection conn, UserPermission up, boolean merge) throws IOException {
    Table t = conn.getTable(AclTable.TABLE);
    Permission p = up.getPermission();
    EnumSet<Action> acts = EnumSet.copyOf(p.getActions());
    if (merge) {
      acts.addAll(current(t, up.getUser(), p));
    }
    t.put(new Put(AclTable.row(p)).addColumn(AclTable.FAMILY, AclTable.column(up.getUser(), p),
        AclTable.value(new UserPermission(up.getUser(), p.withActions(acts)))));
  }

  /**
   * Takes {@code up}'s actions (all when it names none) from those held on its scope; returns
   * what is left.
   */
  public static EnumSet<Action> revoke(Connection conn, UserPermission up) throws IOException {
    Table t = conn.getTable(AclTable.TABLE);
    Permission p = up.getPermission();
    EnumSet<Action> left = current(t, up.getUser(), p);
    if (p.getActions().isEmpty()) {
      left.clear();
    } else {
      left.removeAll(p.getActions());
    }
    byte[] row = AclTable.row(p);
    byte[] col = AclTable.column(up.getUser(), p);
    if (left.isEmpty()) {
      t.delete(new Delete(row).addColumns(AclTable.FAMILY, col));
    } else {
      t.put(new Put(row).addColumn(AclTable.FAMILY, col,
          AclTable.value(new UserPermission(up.getUser(), p.withActions(left)))));
    }
    return left;
  }

  /** Removes every permission on {@code scope}'s row; returns whether there were any. */
  public static boolean forget(Connection conn, Permission scope) throws IOException {
    Table t = conn.getTable(AclTable.TABLE);
    byte[] row = AclTable.row(scope);
    if (t.get(new Get(row).addFamily(AclTable.FAMILY)).isEmpty()) {
      return false;
    }
    t.delete(new Delete(row).addFamily(AclTable.FAMILY));
    return true;
  }

  /**
   * The permissions on {@code scope}: the global ones, a namespace's, or a table's with those
   * on its families and qualifiers (only those within the family or qualifier the scope names);
   * only {@code user}'s unless it is empty.
   */
  public static List<UserPermission> list(Connection conn, Permission scope, String user)
      throws IOException {
    List<UserPermission> out = new ArrayList<>();
    byte[] row = AclTable.row(scope);
    Table t = conn.getTable(AclTable.TABLE);
    Result r = t.get(new Get(row).addFamily(AclTable.FAMILY));
    for (Cell c : r.rawCells()) {
      UserPermission up = AclTable.parse(c);
      Permission p = up.getPermission();
      if ((!user.isEmpty() && !user.equals(up.getUser()))
          || (scope.getFamily() != null && !Arrays.equals(scope.getFamily(), p.getFamily()))
          || (scope.getQualifier() != null
              && !Arrays.equals(scope.getQualifier(), p.getQualifier()))) {
        continue;
      }
      out.add(up);
    }
    return out;
  }
}
