package io.strata.server.coprocessor;

import io.strata.common.cell.Cell;
import java.io.IOException;
import java.util.List;
import java.util.NavigableMap;
import java.util.NavigableSet;

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
  public NavigableMap<byte[], NavigableSet<byte[]>> checkRead(String request,
      NavigableMap<byte[], NavigableSet<byte[]>> columns, boolean mayNarrow) throws IOException {
    NavigableMap<byte[], NavigableSet<byte[]>> now = columns;
    boolean narrowed = false;
    for (RegionCallGate g : gates) {
      NavigableMap<byte[], NavigableSet<byte[]>> next = g.checkRead(request, now, mayNarrow);
      if (next != null) {
        now = next;
        narrowed = true;
      }
    }
    return narrowed ? now : null;
  }

  @Override
  public void checkWrite(String request, List<Cell> cells) throws IOException {
    for (RegionCallGate g : gates) {
      g.checkWrite(request, cells);
    }
  }
}
