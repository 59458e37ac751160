/**
 * Starting Strata's processes: the standalone cluster (embedded ZooKeeper, a master and a region
 * server in one JVM) and the daemons of distributed mode, as {@code bin/strata} runs them.
 */
package io.strata.server.launcher;
