package io.strata.server.coprocessor;

import io.strata.client.Connection;
import io.strata.common.schema.ServerName;

/** A region server coprocessor's environment, as HBase's RegionServerCoprocessorEnvironment. */
public interface RegionServerCoprocessorEnvironment
    extends CoprocessorEnvironment<RegionServerCoprocessor> {
  /** The region server it runs in. */
  ServerName getServerName();

  /** A connection to the cluster as one of its own processes: do not close it. */
  Connection getConnection();
}
