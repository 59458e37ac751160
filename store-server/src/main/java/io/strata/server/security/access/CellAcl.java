package io.strata.server.security.access;

import io.strata.client.security.CellAcls;
import io.strata.client.security.Permission;
import io.strata.client.security.Permission.Action;
import io.strata.common.cell.Cell;
import io.strata.common.cell.Tag;
import io.strata.common.error.BadRequestException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Cell ACLs (docs/security.md): the tag a mutation's ACL gives its cells, and whether a cell's
 * ACL grants a user an action.
 */
final class CellAcl {
  private CellAcl() {}

  /** Whether {@code c}'s ACL grants {@code user} {@code action}; false without an ACL. */
  static boolean grants(AccessChecker checker, Cell c, String user, Action action) {
    byte[] v = Tag.valueOf(c, Tag.ACL_TYPE);
    if (v == null) {
      return false;
    }
    Map<String, Permission> acl;
    try {
      acl = checker.parsed("a" + new String(v, StandardCharsets.ISO_8859_1),
          k -> CellAcls.decode(k.substring(1).getBytes(StandardCharsets.ISO_8859_1)));
    } catch (IllegalArgumentException unreadable) {
      return false; // not this release's: grants nothing
    }
    Permission p = acl.get(user);
    return p != null && p.implies(action);
  }

  /** The tag of a mutation's ACL, which grants READ only. */
  static Tag tag(byte[] attribute) throws BadRequestException {
    Map<String, Permission> acl;
    try {
      acl = CellAcls.decode(attribute);
    } catch (IllegalArgumentException e) {
      throw new BadRequestException(e.getMessage());
    }
    if (acl.isEmpty()) {
      throw new BadRequestException("the mutation's cell ACL names no user; give one, as "
          + "put.setACL(\"bob\", Permission.newBuilder().withActions(Action.READ).build())");
    }
    for (Map.Entry<String, Permission> e : acl.entrySet()) {
      if (!e.getValue().getActions().equals(java.util.Set.of(Action.READ))) {
        throw new BadRequestException("the cell ACL of user '" + e.getKey() + "' grants "
            + e.getValue().getActions() + "; a cell ACL grants READ, so give that alone, and "
            + "grant other actions on the family or qualifier (grant '" + e.getKey()
            + "', 'W', 'table', 'family')");
      }
    }
    return new Tag(Tag.ACL_TYPE, CellAcls.encode(acl));
  }
}
