package io.strata.server.coprocessor;

import io.strata.common.cell.Cell;
import io.strata.common.cell.Tag;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.function.Predicate;

/** Several coprocessors' {@link RegionCallGate}s as one: each in turn, on what the last left. */
final class CallGates implements RegionCallGate {
  private final List<RegionCallGate> gates;

  private CallGates(List<RegionCallGate> gates) {
    this.gates = gates;
  }

  /** Null for none, the gate itself for one. */
  static RegionCallGate of(List<RegionCallGate> gates) {
    return gates.isEmpty() ? null : gates.size() == 1 ? gates.get(0)
        : new CallGates(List.copyOf(gates));
  }

  @Override
  public ReadChecks checkRead(String request, NavigableMap<byte[], NavigableSet<byte[]>> columns,
      boolean mayNarrow, Map<String, byte[]> attributes) throws IOException {
    NavigableMap<byte[], NavigableSet<byte[]>> now = columns;
    NavigableMap<byte[], NavigableSet<byte[]>> narrowed = null;
    Predicate<Cell> cells = null;
    for (RegionCallGate g : gates) {
      ReadChecks r = g.checkRead(request, now, mayNarrow, attributes);
      if (r.columns() != null) {
        now = narrowed = r.columns();
      }
      if (r.cells() != null) {
        cells = cells == null ? r.cells() : cells.and(r.cells());
      }
    }
    return narrowed == null && cells == null ? ReadChecks.NONE : new ReadChecks(narrowed, cells);
  }

  @Override
  public void checkWrite(String request, List<Cell> cells) throws IOException {
    for (RegionCallGate g : gates) {
      g.checkWrite(request, cells);
    }
  }

  @Override
  public Predicate<Cell> visibleCells(Map<String, byte[]> attributes) throws IOException {
    Predicate<Cell> all = null;
    for (RegionCallGate g : gates) {
      Predicate<Cell> p = g.visibleCells(attributes);
      if (p != null) {
        all = all == null ? p : all.and(p);
      }
    }
    return all;
  }

  @Override
  public List<Tag> writeTags(String request, Map<String, byte[]> attributes) throws IOException {
    List<Tag> tags = new ArrayList<>();
    for (RegionCallGate g : gates) {
      tags.addAll(g.writeTags(request, attributes));
    }
    return tags;
  }
}
