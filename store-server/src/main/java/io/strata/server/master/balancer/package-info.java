/**
 * The cost-based region balancer, as HBase's StochasticLoadBalancer: a plan of region moves that
 * lowers a weighted sum of imbalances (regions per server, each table's spread, read and write
 * load, HDFS locality), found by trying random moves and keeping those that help.
 */
package io.strata.server.master.balancer;
