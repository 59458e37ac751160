package io.strata.client.security;

import java.util.Objects;

/** A user's permission, as HBase's UserPermission: what {@code Admin.grant} gives. */
public final class UserPermission {
  private final String user;
  private final Permission permission;

  public UserPermission(String user, Permission permission) {
    if (user == null || user.isBlank()) {
      throw new IllegalArgumentException("a permission is for a user: give a user name");
    }
    if (user.indexOf('\0') >= 0 || user.indexOf(',') >= 0) {
      throw new IllegalArgumentException("user name '" + user.replace("\0", "\\0")
          + "' holds a comma or a NUL byte, which user names cannot");
    }
    this.user = user;
    this.permission = Objects.requireNonNull(permission, "permission");
  }

  public String getUser() {
    return user;
  }

  public Permission getPermission() {
    return permission;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof UserPermission u && u.user.equals(user)
        && u.permission.equals(permission);
  }

  @Override
  public int hashCode() {
    return Objects.hash(user, permission);
  }

  @Override
  public String toString() {
    return "UserPermission: user=" + user + ", " + permission;
  }
}
