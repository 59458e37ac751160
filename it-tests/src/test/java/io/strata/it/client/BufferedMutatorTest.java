package io.strata.it.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.AsyncBufferedMutator;
import io.strata.client.AsyncConnection;
import io.strata.client.BufferedMutator;
import io.strata.client.BufferedMutatorParams;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.MutationsFailedException;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.error.NoSuchFamilyException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The write buffer: when it sends, what a flush and close promise, how failures surface. */
class BufferedMutatorTest {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  @TempDir
  static Path dir;
  static MiniCluster cluster;
  static Connection conn;
  static int tables;

  @BeforeAll
  static void start() throws Exception {
    cluster = MiniCluster.start(dir, 2);
    conn = cluster.connect();
  }

  @AfterAll
  static void stop() throws Exception {
    cluster.close();
  }

  private static TableName table() throws Exception {
    TableName t = TableName.valueOf("buffered" + tables++);
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(t).setColumnFamily(ColumnFamilyDescriptor
          .of("f")).build(), new byte[][] {row(500)});
    }
    return t;
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("r%05d", i));
  }

  private static Put put(int i) {
    return new Put(row(i)).addColumn(CF, Q, Bytes.toBytes(i));
  }

  private static boolean present(Table t, int i) {
    try {
      return !t.get(new Get(row(i))).isEmpty();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aFullBufferGoesOutAtOnceAndTheRestWaitsForFlush() throws Exception {
    TableName name = table();
    Table t = conn.getTable(name);
    BufferedMutator m = conn.getBufferedMutator(new BufferedMutatorParams(name)
        .writeBufferSize(1000).setWriteBufferPeriodicFlushTimeout(Duration.ZERO));
    assertEquals(0, m.getWriteBufferPeriodicFlushTimeoutMs());
    // A put costs its row (6 bytes) and its cell's encoded bytes: lengths 8, key 20 (row 6,
    // family 1, qualifier 1 and 12 of lengths, timestamp and type), value 4, tags length 2:
    // 40 bytes. The 25th reaches 1000 bytes and sends all 25.
    for (int i = 0; i < 24; i++) {
      m.mutate(put(i + 100));
    }
    for (int k = 0; k < 24; k++) {
      assertTrue(!present(t, k + 100), "row " + (k + 100) + " still buffered");
    }
    m.mutate(put(124));
    MiniCluster.waitFor(() -> present(conn.getTable(name), 124), Duration.ofSeconds(30),
        "the full buffer sent");
    for (int k = 0; k < 25; k++) {
      assertTrue(present(t, k + 100), "row " + (k + 100));
    }
    m.mutate(put(19));
    m.mutate(put(600));
    assertTrue(!present(t, 19) && !present(t, 600), "buffered, not sent");
    m.flush();
    assertTrue(present(t, 19) && present(t, 600), "flushed to both regions");
    m.mutate(put(20));
    m.close();
    assertTrue(present(t, 20), "close flushes");
    IllegalStateException closed = assertThrows(IllegalStateException.class,
        () -> m.mutate(put(21)));
    assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
    assertThrows(IllegalArgumentException.class, () -> conn.getBufferedMutator(name)
        .mutate(new Put(row(1))));
  }

  @Test
  void aWriterWaitsInTheMutateThatSendsAThirdUnansweredBuffer() throws Exception {
    TableName name = table();
    io.strata.common.schema.RegionInfo first;
    try (Admin admin = conn.getAdmin()) {
      first = admin.getRegions(name).stream().filter(io.strata.common.schema.RegionInfo::isFirst)
          .findFirst().orElseThrow();
      admin.unassign(first.getEncodedName()); // its rows' batches go unanswered until assigned
    }
    BufferedMutator m = conn.getBufferedMutator(new BufferedMutatorParams(name)
        .writeBufferSize(1000).setWriteBufferPeriodicFlushTimeout(Duration.ZERO));
    java.util.concurrent.atomic.AtomicInteger returned =
        new java.util.concurrent.atomic.AtomicInteger();
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    Thread writer = new Thread(() -> {
      try {
        for (int i = 0; i < 100; i++) {
          m.mutate(put(i));
          returned.incrementAndGet();
        }
        m.close();
      } catch (Throwable e) {
        failures.add(e);
      }
    }, "writer");
    writer.start();
    // 40 bytes a put, 25 a buffer: the 25th, 50th and 75th mutate each send one. Two buffers'
    // worth may be unanswered; the 75th put's mutate, which sent the third, waits.
    MiniCluster.waitFor(() -> (writer.getState() == Thread.State.WAITING
        || writer.getState() == Thread.State.TIMED_WAITING)
        && java.util.Arrays.stream(writer.getStackTrace())
            .anyMatch(f -> f.getMethodName().equals("waitForRoom")),
        Duration.ofSeconds(30), "the writer to wait for room");
    assertEquals(74, returned.get());
    try (Admin admin = conn.getAdmin()) {
      admin.assign(first.getEncodedName());
    }
    writer.join(TimeUnit.SECONDS.toMillis(60));
    assertTrue(!writer.isAlive(), "the writer finished once the region was back");
    assertEquals(List.of(), failures);
    Table t = conn.getTable(name);
    for (int i = 0; i < 100; i++) {
      assertTrue(present(t, i), "row " + i);
    }
  }

  @Test
  void thePeriodicFlushSendsABufferNobodyFlushes() throws Exception {
    TableName name = table();
    BufferedMutator m = conn.getBufferedMutator(new BufferedMutatorParams(name)
        .setWriteBufferPeriodicFlushTimeout(Duration.ofMillis(100)));
    m.mutate(put(7));
    m.mutate(new Delete(row(8)));
    MiniCluster.waitFor(() -> present(conn.getTable(name), 7), Duration.ofSeconds(30),
        "the timer to send the buffer");
    m.close();
  }

  @Test
  void failedMutationsReachTheListenerEachWithItsOwnError() throws Exception {
    TableName name = table();
    List<MutationsFailedException> heard = new ArrayList<>();
    BufferedMutator m = conn.getBufferedMutator(new BufferedMutatorParams(name)
        .listener((e, mutator) -> heard.add(e)));
    byte[] bad = Bytes.toBytes("nosuchfamily");
    for (int i = 0; i < 100; i++) {
      m.mutate(i % 10 == 3 ? new Put(row(i)).addColumn(bad, Q, Q) : put(i));
    }
    m.flush();
    assertEquals(1, heard.size());
    MutationsFailedException e = heard.get(0);
    assertEquals(10, e.getNumExceptions());
    List<String> rows = new ArrayList<>();
    for (int k = 0; k < e.getNumExceptions(); k++) {
      assertInstanceOf(NoSuchFamilyException.class, e.getCause(k));
      rows.add(Bytes.toString(e.getRow(k).getRow()));
    }
    rows.sort(null);
    List<String> want = new ArrayList<>();
    for (int i = 3; i < 100; i += 10) {
      want.add(Bytes.toString(row(i)));
    }
    assertEquals(want, rows);
    Table t = conn.getTable(name);
    for (int i = 0; i < 100; i++) {
      assertEquals(i % 10 != 3, present(t, i), "row " + i);
    }
    m.close();

    // Without a listener the next call throws them.
    BufferedMutator quiet = conn.getBufferedMutator(name);
    quiet.mutate(new Put(row(1)).addColumn(bad, Q, Q));
    MutationsFailedException thrown = assertThrows(MutationsFailedException.class,
        quiet::flush);
    assertEquals(1, thrown.getNumExceptions());
    quiet.close();
  }

  @Test
  void theAsyncMutatorCompletesEachMutationsFuture() throws Exception {
    TableName name = table();
    try (AsyncConnection async = ConnectionFactory.createAsyncConnection(cluster.configuration())
        .get(30, TimeUnit.SECONDS)) {
      AsyncBufferedMutator m = async.getBufferedMutator(new BufferedMutatorParams(name)
          .writeBufferSize(1 << 20).setWriteBufferPeriodicFlushTimeout(Duration.ZERO));
      List<CompletableFuture<Void>> fs = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        fs.add(m.mutate(put(i)));
      }
      fs.add(m.mutate(new Put(row(5000)).addColumn(Bytes.toBytes("nosuchfamily"), Q, Q)));
      assertTrue(fs.stream().noneMatch(CompletableFuture::isDone), "buffered");
      m.flush().get(60, TimeUnit.SECONDS);
      for (int i = 0; i < 1000; i++) {
        fs.get(i).get(1, TimeUnit.SECONDS);
      }
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> fs.get(1000).get(1, TimeUnit.SECONDS));
      assertInstanceOf(NoSuchFamilyException.class, e.getCause());
      m.close();
    }
    Table t = conn.getTable(name);
    assertTrue(present(t, 0) && present(t, 999));
  }
}
