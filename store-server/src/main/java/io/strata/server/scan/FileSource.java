package io.strata.server.scan;

import io.strata.common.cell.Cell;
import io.strata.server.blockfile.BlockFileScanner;
import java.io.IOException;

/** Cells of one block file through its scanner; closing runs the holder's release. */
public final class FileSource implements CellSource {
  private final BlockFileScanner scanner;
  private long rank;
  private Runnable release;
  private boolean closed;

  public FileSource(BlockFileScanner scanner, long rank, Runnable release) {
    this.scanner = scanner;
    this.rank = rank;
    this.release = release;
  }

  /**
   * Makes this closed source a new one over {@code reader}, reusing its scanner: for reuse by
   * one thread at a time.
   */
  public void reset(io.strata.server.blockfile.BlockFileReader reader, boolean cacheData,
      long rank, Runnable release) {
    if (!closed) {
      throw new IllegalStateException("a file source is reused before it was closed");
    }
    scanner.reset(reader, cacheData);
    this.rank = rank;
    this.release = release;
    this.closed = false;
  }

  @Override
  public Cell peek() {
    return scanner.peek();
  }

  @Override
  public Cell next() throws IOException {
    return scanner.next();
  }

  @Override
  public boolean seek(Cell key) throws IOException {
    return scanner.seek(key);
  }

  @Override
  public boolean reseek(Cell key) throws IOException {
    return scanner.reseek(key);
  }

  @Override
  public byte[] previousRow(byte[] row) throws IOException {
    return scanner.reader().previousRow(row);
  }

  /**
   * True unless the cell came from a block in shared cache memory: blocks read into heap arrays
   * are never changed or reused ({@link io.strata.server.blockfile.Block}), so cells pointing
   * into them may be kept; a shared block's cells last only until {@link #shipped()}.
   */
  @Override
  public boolean cellsStayValid() {
    return !scanner.lastCellShared();
  }

  @Override
  public void shipped() {
    scanner.shipped();
  }

  @Override
  public Cell lastKey() {
    return scanner.reader().lastKey();
  }

  @Override
  public long rank() {
    return rank;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      scanner.close();
      release.run();
      release = null; // a pooled source must not keep its file reachable
    }
  }
}
