package io.strata.server.master;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The master's in-memory view of every region's assignment: the same as meta once each
 * transition is written there (meta is written first, so a new master reading meta sees at
 * least what this view saw). Thread-safe.
 */
final class RegionStates {
  /** One region's place in the state machine of {@link RegionState}. */
  record Node(RegionInfo region, RegionState state, ServerName server) {}

  private final Map<String, Node> byEncoded = new ConcurrentHashMap<>();

  void set(RegionInfo region, RegionState state, ServerName server) {
    byEncoded.put(region.getEncodedName(), new Node(region, state, server));
  }

  void remove(RegionInfo region) {
    byEncoded.remove(region.getEncodedName());
  }

  Node get(String encodedName) {
    return byEncoded.get(encodedName);
  }

  /** By encoded name, or by full region name. */
  Node find(String name) {
    Node n = byEncoded.get(name);
    if (n != null) {
      return n;
    }
    for (Node m : byEncoded.values()) {
      if (m.region().getRegionNameAsString().equals(name)) {
        return m;
      }
    }
    return null;
  }

  /** The table's regions in key order. */
  List<Node> ofTable(TableName table) {
    List<Node> l = new ArrayList<>();
    for (Node n : byEncoded.values()) {
      if (n.region().getTable().equals(table)) {
        l.add(n);
      }
    }
    l.sort((a, b) -> a.region().compareTo(b.region()));
    return l;
  }

  /** Regions in state OPENING, OPEN or CLOSING on {@code server}. */
  List<Node> onServer(ServerName server) {
    List<Node> l = new ArrayList<>();
    for (Node n : byEncoded.values()) {
      if (server.equals(n.server())) {
        l.add(n);
      }
    }
    l.sort((a, b) -> a.region().compareTo(b.region()));
    return l;
  }

  /** Whether a region in {@code s} is in transition: opening, closing, or failed to open. */
  static boolean inTransition(RegionState s) {
    return s == RegionState.OPENING || s == RegionState.CLOSING || s == RegionState.FAILED_OPEN;
  }

  List<Node> all() {
    List<Node> l = new ArrayList<>(byEncoded.values());
    l.sort((a, b) -> a.region().compareTo(b.region()));
    return l;
  }

  /** Regions open or opening per server. */
  Map<ServerName, Integer> openCounts() {
    Map<ServerName, Integer> counts = new java.util.TreeMap<>();
    for (Node n : byEncoded.values()) {
      if ((n.state() == RegionState.OPEN || n.state() == RegionState.OPENING)
          && n.server() != null) {
        counts.merge(n.server(), 1, Integer::sum);
      }
    }
    return counts;
  }
}
