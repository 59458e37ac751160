package io.strata.server.master.balancer;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import java.util.Map;

/**
 * A region as the balancer weighs it.
 *
 * @param region the region
 * @param server where it is open now
 * @param movable false for a region that stays (meta, a table being changed)
 * @param readRate reads a second lately
 * @param writeRate writes a second lately
 * @param locality the share (0 to 1) of the region's block file bytes with a replica on each
 *     host, by host name; empty when unknown (local files: every host alike)
 */
public record BalancerRegion(RegionInfo region, ServerName server, boolean movable,
    double readRate, double writeRate, Map<String, Double> locality) {}
