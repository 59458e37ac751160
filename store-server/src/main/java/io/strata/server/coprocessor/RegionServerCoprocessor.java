package io.strata.server.coprocessor;

import java.util.Optional;

/**
 * A coprocessor loaded into each region server from
 * {@code strata.coprocessor.regionserver.classes}, as HBase's RegionServerCoprocessor.
 */
public interface RegionServerCoprocessor extends Coprocessor {
  /** Its observer of the server's own operations, if it has one (often itself). */
  default Optional<RegionServerObserver> getRegionServerObserver() {
    return Optional.empty();
  }
}
