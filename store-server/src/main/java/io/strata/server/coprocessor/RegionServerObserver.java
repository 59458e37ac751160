package io.strata.server.coprocessor;

import java.io.IOException;

/**
 * Hooks around a region server's own operations, with HBase's names; each does nothing unless
 * overridden. Errors are handled as for the other observers.
 */
public interface RegionServerObserver {
  /** Before the server stops (its regions still open); it stops whatever the hook does. */
  default void preStopRegionServer(ObserverContext<RegionServerCoprocessorEnvironment> c)
      throws IOException {}

  /**
   * Before the server starts a new WAL file because an operator asked
   * ({@code Admin.rollWALWriter}, the shell's {@code wal_roll}); an IOException refuses it.
   */
  default void preRollWALWriterRequest(ObserverContext<RegionServerCoprocessorEnvironment> c)
      throws IOException {}

  /** Once that new WAL file is the one written. */
  default void postRollWALWriterRequest(ObserverContext<RegionServerCoprocessorEnvironment> c)
      throws IOException {}
}
