package io.strata.client.quotas;

/**
 * Where a throttle's limit holds, as HBase's QuotaScope: on each region server by itself
 * (MACHINE), or for the whole cluster, divided among the servers that hold the table's regions
 * (CLUSTER, the default).
 */
public enum QuotaScope { CLUSTER, MACHINE }
