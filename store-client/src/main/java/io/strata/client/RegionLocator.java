package io.strata.client;

import io.strata.common.schema.TableName;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * Where one table's regions are: which region holds a row and which server serves it. Light and
 * thread-safe; lookups share the connection's location cache. An unknown table is a
 * TableNotFoundException.
 *
 * <pre>{@code
 * try (RegionLocator locator = conn.getRegionLocator(TableName.valueOf("users"))) {
 *   RegionLocation where = locator.getRegionLocation(Bytes.toBytes("user42"));
 *   for (RegionLocation r : locator.getAllRegionLocations()) { ... }
 * }
 * }</pre>
 */
public interface RegionLocator extends Closeable {
  TableName getName();

  /**
   * The open region holding {@code row} and its server, from the cache when known; waits
   * (within {@code strata.client.operation.timeout}) while the region is being opened.
   */
  RegionLocation getRegionLocation(byte[] row) throws IOException;

  /**
   * As {@link #getRegionLocation(byte[])}; {@code reload} skips the cache, reading meta again,
   * and puts what it read in the cache.
   */
  RegionLocation getRegionLocation(byte[] row, boolean reload) throws IOException;

  /**
   * Every region of the table in key order, as the master knows them, each with the server
   * serving it, or a null server while the region is not open (closed, opening, closing).
   */
  List<RegionLocation> getAllRegionLocations() throws IOException;

  /** Each region's start key, in key order (the first is empty). */
  byte[][] getStartKeys() throws IOException;

  /** Each region's end key, in key order (the last is empty). */
  byte[][] getEndKeys() throws IOException;

  /** Nothing to free: the connection owns the resources. */
  @Override
  default void close() {}
}
