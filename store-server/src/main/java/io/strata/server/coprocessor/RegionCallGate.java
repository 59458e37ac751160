package io.strata.server.coprocessor;

import io.strata.common.cell.Cell;
import io.strata.common.cell.Tag;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.function.Predicate;

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
   * What a read may see: the columns to read instead of those asked (null: as asked) and the
   * cells it may see among them (null: all), checked before the versions are counted and before
   * the read's filter.
   */
  record ReadChecks(NavigableMap<byte[], NavigableSet<byte[]>> columns, Predicate<Cell> cells) {
    public static final ReadChecks NONE = new ReadChecks(null, null);
  }

  /**
   * Checks a read of {@code columns} (family to qualifiers, an empty set the whole family, an
   * empty map every family) by {@code request} ("get", "exists", "scan", "checkAndMutate"),
   * with the read's operation {@code attributes}. Narrower columns and a cell check may be
   * returned only when {@code mayNarrow}; throws to refuse.
   */
  ReadChecks checkRead(String request, NavigableMap<byte[], NavigableSet<byte[]>> columns,
      boolean mayNarrow, Map<String, byte[]> attributes) throws IOException;

  /**
   * Checks the cells {@code request} ("put", "delete", "increment", "append") writes to one
   * row: a whole row's delete comes as a family delete marker per family. Throws to refuse.
   */
  void checkWrite(String request, List<Cell> cells) throws IOException;

  /**
   * The tags every cell {@code request} writes carries, from the mutation's operation
   * {@code attributes} (replacing tags of the same types a new increment or append value would
   * keep from the old one); empty for none. Throws to refuse what the attributes ask.
   */
  List<Tag> writeTags(String request, Map<String, byte[]> attributes) throws IOException;

  /**
   * The cells the caller may see where the server reads current values for it without a read
   * of its own (a check-and-mutate's condition, an increment's or append's current value), with
   * the call's operation {@code attributes}; hidden cells count as absent. Null: all.
   */
  Predicate<Cell> visibleCells(Map<String, byte[]> attributes) throws IOException;
}
