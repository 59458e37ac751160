package io.strata.server.coprocessor;

import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import java.io.IOException;
import java.util.List;

/**
 * The region a coprocessor is loaded for, read and written in the server's own process with no
 * RPC, as HBase's {@code env.getRegion()}: what endpoints compute over. Its reads and writes
 * take the region's usual paths (checks, WAL, memstore) but not its observers' hooks, and are
 * not counted by quotas: the call that reached the coprocessor was. Rows outside the region
 * are refused (WRONG_REGION); a scan sees only the region's part of its range.
 */
public interface LocalRegion {
  RegionInfo getRegionInfo();

  TableDescriptor getTableDescriptor();

  Result get(Get get) throws IOException;

  /** A scanner over the scan's rows in this region; close it. */
  InternalScanner getScanner(Scan scan) throws IOException;

  void put(Put put) throws IOException;

  void delete(Delete delete) throws IOException;

  /**
   * Applies puts and deletes of this region's rows as one region write (one WAL entry); each
   * row's changes are atomic.
   */
  void batchMutate(List<? extends Mutation> mutations) throws IOException;
}
