package io.strata.server.master.balancer;

import io.strata.common.conf.ServerKeys;
import io.strata.common.conf.StrataConfiguration;

/**
 * The weights of the balancer's costs and its limits, from the configuration (HBase's defaults:
 * region count 500, table skew 35, read and write load 5 each, locality 25, moves 7).
 *
 * @param maxMovesFraction the most regions one run moves, as a share of all regions
 * @param maxMoves ... or this many, whichever is more (HBase's 600: a small cluster balances
 *     in one run)
 * @param minCost a cluster whose cost is below it is balanced enough: no run moves anything
 */
public record BalancerWeights(double regionCount, double tableSkew, double readLoad,
    double writeLoad, double locality, double moveCost, double maxMovesFraction, int maxMoves,
    double minCost) {
  public static BalancerWeights fromConfig(StrataConfiguration conf) {
    return new BalancerWeights(conf.get(ServerKeys.BALANCER_REGION_COUNT_COST),
        conf.get(ServerKeys.BALANCER_TABLE_SKEW_COST), conf.get(ServerKeys.BALANCER_READ_COST),
        conf.get(ServerKeys.BALANCER_WRITE_COST), conf.get(ServerKeys.BALANCER_LOCALITY_COST),
        conf.get(ServerKeys.BALANCER_MOVE_COST), conf.get(ServerKeys.BALANCER_MAX_MOVES_FRACTION),
        conf.get(ServerKeys.BALANCER_MAX_MOVES), conf.get(ServerKeys.BALANCER_MIN_COST));
  }
}
