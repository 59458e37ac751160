package io.strata.client.security;

import com.google.protobuf.ByteString;
import io.strata.common.proto.AccessProtos.PermissionProto;
import io.strata.common.proto.AccessProtos.UserPermissionProto;
import io.strata.common.schema.TableName;

/** Permissions to and from their protobuf messages (docs/formats/acl.md). */
public final class AccessCodec {
  private AccessCodec() {}

  public static PermissionProto toProto(Permission p) {
    PermissionProto.Builder b = PermissionProto.newBuilder()
        .setActions(Permission.Action.codes(p.getActions()));
    switch (p.getAccessScope()) {
      case GLOBAL -> { }
      case NAMESPACE -> b.setNamespace(p.getNamespace());
      case TABLE -> {
        b.setTable(p.getTableName().getNameAsString());
        if (p.getFamily() != null) {
          b.setHasFamily(true).setFamily(ByteString.copyFrom(p.getFamily()));
        }
        if (p.getQualifier() != null) {
          b.setHasQualifier(true).setQualifier(ByteString.copyFrom(p.getQualifier()));
        }
      }
    }
    return b.build();
  }

  /** @throws IllegalArgumentException naming what is wrong with the message */
  public static Permission fromProto(PermissionProto p) {
    Permission.Builder b;
    if (!p.getTable().isEmpty()) {
      b = Permission.newBuilder(TableName.valueOf(p.getTable()));
      if (p.getHasFamily()) {
        b.withFamily(p.getFamily().toByteArray());
      }
      if (p.getHasQualifier()) {
        b.withQualifier(p.getQualifier().toByteArray());
      }
    } else if (!p.getNamespace().isEmpty()) {
      b = Permission.newBuilder(p.getNamespace());
    } else {
      b = Permission.newBuilder();
    }
    return b.withActionCodes(p.getActions()).build();
  }

  public static UserPermissionProto toProto(UserPermission u) {
    return UserPermissionProto.newBuilder().setUser(u.getUser())
        .setPermission(toProto(u.getPermission())).build();
  }

  public static UserPermission fromProto(UserPermissionProto u) {
    return new UserPermission(u.getUser(), fromProto(u.getPermission()));
  }
}
