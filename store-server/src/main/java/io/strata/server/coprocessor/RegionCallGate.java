package io.strata.server.coprocessor;

import io.strata.common.cell.Cell;
import java.io.IOException;
import java.util.List;
import java.util.NavigableMap;
import java.util.NavigableSet;

/**
 * A region coprocessor's checks of each call in the server's own form of it, before the region
 * reads or writes and before any observer hook, without the client objects observers are given:
 * the lane of a system coprocessor whose checks must cost a call nothing measurable (the
 * AccessController). Every get, exists, scan, check-and-mutate condition and written cell of
 * the region passes it, whatever path the call takes; it runs on the thread serving the call
 * (possibly a network thread), so it must not wait. {@code RpcServer.caller()} is the caller.
 */
public interface RegionCallGate {
  /**
   * Checks a read of {@code columns} (family to qualifiers, an empty set the whole family, an
   * empty map every family) by {@code request} ("get", "exists", "scan", "checkAndMutate").
   * Returns null to read them as asked, or the columns to read instead (a narrower selection)
   * when {@code mayNarrow}; throws to refuse.
   */
  NavigableMap<byte[], NavigableSet<byte[]>> checkRead(String request,
      NavigableMap<byte[], NavigableSet<byte[]>> columns, boolean mayNarrow) throws IOException;

  /**
   * Checks the cells {@code request} ("put", "delete", "increment", "append") writes to one
   * row: a whole row's delete comes as a family delete marker per family. Throws to refuse.
   */
  void checkWrite(String request, List<Cell> cells) throws IOException;
}
