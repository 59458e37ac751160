package io.strata.client;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import java.util.List;

/**
 * The cluster as the active master sees it: live region servers with their load, dead ones,
 * masters, and regions in transition.
 */
public record ClusterStatus(String clusterId, ServerName master, List<ServerName> backupMasters,
    List<ServerLoad> liveServers, List<ServerName> deadServers,
    List<RegionInTransition> regionsInTransition) {
  /** A live server's last report. */
  public record ServerLoad(ServerName server, int regions, long requests, long memstoreBytes,
      long storeFiles, long usedHeapBytes, long maxHeapBytes, List<RegionInfo> regionInfos) {}

  /** A region being opened or closed, or one that failed to open. */
  public record RegionInTransition(RegionInfo region, String state, ServerName server) {}

  /** Regions per live server, on average. */
  public double averageLoad() {
    return liveServers.isEmpty() ? 0
        : liveServers.stream().mapToInt(ServerLoad::regions).sum() / (double) liveServers.size();
  }
}
