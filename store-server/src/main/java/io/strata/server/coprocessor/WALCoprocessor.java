package io.strata.server.coprocessor;

import java.util.Optional;

/**
 * A coprocessor loaded for each region server's WAL from {@code strata.coprocessor.wal.classes},
 * as HBase's WALCoprocessor.
 */
public interface WALCoprocessor extends Coprocessor {
  /** Its observer of the WAL's writes, if it has one (often itself). */
  default Optional<WALObserver> getWALObserver() {
    return Optional.empty();
  }
}
