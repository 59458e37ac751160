package io.strata.server.coprocessor;

import java.util.Optional;

/**
 * A coprocessor loaded for each region of a table (or of every table, from
 * {@code strata.coprocessor.region.classes}), as HBase's RegionCoprocessor.
 */
public interface RegionCoprocessor extends Coprocessor {
  /** Its observer of the region's operations, if it has one (often itself). */
  default Optional<RegionObserver> getRegionObserver() {
    return Optional.empty();
  }

  /** Its checks of each call in the server's form (see {@link RegionCallGate}), if it has any. */
  default Optional<RegionCallGate> getRegionCallGate() {
    return Optional.empty();
  }
}
