package io.strata.client;

import io.strata.common.filter.Filter;
import java.util.Collections;
import java.util.NavigableMap;
import java.util.NavigableSet;

/**
 * Reads one row. By default it reads every column of every family, newest version only, over
 * all time; narrow it with the methods below.
 *
 * <pre>{@code
 * Get get = new Get(Bytes.toBytes("user42"))
 *     .addColumn(Bytes.toBytes("info"), Bytes.toBytes("name"))
 *     .addFamily(Bytes.toBytes("prefs"))
 *     .readVersions(3)
 *     .setTimeRange(0, System.currentTimeMillis());
 * Result r = table.get(get);
 * }</pre>
 *
 * <p>Column selection follows HBase: {@code addFamily(f)} selects the whole family and wipes
 * columns of {@code f} added before; {@code addColumn(f, q)} on a whole-family selection
 * narrows it to the columns added. In {@link #getFamilyMap()} a whole family has an <b>empty</b>
 * qualifier set (HBase uses null there).
 *
 * <p>Byte arrays are not copied: do not change them afterwards. Not thread-safe.
 */
public final class Get extends OperationWithAttributes implements Row {
  private final byte[] row;
  private final NavigableMap<byte[], NavigableSet<byte[]>> familyMap = Operations.newFamilyMap();
  private int maxVersions = 1;
  private TimeRange timeRange = TimeRange.allTime();
  private final NavigableMap<byte[], TimeRange> familyTimeRanges = Operations.newRangeMap();
  private Filter filter;
  private boolean cacheBlocks = true;
  private boolean checkExistenceOnly;

  public Get(byte[] row) {
    this.row = Operations.checkRow(row, "Get row");
  }

  /** Reads every column of the family. */
  public Get addFamily(byte[] family) {
    Operations.addFamily(familyMap, family);
    return this;
  }

  /** Reads this column (in addition to the columns already selected). */
  public Get addColumn(byte[] family, byte[] qualifier) {
    Operations.addColumn(familyMap, family, qualifier);
    return this;
  }

  /** Reads the newest {@code versions} versions of each column (default 1). */
  public Get readVersions(int versions) {
    maxVersions = Operations.checkVersions(versions);
    return this;
  }

  public Get readAllVersions() {
    maxVersions = Integer.MAX_VALUE;
    return this;
  }

  /** Reads only cells with a timestamp in {@code [min, max)}. */
  public Get setTimeRange(long min, long max) {
    timeRange = TimeRange.between(min, max);
    return this;
  }

  /** Reads only cells with exactly this timestamp. */
  public Get setTimestamp(long ts) {
    timeRange = TimeRange.at(ts);
    return this;
  }

  /**
   * Reads only cells of {@code family} with a timestamp in {@code [min, max)}, as HBase's
   * {@code setColumnFamilyTimeRange}: for that family this range replaces
   * {@link #setTimeRange}'s. Versions are counted within it (still 1 unless
   * {@code readVersions} says more).
   */
  public Get setColumnFamilyTimeRange(byte[] family, long min, long max) {
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
  public Get setAuthorizations(io.strata.client.security.Authorizations authorizations) {
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
  public Get setAttribute(String name, byte[] value) {
    super.setAttribute(name, value);
    return this;
  }

  /** Runs {@code filter} on the server over the selected cells; null for none. */
  public Get setFilter(Filter filter) {
    this.filter = filter;
    return this;
  }

  /**
   * False keeps the blocks this read loads out of the block cache: for one-off reads that
   * would otherwise push hot data out.
   */
  public Get setCacheBlocks(boolean cacheBlocks) {
    this.cacheBlocks = cacheBlocks;
    return this;
  }

  /** True asks only whether a selected cell exists: the Result has no cells, only getExists(). */
  public Get setCheckExistenceOnly(boolean checkExistenceOnly) {
    this.checkExistenceOnly = checkExistenceOnly;
    return this;
  }

  /** The row key; the array is shared, do not change it. */
  public byte[] getRow() {
    return row;
  }

  /**
   * Replaces the selected families and columns, as HBase's Scan.setFamilyMap: each family to
   * the qualifiers wanted, an empty or null set meaning the whole family; an empty map, every
   * family.
   */
  public Get setFamilyMap(java.util.Map<byte[], ? extends java.util.Collection<byte[]>> map) {
    Operations.replaceFamilyMap(familyMap, map);
    return this;
  }

  /**
   * Family to selected qualifiers; an empty set means every column of the family, an empty
   * map every family. Read-only.
   */
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

  public boolean getCacheBlocks() {
    return cacheBlocks;
  }

  public boolean isCheckExistenceOnly() {
    return checkExistenceOnly;
  }

  @Override
  public String toString() {
    return "Get{row=" + Operations.rowString(row) + ", families="
        + Operations.familyMapString(familyMap) + ", maxVersions=" + maxVersions
        + ", timeRange=" + timeRange + Operations.rangeMapString(familyTimeRanges)
        + (filter == null ? "" : ", filter=" + filter) + ", cacheBlocks=" + cacheBlocks
        + (checkExistenceOnly ? ", checkExistenceOnly=true" : "") + attributesString() + "}";
  }
}
