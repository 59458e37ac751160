package io.strata.client;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;

/**
 * A region and the server serving it; the server is null where a listing of regions
 * ({@link RegionLocator#getAllRegionLocations()}) found the region not open.
 */
public record RegionLocation(RegionInfo region, ServerName server) {}
