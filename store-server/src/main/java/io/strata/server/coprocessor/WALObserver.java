package io.strata.server.coprocessor;

import io.strata.common.cell.Cell;
import io.strata.common.schema.RegionInfo;
import java.io.IOException;
import java.util.List;

/**
 * Hooks around each edit a region server writes to its WAL, as HBase's WALObserver; every one
 * does nothing unless overridden. They run on the writing handler's thread, inside the write's
 * row locks: keep them short. An edit the WAL skips (SKIP_WAL) is not seen.
 */
public interface WALObserver {
  /**
   * Before an edit (one region's atomic change: its cells, in order) is appended; an
   * IOException fails the write, which then changes nothing.
   */
  default void preWALWrite(ObserverContext<WALCoprocessorEnvironment> c, RegionInfo region,
      List<Cell> cells) throws IOException {}

  /**
   * Once an edit is appended with its sequence id (it is durable once the write that made it
   * is answered).
   */
  default void postWALWrite(ObserverContext<WALCoprocessorEnvironment> c, RegionInfo region,
      long sequenceId, List<Cell> cells) {}
}
