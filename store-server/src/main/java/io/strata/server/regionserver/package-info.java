/**
 * The region server: hosts regions ({@code server.region}) behind the RPC server
 * ({@code server.rpc}), serving the client service (gets, mutations, batches, scans) and the
 * admin service (open, close, flush, compact, split; load), registers itself in ZooKeeper and
 * reports its load to the master. Translates wire messages into region calls and back; holds no
 * storage logic of its own. Must not import {@code server.master}.
 */
package io.strata.server.regionserver;
