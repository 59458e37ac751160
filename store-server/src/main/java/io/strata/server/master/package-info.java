/**
 * The master: keeps strata:meta, assigns regions to region servers through the region state
 * machine ({@link io.strata.common.schema.RegionState}), runs DDL as durable procedures, balances
 * regions across servers and recovers the regions of dead servers. It talks to region servers
 * only over RPC and reads and writes meta through the public client API; it must not import
 * {@code server.regionserver}.
 */
package io.strata.server.master;
