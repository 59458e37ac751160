package io.strata.server.memstore;

import java.io.InterruptedIOException;
import java.util.ArrayDeque;

/**
 * Multi-version concurrency control for one region. Each edit takes a write number
 * ({@link #begin}); its cells carry it. Readers read at {@link #readPoint()} and see only cells
 * with write numbers at or below it. The read point advances past an edit only when it and
 * every earlier edit are complete, so readers never see half of an edit, nor a later edit
 * without an earlier one.
 *
 * <pre>
 *   begin() -> [pending ... in write-number order] -> complete() -> read point moves to the
 *                                                     newest edit with no incomplete one before it
 * </pre>
 */
public final class Mvcc {
  /** One edit in flight. */
  public static final class WriteEntry {
    private final long writeNumber;
    private boolean completed; // @GuardedBy("Mvcc.this")

    private WriteEntry(long writeNumber) {
      this.writeNumber = writeNumber;
    }

    public long writeNumber() {
      return writeNumber;
    }
  }

  // @GuardedBy("this")
  private final ArrayDeque<WriteEntry> pending = new ArrayDeque<>();
  // @GuardedBy("this")
  private long writePoint;
  private volatile long readPoint;

  /** Starts at {@code start}: everything at or below it is visible. */
  public Mvcc(long start) {
    this.writePoint = start;
    this.readPoint = start;
  }

  public synchronized WriteEntry begin() {
    WriteEntry e = new WriteEntry(++writePoint);
    pending.add(e);
    return e;
  }

  /**
   * Marks the edit complete (applied, or rolled back) and advances the read point as far as
   * completed edits allow.
   */
  public synchronized void complete(WriteEntry e) {
    e.completed = true;
    boolean advanced = false;
    while (!pending.isEmpty() && pending.peek().completed) {
      readPoint = pending.poll().writeNumber;
      advanced = true;
    }
    if (advanced) {
      notifyAll();
    }
  }

  /** Completes the edit and waits until it is visible, so its writer reads its own write. */
  public synchronized void completeAndWait(WriteEntry e) throws InterruptedIOException {
    complete(e);
    while (readPoint < e.writeNumber) {
      try {
        wait();
      } catch (InterruptedException ie) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted waiting for edit " + e.writeNumber
            + " to become visible");
      }
    }
  }

  public long readPoint() {
    return readPoint;
  }

  public synchronized long writePoint() {
    return writePoint;
  }
}
