package io.strata.common.filter;

/** Passes at most {@code pageSize} rows, then ends the scan (per region, as in HBase). */
public final class PageFilter extends Filter {
  final long pageSize;
  private long rowsAccepted;

  public PageFilter(long pageSize) {
    if (pageSize < 0) {
      throw new IllegalArgumentException("PageFilter page size " + pageSize
          + " must not be negative");
    }
    this.pageSize = pageSize;
  }

  @Override
  public boolean hasFilterRow() {
    return true;
  }

  @Override
  public boolean filterRow() {
    rowsAccepted++;
    return rowsAccepted > pageSize;
  }

  @Override
  public boolean filterAllRemaining() {
    return rowsAccepted >= pageSize;
  }
}
