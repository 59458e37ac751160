/**
 * Request throttling at the region server: token buckets per user, table, namespace and server,
 * taken from before a call's work starts. Floor: the RPC services call into it; regions, block
 * files, the cache and the WAL know nothing of it.
 */
package io.strata.server.quota;
