package io.strata.server.master;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The simple balancer: every server should hold the average number of regions, rounded down or
 * up. Moves go from the server holding the most movable regions to the one holding the fewest
 * until no two servers differ by more than one region. Deterministic for the same input.
 */
final class RegionBalancer {
  /** Move {@code region} from {@code from} to {@code to}. */
  record Move(RegionInfo region, ServerName from, ServerName to) {}

  private RegionBalancer() {}

  static List<Move> plan(Map<ServerName, List<RegionInfo>> byServer,
      Predicate<RegionInfo> movable) {
    Map<ServerName, List<RegionInfo>> load = new TreeMap<>();
    byServer.forEach((s, rs) -> {
      List<RegionInfo> copy = new ArrayList<>(rs);
      copy.sort(null);
      load.put(s, copy);
    });
    List<Move> moves = new ArrayList<>();
    while (load.size() > 1) {
      ServerName most = null;
      ServerName least = null;
      for (Map.Entry<ServerName, List<RegionInfo>> e : load.entrySet()) {
        int n = e.getValue().size();
        if (most == null || n > load.get(most).size()) {
          most = e.getKey();
        }
        if (least == null || n < load.get(least).size()) {
          least = e.getKey();
        }
      }
      if (load.get(most).size() - load.get(least).size() <= 1) {
        break;
      }
      RegionInfo pick = null;
      for (RegionInfo r : load.get(most)) {
        if (movable.test(r)) {
          pick = r;
        }
      }
      if (pick == null) {
        break; // the fullest server holds only regions that stay (meta)
      }
      load.get(most).remove(pick);
      load.get(least).add(pick);
      moves.add(new Move(pick, most, least));
    }
    return moves;
  }
}
