package io.strata.server.coprocessor;

import io.strata.client.Connection;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;

/** A region coprocessor's environment, as HBase's RegionCoprocessorEnvironment. */
public interface RegionCoprocessorEnvironment
    extends CoprocessorEnvironment<RegionCoprocessor> {
  /** The region it is loaded for. */
  RegionInfo getRegionInfo();

  /**
   * The region itself, read and written in this process (see {@link LocalRegion}); from
   * postOpen on.
   */
  LocalRegion getRegion();

  /** The table's descriptor as the region opened with it. */
  TableDescriptor getTableDescriptor();

  /** The server hosting the region. */
  ServerName getServerName();

  /**
   * A connection to the cluster as one of its own processes, shared by the server's
   * coprocessors: do not close it. Calls through it from a hook must not wait on this region.
   */
  Connection getConnection();
}
