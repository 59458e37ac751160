package io.strata.examples.coprocessor;

import io.strata.common.error.CoprocessorException;
import io.strata.server.coprocessor.CoprocessorEnvironment;
import io.strata.server.coprocessor.RegionCoprocessorEnvironment;

/** What the example endpoints share: each is loaded for a table's regions, never elsewhere. */
final class RegionEndpoint {
  private RegionEndpoint() {}

  /** The region environment of an endpoint being started, or an error saying where to load it. */
  static RegionCoprocessorEnvironment environment(CoprocessorEnvironment<?> env, Class<?> endpoint)
      throws CoprocessorException {
    if (env instanceof RegionCoprocessorEnvironment r) {
      return r;
    }
    throw new CoprocessorException(endpoint.getName() + " is a region coprocessor; load it on a "
        + "table (alter 't', METHOD => 'table_att', 'coprocessor' => '|" + endpoint.getName()
        + "|') or in strata.coprocessor.region.classes");
  }
}
