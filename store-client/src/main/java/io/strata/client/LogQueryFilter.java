package io.strata.client;

/**
 * Which calls of the region servers' slow logs {@link Admin#getSlowLogResponses} returns, as
 * HBase's LogQueryFilter: by region, table, client address or user; with {@link
 * FilterByOperator#OR} (the default) a call matching any one given field is taken, with AND only
 * one matching all. {@link Type#LARGE_LOG} asks for the large calls instead of the slow ones.
 */
public class LogQueryFilter {
  /** Slow calls (over strata.regionserver.slowlog.threshold) or large ones. */
  public enum Type { SLOW_LOG, LARGE_LOG }

  /** How the given fields combine. */
  public enum FilterByOperator { AND, OR }

  private String regionName;
  private String tableName;
  private String clientAddress;
  private String userName;
  private int limit = 10;
  private Type type = Type.SLOW_LOG;
  private FilterByOperator filterByOperator = FilterByOperator.OR;

  public String getRegionName() {
    return regionName;
  }

  /** A region's encoded name. */
  public void setRegionName(String regionName) {
    this.regionName = regionName;
  }

  public String getTableName() {
    return tableName;
  }

  public void setTableName(String tableName) {
    this.tableName = tableName;
  }

  public String getClientAddress() {
    return clientAddress;
  }

  /** {@code host} (any port) or {@code host:port}. */
  public void setClientAddress(String clientAddress) {
    this.clientAddress = clientAddress;
  }

  public String getUserName() {
    return userName;
  }

  public void setUserName(String userName) {
    this.userName = userName;
  }

  public int getLimit() {
    return limit;
  }

  /** The most calls returned in all (default 10), newest first. */
  public void setLimit(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("a slow log query's limit must be positive; got "
          + limit);
    }
    this.limit = limit;
  }

  public Type getType() {
    return type;
  }

  public void setType(Type type) {
    this.type = type;
  }

  public FilterByOperator getFilterByOperator() {
    return filterByOperator;
  }

  public void setFilterByOperator(FilterByOperator filterByOperator) {
    this.filterByOperator = filterByOperator;
  }
}
