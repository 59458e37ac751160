package io.strata.server.coprocessor;

import io.strata.client.Connection;
import io.strata.common.schema.ServerName;

/** A master coprocessor's environment, as HBase's MasterCoprocessorEnvironment. */
public interface MasterCoprocessorEnvironment
    extends CoprocessorEnvironment<MasterCoprocessor> {
  /** The master it runs in. */
  ServerName getServerName();

  /**
   * A connection to the cluster as one of its own processes: do not close it, and do not ask
   * the master from a hook for what that hook holds up (a hook of createTable waiting for the
   * table).
   */
  Connection getConnection();
}
