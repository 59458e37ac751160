package io.strata.server.regionserver;

import io.strata.common.error.NotServingRegionException;
import io.strata.server.coprocessor.RegionCoprocessorHost;
import io.strata.server.region.Region;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The regions a server hosts, by encoded name, with request counts for its load report. A
 * region is here only while it serves: added after it opened, removed before it closes.
 */
final class OnlineRegions {
  /**
   * A hosted region, what it has served, and its coprocessors (null when it has none, so that a
   * call pays one null check for them).
   */
  record Hosted(Region region, RequestTranslator translator, LongAdder reads, LongAdder writes,
      RegionCoprocessorHost coprocessors, RegionCalls calls) {
    /** The coprocessors if one observes gets or exists, else null. */
    RegionCoprocessorHost observingGets() {
      return coprocessors != null && coprocessors.observesGets() ? coprocessors : null;
    }

    /** The coprocessors if one observes puts or deletes, else null. */
    RegionCoprocessorHost observingPuts() {
      return coprocessors != null && coprocessors.observesPutsAndDeletes() ? coprocessors : null;
    }

    /** The coprocessors if one observes increments or appends, else null. */
    RegionCoprocessorHost observingAtomics() {
      return coprocessors != null && coprocessors.observesIncrementsAndAppends() ? coprocessors
          : null;
    }

    /** The coprocessors if one observes check-and-mutates, else null. */
    RegionCoprocessorHost observingCheckAndMutate() {
      return coprocessors != null && coprocessors.observesCheckAndMutate() ? coprocessors
          : null;
    }

    /** The coprocessors if one observes scanners, else null. */
    RegionCoprocessorHost observingScans() {
      return coprocessors != null && coprocessors.observesScans() ? coprocessors : null;
    }
  }

  private final ConcurrentHashMap<String, Hosted> regions = new ConcurrentHashMap<>();
  private volatile String server;
  private volatile java.util.function.Function<String, RegionCalls> callsOf = t -> RegionCalls.NONE;

  OnlineRegions(String server) {
    this.server = server;
  }

  /** Names the server in errors, once it knows its name (after binding its port). */
  void setServer(String server) {
    this.server = server;
  }

  String server() {
    return server;
  }

  /** The region, or a NotServingRegionException telling the client to look it up again. */
  /**
   * The region a call names; the call is tagged with it, so that its metrics count the call
   * for the region and its table.
   */
  Hosted get(String encodedName) throws NotServingRegionException {
    Hosted h = regions.get(encodedName);
    if (h == null) {
      throw new NotServingRegionException(encodedName, server);
    }
    io.strata.server.rpc.RpcServer.tagCall(h.calls());
    return h;
  }

  /** Counts the calls of regions opened from now on ({@code table} name to its counts). */
  void countCalls(java.util.function.Function<String, RegionCalls> callsOf) {
    this.callsOf = callsOf;
  }

  Hosted find(String encodedName) {
    return regions.get(encodedName);
  }

  /** Serves {@code r}; its coprocessors' getRegion() gives it from now on. */
  void add(Region r, long maxCellSize, RegionCoprocessorHost coprocessors) {
    Hosted h = new Hosted(r, new RequestTranslator(r.table(), maxCellSize,
        coprocessors == null ? null : coprocessors.gate()), new LongAdder(),
        new LongAdder(), coprocessors, callsOf.apply(r.info().getTable().getNameAsString()));
    if (coprocessors != null) {
      coprocessors.attach(new LocalRegionImpl(h));
    }
    regions.put(r.encodedName(), h);
  }

  Hosted remove(String encodedName) {
    return regions.remove(encodedName);
  }

  List<Hosted> all() {
    return new ArrayList<>(regions.values());
  }

  int size() {
    return regions.size();
  }
}
