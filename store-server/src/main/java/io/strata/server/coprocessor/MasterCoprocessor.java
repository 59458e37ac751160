package io.strata.server.coprocessor;

import java.util.Optional;

/**
 * A coprocessor loaded into the active master from {@code strata.coprocessor.master.classes},
 * as HBase's MasterCoprocessor.
 */
public interface MasterCoprocessor extends Coprocessor {
  /** Its observer of the master's operations, if it has one (often itself). */
  default Optional<MasterObserver> getMasterObserver() {
    return Optional.empty();
  }
}
