/**
 * What tells a cluster's own processes from its clients: the cluster secret, presented in
 * connection headers and proved to ZooKeeper. Floor: above {@code fs}; the RPC server, the
 * master and region servers call into it.
 */
package io.strata.server.security;
