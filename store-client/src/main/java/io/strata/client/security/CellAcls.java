package io.strata.client.security;

import io.strata.common.proto.AccessProtos.CellAclEntryProto;
import io.strata.common.proto.AccessProtos.CellAclProto;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The attributes that carry a mutation's cell visibility and ACL and a read's authorizations to
 * the server, and the ACL's encoding (a CellAclProto, docs/formats/acl.md).
 */
public final class CellAcls {
  /** A mutation's visibility expression, UTF-8. */
  public static final String VISIBILITY_ATTRIBUTE = "strata.visibility";
  /** A mutation's cell ACL, a CellAclProto. */
  public static final String ACL_ATTRIBUTE = "strata.acl";
  /** A get's or scan's authorizations, comma-separated labels. */
  public static final String AUTHORIZATIONS_ATTRIBUTE = "strata.authorizations";
  /** The version of CellAclProto this release writes and reads. */
  public static final int VERSION = 1;

  private CellAcls() {}

  /** A cell ACL: users to the actions the cells grant them (a permission's scope is ignored). */
  public static byte[] encode(Map<String, Permission> acl) {
    CellAclProto.Builder b = CellAclProto.newBuilder().setVersion(VERSION);
    acl.forEach((user, p) -> {
      if (user == null || user.isBlank()) {
        throw new IllegalArgumentException("a cell ACL names a user for each permission");
      }
      if (p.getActions().isEmpty()) {
        throw new IllegalArgumentException("the cell ACL of user '" + user + "' grants no "
            + "action; give READ");
      }
      b.addEntries(CellAclEntryProto.newBuilder().setUser(user)
          .setActions(Permission.Action.codes(p.getActions())));
    });
    return b.build().toByteArray();
  }

  /** @throws IllegalArgumentException naming what is wrong with the bytes */
  public static Map<String, Permission> decode(byte[] bytes) {
    CellAclProto p;
    try {
      p = CellAclProto.parseFrom(bytes);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("a cell ACL cannot be read: " + e.getMessage());
    }
    if (p.getVersion() != VERSION) {
      throw new IllegalArgumentException("a cell ACL of version " + p.getVersion() + "; this "
          + "release reads version " + VERSION);
    }
    Map<String, Permission> out = new LinkedHashMap<>();
    for (CellAclEntryProto e : p.getEntriesList()) {
      out.put(e.getUser(), Permission.newBuilder().withActionCodes(e.getActions()).build());
    }
    return out;
  }
}
