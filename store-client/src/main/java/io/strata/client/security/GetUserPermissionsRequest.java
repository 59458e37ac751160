package io.strata.client.security;

/**
 * Which permissions {@code Admin.getUserPermissions} lists, as HBase's: those on the global
 * scope, a namespace or a table (optionally one family or qualifier of it), optionally of one
 * user.
 */
public final class GetUserPermissionsRequest {
  private final Permission scope;
  private final String user;

  private GetUserPermissionsRequest(Permission scope, String user) {
    this.scope = scope;
    this.user = user;
  }

  /** The global permissions. */
  public static Builder newBuilder() {
    return new Builder(Permission.newBuilder());
  }

  /** The permissions on namespace {@code namespace}. */
  public static Builder newBuilder(String namespace) {
    return new Builder(Permission.newBuilder(namespace));
  }

  /** The permissions on table {@code table} and its families and qualifiers. */
  public static Builder newBuilder(io.strata.common.schema.TableName table) {
    return new Builder(Permission.newBuilder(table));
  }

  public static final class Builder {
    private final Permission.Builder scope;
    private String user;

    private Builder(Permission.Builder scope) {
      this.scope = scope;
    }

    /** Only those on this family (of a table). */
    public Builder withFamily(byte[] family) {
      scope.withFamily(family);
      return this;
    }

    /** Only those on this qualifier (of a family). */
    public Builder withQualifier(byte[] qualifier) {
      scope.withQualifier(qualifier);
      return this;
    }

    /** Only this user's. */
    public Builder withUserName(String user) {
      this.user = user;
      return this;
    }

    public GetUserPermissionsRequest build() {
      return new GetUserPermissionsRequest(scope.build(), user);
    }
  }

  /** The scope asked about (its actions are empty). */
  public Permission getScope() {
    return scope;
  }

  /** The user asked about; null for all. */
  public String getUserName() {
    return user;
  }
}
