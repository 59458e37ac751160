package io.strata.common.coordination;

import io.strata.common.schema.ServerName;

/**
 * Every znode Strata uses, in one place (DESIGN.md, "Master and ZooKeeper"). Assignment state
 * is not here: it lives in strata:meta.
 *
 * <pre>
 * /strata                       base (persistent)
 * /strata/cluster-id            the cluster's id (persistent)
 * /strata/master                the active master's server name (ephemeral)
 * /strata/backup-masters/&lt;sn&gt;   masters waiting to take over (ephemeral)
 * /strata/rs/&lt;sn&gt;               live region servers (ephemeral)
 * /strata/meta-region-server    where strata:meta is served (persistent, written by the master)
 * /strata/balancer              "on" or "off": whether the master balances regions (persistent,
 *                               written by the active master; absent means on)
 * /strata/tokens/&lt;id&gt;          a delegation token's current expiry (persistent, written by the
 *                               master; absent: cancelled, expired or never issued)
 * </pre>
 */
public final class ZNodes {
  public static final String BASE = "/strata";
  public static final String CLUSTER_ID = BASE + "/cluster-id";
  public static final String MASTER = BASE + "/master";
  public static final String BACKUP_MASTERS = BASE + "/backup-masters";
  public static final String REGION_SERVERS = BASE + "/rs";
  public static final String META_REGION_SERVER = BASE + "/meta-region-server";
  /** Kept in ZooKeeper, not in the master, so that a new master keeps the operator's choice. */
  public static final String BALANCER = BASE + "/balancer";
  /** Whether the master normalizes regions: "on" or "off" (absent: on). */
  public static final String NORMALIZER = BASE + "/normalizer";
  /** Delegation tokens' expiries, one child per token (docs/formats/token.md). */
  public static final String TOKENS = BASE + "/tokens";

  /** The persistent parents every process makes sure of when it starts. */
  public static final String[] PARENTS = {BASE, BACKUP_MASTERS, REGION_SERVERS, TOKENS};

  private ZNodes() {}

  public static String backupMaster(ServerName server) {
    return BACKUP_MASTERS + "/" + server;
  }

  public static String regionServer(ServerName server) {
    return REGION_SERVERS + "/" + server;
  }
}
