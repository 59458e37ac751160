package io.strata.client;

import io.strata.common.filter.Filter;
import io.strata.common.util.Bytes;
import java.util.Collections;
import java.util.NavigableMap;
import java.util.NavigableSet;

/**
 * Reads a range of rows in row order (or reverse row order). By default it reads every row,
 * every column, the newest version, over all time.
 *
 * <pre>{@code
 * Scan scan = new Scan()
 *     .withStartRow(Bytes.toBytes("user100"))              // inclusive
 *     .withStopRow(Bytes.toBytes("user200"))               // exclusive
 *     .addFamily(Bytes.toBytes("info"))
 *     .setCaching(500);
 * Scan users = new Scan().setRowPrefixFilter(Bytes.toBytes("user"));
 * }</pre>
 *
 * <p>Bounds: the start row is inclusive and the stop row exclusive unless said otherwise; an
 * empty bound (the default) is unbounded. For a reversed scan the start row is the
 * <em>greatest</em> row and the stop row the smallest, as in HBase.
 *
 * <p>Wire limits (see {@code OperationProtos}): an exclusive start row is sent as the row plus
 * a 0x00 byte, the smallest row after it; a reversed scan has no such neighbour, so an
 * exclusive start row on a reversed scan cannot be sent yet. {@link #setRowPrefixFilter} sets
 * forward bounds and so, as in HBase, does not suit reversed scans.
 *
 * <p>Column selection follows HBase, as in {@link Get}. Caching, max result size and limit
 * steer the client's scanner calls; the rest travels to the server. Not thread-safe.
 */
public final class Scan extends OperationWithAttributes {
  private byte[] startRow = Bytes.EMPTY;
  private boolean includeStartRow = true;
  private byte[] stopRow = Bytes.EMPTY;
  private boolean includeStopRow;
  private NavigableMap<byte[], NavigableSet<byte[]>> familyMap = Operations.newFamilyMap();
  private int maxVersions = 1;
  private TimeRange timeRange = TimeRange.allTime();
  private final NavigableMap<byte[], TimeRange> familyTimeRanges = Operations.newRangeMap();
  private Filter filter;
  private boolean reversed;
  private boolean raw;
  private int caching = -1;
  private int batch;
  private long maxResultSize = -1;
  private boolean cacheBlocks = true;
  private int limit;
  private boolean allowPartialResults;
  private boolean scanMetricsEnabled;

  /** Every row, every column, newest version. */
  public Scan() {}

  /**
   * A copy of {@code other} whose column selection, family time ranges and attributes can
   * change independently. The filter is shared, as in HBase: filters hold state only on the
   * server.
   */
  public Scan(Scan other) {
    startRow = other.startRow;
    includeStartRow = other.includeStartRow;
    stopRow = other.stopRow;
    includeStopRow = other.includeStopRow;
    familyMap = Operations.copyFamilyMap(other.familyMap);
    maxVersions = other.maxVersions;
    timeRange = other.timeRange;
    familyTimeRanges.putAll(other.familyTimeRanges);
    filter = other.filter;
    reversed = other.reversed;
    raw = other.raw;
    caching = other.caching;
    batch = other.batch;
    maxResultSize = other.maxResultSize;
    cacheBlocks = other.cacheBlocks;
    limit = other.limit;
    allowPartialResults = other.allowPartialResults;
    scanMetricsEnabled = other.scanMetricsEnabled;
    copyAttributes(other);
  }

  /** Starts at {@code row}, inclusive; empty starts at the first row. */
  public Scan withStartRow(byte[] row) {
    return withStartRow(row, true);
  }

  public Scan withStartRow(byte[] row, boolean inclusive) {
    startRow = Operations.checkBound(row, "start row");
    includeStartRow = inclusive;
    return this;
  }

  /** Stops before {@code row} (exclusive); empty scans to the last row. */
  public Scan withStopRow(byte[] row) {
    return withStopRow(row, false);
  }

  public Scan withStopRow(byte[] row, boolean inclusive) {
    stopRow = Operations.checkBound(row, "stop row");
    includeStopRow = inclusive;
    return this;
  }

  /**
   * Scans exactly the rows starting with {@code prefix}: start = prefix (inclusive), stop = the
   * prefix with its last byte below 0xFF incremented and the bytes after it dropped (exclusive),
   * or unbounded when every byte is 0xFF. Null or empty scans every row. Replaces both bounds.
   */
  public Scan setRowPrefixFilter(byte[] prefix) {
    if (prefix == null || prefix.length == 0) {
      return withStartRow(Bytes.EMPTY).withStopRow(Bytes.EMPTY);
    }
    return withStartRow(prefix).withStopRow(rowAfterPrefix(prefix));
  }

  /** The smallest row greater than every row starting with {@code prefix}; empty if none. */
  static byte[] rowAfterPrefix(byte[] prefix) {
    for (int i = prefix.length - 1; i >= 0; i--) {
      if (prefix[i] != (byte) 0xFF) {
        byte[] stop = Bytes.copy(prefix, 0, i + 1);
        stop[i]++;
        return stop;
      }
    }
    return Bytes.EMPTY;
  }

  public Scan addFamily(byte[] family) {
    Operations.addFamily(familyMap, family);
    return this;
  }

  public Scan addColumn(byte[] family, byte[] qualifier) {
    Operations.addColumn(familyMap, family, qualifier);
    return this;
  }

  /** Reads the newest {@code versions} versions of each column (default 1). */
  public Scan readVersions(int versions) {
    maxVersions = Operations.checkVersions(versions);
    return this;
  }

  public Scan readAllVersions() {
    maxVersions = Integer.MAX_VALUE;
    return this;
  }

  /** Reads only cells with a timestamp in {@code [min, max)}. */
  public Scan setTimeRange(long min, long max) {
    timeRange = TimeRange.between(min, max);
    return this;
  }

  /** Reads only cells with exactly this timestamp. */
  public Scan setTimestamp(long ts) {
    timeRange = TimeRange.at(ts);
    return this;
  }

  /**
   * Reads only cells of {@code family} with a timestamp in {@code [min, max)}, as HBase's
   * {@code setColumnFamilyTimeRange}: for that family this range replaces
   * {@link #setTimeRange}'s. Versions are counted within it (still 1 unless
   * {@code readVersions} says more).
   */
  public Scan setColumnFamilyTimeRange(byte[] family, long min, long max) {
    Operations.setFamilyTimeRange(familyTimeRanges, family, min, max);
    return this;
  }

  /** Family to the time range set for it by {@link #setColumnFamilyTimeRange}; read-only. */
  public NavigableMap<byte[], TimeRange> getColumnFamilyTimeRange() {
    return Collections.unmodifiableNavigableMap(familyTimeRanges);
  }

  /**
   * The visibility labels to read with, as HBase's: cells whose visibility expression these
   * (those of them the user was given) satisfy are returned; null removes them.
   */
  public Scan setAuthorizations(io.strata.client.security.Authorizations authorizations) {
    setAttribute(io.strata.client.security.CellAcls.AUTHORIZATIONS_ATTRIBUTE,
        authorizations == null ? null : authorizations.toBytes());
    return this;
  }

  /** The labels set to read with, or null. */
  public io.strata.client.security.Authorizations getAuthorizations() {
    byte[] v = getAttribute(io.strata.client.security.CellAcls.AUTHORIZATIONS_ATTRIBUTE);
    return v == null ? null : io.strata.client.security.Authorizations.fromBytes(v);
  }

  @Override
  public Scan setAttribute(String name, byte[] value) {
    super.setAttribute(name, value);
    return this;
  }

  public Scan setFilter(Filter filter) {
    this.filter = filter;
    return this;
  }

  /** Rows in descending order; the start row is then the greatest row, the stop the smallest. */
  public Scan setReversed(boolean reversed) {
    this.reversed = reversed;
    return this;
  }

  /**
   * True reads what is stored rather than what readers see, as HBase's raw scan: puts and
   * delete markers (their {@link io.strata.common.cell.Cell#getType()} says which), none masking
   * another and none expired by TTL, until a major compaction drops them. At most
   * {@link #readVersions} cells a column come back, markers counting as versions, whatever the
   * family's VERSIONS; the time range, columns and filter apply to markers too. A family-wide
   * marker has the empty qualifier, so a scan naming columns shows it only if it names that.
   *
   * <pre>{@code
   * for (Result r : table.getScanner(new Scan().setRaw(true).readAllVersions())) {
   *   for (Cell c : r.rawCells()) { ... c.getType() ... }
   * }
   * }</pre>
   */
  public Scan setRaw(boolean raw) {
    this.raw = raw;
    return this;
  }

  /** Rows fetched per scanner call; -1 (the default) uses the client's configured default. */
  public Scan setCaching(int caching) {
    if (caching < 1 && caching != -1) {
      throw new IllegalArgumentException("caching " + caching + ": give rows per call >= 1, or "
          + "-1 for the client default");
    }
    this.caching = caching;
    return this;
  }

  /**
   * Cells per Result: a row of more cells comes in several Results, each of exactly
   * {@code batch} cells but the row's last, which holds the rest (1 to {@code batch}) and is the
   * only one whose {@link Result#mayHaveMoreCellsInRow()} is false, as in HBase 2. The client
   * regroups the parts the servers send (a byte limit cuts a row anywhere); with
   * {@link #setAllowPartialResults} true the parts come as sent instead, at most {@code batch}
   * cells each. 0 (the default) returns whole rows.
   */
  public Scan setBatch(int batch) {
    if (batch < 0) {
      throw new IllegalArgumentException("batch " + batch + ": give cells per result >= 1, or 0 "
          + "for whole rows");
    }
    this.batch = batch;
    return this;
  }

  /** Bytes per scanner call at most; -1 (the default) uses the client's configured default. */
  public Scan setMaxResultSize(long maxResultSize) {
    if (maxResultSize < 1 && maxResultSize != -1) {
      throw new IllegalArgumentException("max result size " + maxResultSize + ": give bytes per "
          + "call >= 1, or -1 for the client default");
    }
    this.maxResultSize = maxResultSize;
    return this;
  }

  /**
   * False keeps the blocks this scan loads out of the block cache: for full scans, which would
   * otherwise push hot data out.
   */
  public Scan setCacheBlocks(boolean cacheBlocks) {
    this.cacheBlocks = cacheBlocks;
    return this;
  }

  /** Rows to return at most; 0 (the default) for no limit. */
  public Scan setLimit(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("limit " + limit + ": give rows >= 1, or 0 for no "
          + "limit");
    }
    this.limit = limit;
    return this;
  }

  /**
   * True hands out the parts of a row as the servers send them (a row larger than
   * {@code maxResultSize} comes in several Results, each with
   * {@link Result#mayHaveMoreCellsInRow()} true but the last), so a huge row never has to fit in
   * the client's memory at once. False (the default) joins the parts into whole rows.
   */
  public Scan setAllowPartialResults(boolean allow) {
    this.allowPartialResults = allow;
    return this;
  }

  public boolean getAllowPartialResults() {
    return allowPartialResults;
  }

  /** Counts what the scan costs ({@link ResultScanner#getScanMetrics()}). */
  public Scan setScanMetricsEnabled(boolean enabled) {
    this.scanMetricsEnabled = enabled;
    return this;
  }

  public boolean isScanMetricsEnabled() {
    return scanMetricsEnabled;
  }

  /** The start row as given (not adjusted for exclusiveness); the array is shared. */
  public byte[] getStartRow() {
    return startRow;
  }

  public boolean includeStartRow() {
    return includeStartRow;
  }

  public byte[] getStopRow() {
    return stopRow;
  }

  public boolean includeStopRow() {
    return includeStopRow;
  }

  /**
   * Replaces the selected families and columns, as HBase's Scan.setFamilyMap: each family to
   * the qualifiers wanted, an empty or null set meaning the whole family; an empty map, every
   * family.
   */
  public Scan setFamilyMap(java.util.Map<byte[], ? extends java.util.Collection<byte[]>> map) {
    Operations.replaceFamilyMap(familyMap, map);
    return this;
  }

  /** Family to selected qualifiers, as in {@link Get#getFamilyMap()}. Read-only. */
  public NavigableMap<byte[], NavigableSet<byte[]>> getFamilyMap() {
    return Operations.readOnly(familyMap);
  }

  public boolean hasFamilies() {
    return !familyMap.isEmpty();
  }

  public int numFamilies() {
    return familyMap.size();
  }

  public int getMaxVersions() {
    return maxVersions;
  }

  public TimeRange getTimeRange() {
    return timeRange;
  }

  public Filter getFilter() {
    return filter;
  }

  public boolean isReversed() {
    return reversed;
  }

  public boolean isRaw() {
    return raw;
  }

  public int getCaching() {
    return caching;
  }

  public int getBatch() {
    return batch;
  }

  public long getMaxResultSize() {
    return maxResultSize;
  }

  public boolean getCacheBlocks() {
    return cacheBlocks;
  }

  public int getLimit() {
    return limit;
  }

  @Override
  public String toString() {
    return "Scan{" + (includeStartRow ? "[" : "(") + Operations.rowString(startRow) + ", "
        + Operations.rowString(stopRow) + (includeStopRow ? "]" : ")")
        + (reversed ? " reversed" : "") + (raw ? " raw" : "") + ", families=" + Operations.familyMapString(familyMap)
        + ", maxVersions=" + maxVersions + ", timeRange=" + timeRange
        + Operations.rangeMapString(familyTimeRanges)
        + (filter == null ? "" : ", filter=" + filter) + ", caching=" + caching + ", batch="
        + batch + ", maxResultSize=" + maxResultSize + ", cacheBlocks=" + cacheBlocks
        + ", limit=" + limit + attributesString() + "}";
  }
}
