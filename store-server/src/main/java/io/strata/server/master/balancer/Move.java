package io.strata.server.master.balancer;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;

/** Move {@code region} from {@code from} to {@code to}. */
public record Move(RegionInfo region, ServerName from, ServerName to) {}
