package io.strata.it.minicluster;

import io.strata.client.Connection;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A thread writing row {@link ClusterChecks#row}(i) for i = 0, 1, ... while a test breaks things
 * around it, each value starting with i. It keeps which writes were acknowledged; a failed one
 * (a server gone meanwhile) may or may not be there. {@link #verify} then reads the table back:
 * every acknowledged write is there, nothing anybody did not write.
 */
public final class SteadyWriter implements AutoCloseable {
  private final ConcurrentSkipListSet<Integer> acked = new ConcurrentSkipListSet<>();
  private final AtomicInteger attempted = new AtomicInteger();
  private final AtomicBoolean stop = new AtomicBoolean();
  private final Thread thread;
  private final TableName table;
  private final byte[] family;

  private SteadyWriter(Connection conn, TableName table, byte[] family, int valueSize) {
    this.table = table;
    this.family = family;
    thread = new Thread(() -> {
      try (Table t = conn.getTable(table)) {
        while (!stop.get()) {
          int i = attempted.getAndIncrement();
          try {
            t.put(new Put(ClusterChecks.row(i)).addColumn(family, family, value(i, valueSize)));
            acked.add(i);
          } catch (Exception e) {
            // not acknowledged: it may or may not be there
          }
        }
      }
    }, "steady-writer");
  }

  /** Starts writing {@code family:family} of {@code table}, values of {@code valueSize} bytes. */
  public static SteadyWriter start(Connection conn, TableName table, byte[] family,
      int valueSize) {
    SteadyWriter w = new SteadyWriter(conn, table, family, valueSize);
    w.thread.start();
    return w;
  }

  private static byte[] value(int i, int size) {
    return ByteBuffer.allocate(Math.max(4, size)).putInt(i).array();
  }

  /** Writes acknowledged so far. */
  public int acked() {
    return acked.size();
  }

  /** Waits until {@code more} writes more than now are acknowledged, as {@code what}. */
  public void awaitMore(int more, java.time.Duration timeout, String what,
      java.util.function.Function<AssertionError, AssertionError> explain) {
    int target = acked.size() + more;
    try {
      MiniCluster.waitFor(() -> acked.size() >= target, timeout, what);
    } catch (AssertionError e) {
      throw explain.apply(e);
    }
  }

  /**
   * Reads the table back, in order and once each, and checks every row against the writes:
   * each row is one this writer made, with its value, and no acknowledged write is missing.
   * Returns how many rows there are. Stop the writer first.
   */
  public int verify(Connection conn) throws IOException {
    Map<String, Integer> byRow = new HashMap<>();
    for (int i = 0; i < attempted.get(); i++) {
      byRow.put(Bytes.toString(ClusterChecks.row(i)), i);
    }
    java.util.TreeSet<Integer> missing = new java.util.TreeSet<>(acked);
    int rows = 0;
    for (Map.Entry<String, byte[]> e : ClusterChecks.scanInOrder(conn, table, family, family)
        .entrySet()) {
      Integer i = byRow.get(e.getKey());
      if (i == null || ByteBuffer.wrap(e.getValue()).getInt() != i) {
        throw new AssertionError("row " + e.getKey() + " was not written so (" + i + ")");
      }
      missing.remove(i);
      rows++;
    }
    if (!missing.isEmpty()) {
      throw new AssertionError(missing.size() + " acknowledged writes missing, first "
          + missing.stream().limit(10).toList());
    }
    return rows;
  }

  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    thread.join(120_000);
  }
}
