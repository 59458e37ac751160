package io.strata.server.wal;

import io.strata.common.cell.Cell;
import java.io.IOException;
import java.util.List;

/**
 * Told of each edit the WAL writes, on the writing thread, for the server's WAL coprocessors:
 * the WAL knows nothing of them, only that someone listens. A WAL with a listener never writes
 * from a thread that must not wait ({@link Wal#tryAppend} declines).
 */
public interface WalListener {
  /** Before the edit is appended; an exception fails the append, which then logs nothing. */
  void beforeAppend(String region, List<Cell> cells) throws IOException;

  /** Once the edit is appended with {@code sequenceId}. */
  void afterAppend(String region, long sequenceId, List<Cell> cells);
}
