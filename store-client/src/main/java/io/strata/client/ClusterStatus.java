package io.strata.client;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import java.util.List;

/**
 * The cluster as the active master sees it: live region servers with their load, dead ones,
 * masters, and regions in transition. Loads are the servers' latest reports (every
 * {@code strata.regionserver.report.interval}), so they lag the servers by up to that long.
 *
 * <pre>{@code
 * for (ClusterStatus.ServerLoad s : admin.getClusterStatus().liveServers()) {
 *   for (ClusterStatus.RegionLoad r : s.regionLoads()) {
 *     System.out.println(r.region().getRegionNameAsString() + " " + r.storeFileBytes());
 *   }
 * }
 * }</pre>
 */
public record ClusterStatus(String clusterId, ServerName master, List<ServerName> backupMasters,
    List<ServerLoad> liveServers, List<ServerName> deadServers,
    List<RegionInTransition> regionsInTransition) {
  /**
   * A live server: the regions the master has open there now, with each one's load as of the
   * server's last report (zero until a report includes it), their totals, and the server's heap.
   */
  public record ServerLoad(ServerName server, int regions, long requests, long memstoreBytes,
      long storeFiles, long usedHeapBytes, long maxHeapBytes, List<RegionLoad> regionLoads) {}

  /**
   * One region of a server's report: memstore bytes, block files and their bytes (a daughter's
   * reference to its parent's file counts the whole file until a compaction rewrites it), and
   * the read requests (gets, scanner opens) and write requests (mutate calls, batched
   * mutations) it served since it opened there.
   */
  public record RegionLoad(RegionInfo region, long memstoreBytes, int storeFiles,
      long storeFileBytes, long readRequests, long writeRequests) {}

  /** A region being opened or closed, or one that failed to open. */
  public record RegionInTransition(RegionInfo region, String state, ServerName server) {}

  /** Regions per live server, on average. */
  public double averageLoad() {
    return liveServers.isEmpty() ? 0
        : liveServers.stream().mapToInt(ServerLoad::regions).sum() / (double) liveServers.size();
  }
}
