package io.strata.server.region;

import io.strata.common.error.ServerBusyException;
import io.strata.common.util.Bytes;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Exclusive per-row locks of one region, taken by every mutation of a row. A lock is created on
 * demand and dropped when no one holds or waits for it. Waiting is bounded: a row held longer
 * than the timeout gives a retryable "server busy" error instead of a stuck handler.
 */
final class RowLocks {
  private static final class Entry {
    final ReentrantLock lock = new ReentrantLock();
    int users; // @GuardedBy("RowLocks.locks" compute)
  }

  /** A row as a map key, hashed once for both the lock and the unlock. */
  private static final class RowKey {
    final byte[] row;
    final int hash;

    RowKey(byte[] row) {
      this.row = row;
      this.hash = Arrays.hashCode(row);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof RowKey k && k.hash == hash && Arrays.equals(k.row, row);
    }
  }

  private final ConcurrentHashMap<RowKey, Entry> locks = new ConcurrentHashMap<>();
  private final String owner;
  private final long timeoutMillis;

  RowLocks(String owner, long timeoutMillis) {
    this.owner = owner;
    this.timeoutMillis = timeoutMillis;
  }

  /**
   * The rows each once, in the order a write waiting for locks takes them in, the same for every
   * write, so that two writes never wait for each other: by the rows' hash codes, rows sharing
   * one by their bytes. Hashes are sorted as numbers: a batch of 2,000 random rows meets a row
   * another batch holds nearly every time, and sorting the rows by their bytes took a quarter of
   * the locks' time there.
   */
  static List<byte[]> inLockOrder(byte[][] rows) {
    long[] keys = new long[rows.length]; // hash code, then index in rows
    for (int i = 0; i < rows.length; i++) {
      keys[i] = (long) Arrays.hashCode(rows[i]) << 32 | i;
    }
    Arrays.sort(keys);
    List<byte[]> ordered = new ArrayList<>(rows.length);
    for (int from = 0, to; from < keys.length; from = to) {
      int hash = (int) (keys[from] >> 32);
      to = from + 1;
      while (to < keys.length && (int) (keys[to] >> 32) == hash) {
        to++;
      }
      int first = ordered.size();
      for (int k = from; k < to; k++) { // rows sharing the hash: by their bytes, each once
        byte[] row = rows[(int) keys[k]];
        int at = ordered.size();
        while (at > first && Bytes.compare(ordered.get(at - 1), row) > 0) {
          at--;
        }
        if (at == first || Bytes.compare(ordered.get(at - 1), row) != 0) {
          ordered.add(at, row);
        }
      }
    }
    return ordered;
  }

  /**
   * Locks every one of {@code rows} (in any order, repeats allowed) into {@code held}. First
   * each without waiting, in the order given: taking no lock blocks, so no order is needed, and
   * a batch of random rows that nobody else holds is not sorted. If one is held by another
   * write, lets go of all and waits for them in one order for all writes ({@link #inLockOrder}),
   * so that two writes never wait for each other. With {@code noWaiting}, returns false
   * (holding nothing) instead of waiting.
   */
  boolean lockAll(byte[][] rows, boolean noWaiting, List<Held> held)
      throws ServerBusyException, InterruptedIOException {
    for (byte[] row : rows) {
      Held h = tryLock(row); // a repeated row is taken again: the lock is reentrant
      if (h == null) {
        releaseAll(held);
        if (noWaiting) {
          return false;
        }
        for (byte[] r : inLockOrder(rows)) {
          held.add(lock(r));
        }
        return true;
      }
      held.add(h);
    }
    return true;
  }

  /** Releases the locks in {@code held}, last taken first, and clears it. */
  static void releaseAll(List<Held> held) {
    for (int i = held.size() - 1; i >= 0; i--) {
      held.get(i).close();
    }
    held.clear();
  }

  /** A held row lock; close it to release. */
  final class Held implements AutoCloseable {
    private final RowKey key;
    private final Entry entry;

    private Held(RowKey key, Entry entry) {
      this.key = key;
      this.entry = entry;
    }

    @Override
    public void close() {
      entry.lock.unlock();
      leave(key);
    }
  }

  Held lock(byte[] row) throws ServerBusyException, InterruptedIOException {
    RowKey key = new RowKey(row);
    Entry e = enter(key);
    boolean got = false;
    try {
      got = e.lock.tryLock(timeoutMillis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      leave(key);
      throw new InterruptedIOException("interrupted waiting for the lock of row "
          + Bytes.toStringBinary(row));
    }
    if (!got) {
      leave(key);
      throw new ServerBusyException(owner, "timed out after " + timeoutMillis
          + " ms waiting for the lock of row '" + Bytes.toStringBinary(row) + "'");
    }
    return new Held(key, e);
  }

  /** The row's lock if no one holds it now, else null; never waits. */
  Held tryLock(byte[] row) {
    RowKey key = new RowKey(row);
    Entry e = enter(key);
    if (!e.lock.tryLock()) {
      leave(key);
      return null;
    }
    return new Held(key, e);
  }

  /** The row's entry, made if missing, counting the caller as a user until it leaves. */
  private Entry enter(RowKey key) {
    return locks.compute(key, (k, v) -> {
      Entry x = v == null ? new Entry() : v;
      x.users++;
      return x;
    });
  }

  private void leave(RowKey key) {
    locks.computeIfPresent(key, (k, v) -> --v.users == 0 ? null : v);
  }

  int size() {
    return locks.size();
  }
}
