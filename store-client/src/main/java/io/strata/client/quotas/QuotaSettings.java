package io.strata.client.quotas;

import io.strata.common.schema.TableName;
import java.util.Objects;

/**
 * One quota setting and whom it is for, as HBase's QuotaSettings: a user, a table, a
 * namespace, a user on a table or in a namespace, or every region server. Made by
 * {@link QuotaSettingsFactory}; read back from {@code Admin.getQuota}.
 */
public abstract sealed class QuotaSettings permits ThrottleSettings, GlobalBypassSettings,
    SpaceLimitSettings {
  private final String userName;
  private final TableName tableName;
  private final String namespace;
  private final String regionServer;

  QuotaSettings(String userName, TableName tableName, String namespace, String regionServer) {
    int targets = (tableName != null ? 1 : 0) + (namespace != null ? 1 : 0)
        + (regionServer != null ? 1 : 0);
    if (userName == null && targets == 0) {
      throw new IllegalArgumentException("a quota needs a target: a user, a table, a namespace,"
          + " a user with a table or a namespace, or the region servers");
    }
    if (targets > 1 || (regionServer != null && userName != null)) {
      throw new IllegalArgumentException("a quota is for one of: a user, a table, a namespace,"
          + " a user with a table or a namespace, or the region servers; not "
          + describe(userName, tableName, namespace, regionServer));
    }
    this.userName = userName;
    this.tableName = tableName;
    this.namespace = namespace;
    this.regionServer = regionServer;
  }

  public abstract QuotaType getQuotaType();

  /** The user, or null. */
  public String getUserName() {
    return userName;
  }

  /** The table, or null. */
  public TableName getTableName() {
    return tableName;
  }

  /** The namespace, or null. */
  public String getNamespace() {
    return namespace;
  }

  /** "all" for a quota on every region server, else null. */
  public String getRegionServer() {
    return regionServer;
  }

  /** The target as HBase's shell writes it, such as {@code USER => 'bob', TABLE => 't1'}. */
  public String target() {
    return describe(userName, tableName, namespace, regionServer);
  }

  private static String describe(String user, TableName table, String ns, String rs) {
    StringBuilder sb = new StringBuilder();
    if (user != null) {
      sb.append("USER => '").append(user).append("'");
    }
    if (table != null) {
      sb.append(sb.isEmpty() ? "" : ", ").append("TABLE => '").append(table).append("'");
    }
    if (ns != null) {
      sb.append(sb.isEmpty() ? "" : ", ").append("NAMESPACE => '").append(ns).append("'");
    }
    if (rs != null) {
      sb.append(sb.isEmpty() ? "" : ", ").append("REGIONSERVER => '").append(rs).append("'");
    }
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof QuotaSettings q && getClass() == q.getClass()
        && Objects.equals(userName, q.userName) && Objects.equals(tableName, q.tableName)
        && Objects.equals(namespace, q.namespace) && Objects.equals(regionServer, q.regionServer);
  }

  @Override
  public int hashCode() {
    return Objects.hash(getClass(), userName, tableName, namespace, regionServer);
  }
}
