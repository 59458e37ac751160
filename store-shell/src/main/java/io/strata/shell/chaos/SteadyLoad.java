package io.strata.shell.chaos;

import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Table;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A steady write and read load that keeps count of what it must find again: each writer writes
 * its own rows in sequence and remembers the last one acknowledged, each reader reads rows
 * loaded before and expects them there. Every thread notes its longest time without a success
 * since the last {@link #resetGap}: the clients' outage while a region moves.
 */
final class SteadyLoad implements AutoCloseable {
  static final byte[] FAMILY = Bytes.toBytes("f");
  static final byte[] QUALIFIER = Bytes.toBytes("q");

  private final Connection conn;
  private final TableName table;
  private final long loadedRows;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final List<Thread> threads = new ArrayList<>();
  /** Per writer: the sequence number of its last acknowledged row (-1: none). */
  private final List<AtomicLong> acked = new ArrayList<>();
  private final AtomicLong longestGapNanos = new AtomicLong();
  private final AtomicLong operations = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private final AtomicLong missing = new AtomicLong();

  SteadyLoad(Connection conn, TableName table, long loadedRows) {
    this.conn = conn;
    this.table = table;
    this.loadedRows = loadedRows;
  }

  /** The row a load of {@code rows} rows writes as number {@code i}. */
  static byte[] loadedRow(long i) {
    return Bytes.toBytes(String.format("row%010d", i));
  }

  private static byte[] writtenRow(int writer, long seq) {
    return Bytes.toBytes(String.format("w%02d-%010d", writer, seq));
  }

  void start(int writers, int readers) {
    for (int w = 0; w < writers; w++) {
      AtomicLong last = new AtomicLong(-1);
      acked.add(last);
      int id = w;
      spawn("writer-" + w, t -> {
        long seq = last.get() + 1;
        t.put(new Put(writtenRow(id, seq)).addColumn(FAMILY, QUALIFIER, Bytes.toBytes(seq)));
        last.set(seq);
      });
    }
    for (int r = 0; r < readers; r++) {
      spawn("reader-" + r, t -> {
        long i = ThreadLocalRandom.current().nextLong(loadedRows);
        Result res = t.get(new Get(loadedRow(i)));
        if (res.isEmpty()) {
          missing.incrementAndGet();
        }
      });
    }
  }

  @FunctionalInterface
  private interface Op {
    void run(Table t) throws IOException;
  }

  private void spawn(String name, Op op) {
    Thread th = new Thread(() -> {
      try (Table t = conn.getTable(table)) {
        long lastSuccess = System.nanoTime();
        while (!stop.get()) {
          try {
            op.run(t);
            long now = System.nanoTime();
            longestGapNanos.accumulateAndGet(now - lastSuccess, Math::max);
            lastSuccess = now;
            operations.incrementAndGet();
          } catch (IOException | RuntimeException e) {
            failures.incrementAndGet(); // retried past the operation timeout: counted, go on
          }
        }
      }
    }, "load-" + name);
    th.setDaemon(true);
    th.start();
    threads.add(th);
  }

  /** Starts a new window for {@link #longestGapMillis}. */
  void resetGap() {
    longestGapNanos.set(0);
  }

  long longestGapMillis() {
    return longestGapNanos.get() / 1_000_000;
  }

  long operations() {
    return operations.get();
  }

  long failures() {
    return failures.get();
  }

  /** Reads of loaded rows that found nothing: each one a lost write. */
  long missingReads() {
    return missing.get();
  }

  /**
   * Reads back every row a writer had acknowledged; returns how many are missing (each a lost
   * acknowledged write) and how many were checked, after the load stops.
   */
  long[] verifyAcknowledged() throws IOException {
    long lost = 0;
    long checked = 0;
    try (Table t = conn.getTable(table)) {
      for (int w = 0; w < acked.size(); w++) {
        long last = acked.get(w).get();
        for (long from = 0; from <= last; from += 1000) {
          List<Get> gets = new ArrayList<>();
          for (long s = from; s <= Math.min(last, from + 999); s++) {
            gets.add(new Get(writtenRow(w, s)));
          }
          for (Result r : t.get(gets)) {
            checked++;
            if (r.isEmpty()) {
              lost++;
            }
          }
        }
      }
    }
    return new long[] {lost, checked};
  }

  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    for (Thread t : threads) {
      t.join(120_000);
    }
  }
}
