package io.strata.client.quotas;

/**
 * Which quota settings {@code Admin.getQuota} returns, as HBase's QuotaFilter: regular
 * expressions the setting's user, table and namespace must match (a filter on a part a setting
 * lacks leaves that setting out); no filter returns every setting.
 */
public final class QuotaFilter {
  private String userRegex = "";
  private String tableRegex = "";
  private String namespaceRegex = "";

  public QuotaFilter setUserFilter(String regex) {
    this.userRegex = regex == null ? "" : regex;
    return this;
  }

  public QuotaFilter setTableFilter(String regex) {
    this.tableRegex = regex == null ? "" : regex;
    return this;
  }

  public QuotaFilter setNamespaceFilter(String regex) {
    this.namespaceRegex = regex == null ? "" : regex;
    return this;
  }

  public String getUserFilter() {
    return userRegex;
  }

  public String getTableFilter() {
    return tableRegex;
  }

  public String getNamespaceFilter() {
    return namespaceRegex;
  }
}
