package io.strata.server.coprocessor;

import io.strata.client.Connection;
import io.strata.common.schema.ServerName;

/** A WAL coprocessor's environment, as HBase's WALCoprocessorEnvironment. */
public interface WALCoprocessorEnvironment extends CoprocessorEnvironment<WALCoprocessor> {
  /** The region server whose WAL it observes. */
  ServerName getServerName();

  /** A connection to the cluster as one of its own processes: do not close it. */
  Connection getConnection();
}
