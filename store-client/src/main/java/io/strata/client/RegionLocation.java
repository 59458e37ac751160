package io.strata.client;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;

/** A region and the server serving it. */
public record RegionLocation(RegionInfo region, ServerName server) {}
