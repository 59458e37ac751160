/**
 * Fault injection and recovery measurement against a live cluster: {@code bin/strata chaos}
 * (the chaos monkey: kills, restarts, moves, splits, merges, flushes, compactions, hosts cut
 * off) and {@code bin/strata mttr} (kill -9 of a region server under load, timed until its
 * regions serve again). Processes are controlled through {@link
 * io.strata.shell.chaos.ClusterControl}: the launcher for a real cluster, the test's own
 * handles in tests.
 */
package io.strata.shell.chaos;
