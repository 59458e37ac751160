package io.strata.it.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.BufferedMutator;
import io.strata.client.BufferedMutatorParams;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.RegionLocation;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.server.regionserver.RegionServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regions moving and splitting while clients scan, get and write through a BufferedMutator:
 * nothing is lost, nothing comes twice (HBASE-13262 and HBASE-15325 lost rows this way).
 */
class ClientUnderChangeTest {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final TableName T = TableName.valueOf("changing");
  private static final int ROWS = 2000;

  @TempDir
  static Path dir;
  static MiniCluster cluster;
  static Connection conn;
  static Admin admin;

  @BeforeAll
  static void start() throws Exception {
    cluster = MiniCluster.start(dir, 2);
    conn = cluster.connect();
    admin = conn.getAdmin();
    admin.createTable(TableDescriptor.newBuilder(T).setColumnFamily(ColumnFamilyDescriptor
        .of("f")).build(), new byte[][] {row(500), row(1000), row(1500)});
    List<Put> puts = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      Put p = new Put(row(r));
      for (int c = 0; c < 3; c++) {
        p.addColumn(CF, Bytes.toBytes("q" + c), value(r, c));
      }
      puts.add(p);
    }
    conn.getTable(T).put(puts);
  }

  @AfterAll
  static void stop() throws Exception {
    cluster.close();
  }

  static byte[] row(int r) {
    return Bytes.toBytes(String.format("row%05d", r));
  }

  static byte[] value(int r, int c) {
    return Bytes.toBytes("v" + r + "." + c);
  }

  /** The server other than {@code s} (two are running). */
  private static ServerName other(ServerName s) {
    for (RegionServer rs : cluster.regionServers()) {
      if (!rs.serverName().equals(s)) {
        return rs.serverName();
      }
    }
    throw new AssertionError("no other server");
  }

  private static RegionLocation where(byte[] row) throws Exception {
    return conn.getRegionLocator(T).getRegionLocation(row, true);
  }

  /**
   * Moves the region holding {@code row} to the other server (even steps), or splits the
   * region holding {@code splitAt} there (odd steps); returns once meta shows the change.
   */
  private static void disturb(int step, byte[] row, byte[] splitAt) throws Exception {
    RegionLocation loc = where(step % 2 == 0 || splitAt == null ? row : splitAt);
    if (step % 2 == 0) {
      ServerName to = other(loc.server());
      admin.move(loc.region().getEncodedName(), to);
      MiniCluster.waitFor(() -> {
        try {
          RegionLocation now = where(row);
          return now.server() != null && now.server().equals(to);
        } catch (Exception e) {
          return false;
        }
      }, Duration.ofSeconds(30), "region of " + Bytes.toString(row) + " on " + to);
    } else if (splitAt != null && !Bytes.equals(loc.region().getStartKey(), splitAt)) {
      admin.splitRegion(loc.region().getRegionNameAsString(), splitAt);
      MiniCluster.waitFor(() -> {
        try {
          return Bytes.equals(where(splitAt).region().getStartKey(), splitAt);
        } catch (Exception e) {
          return false;
        }
      }, Duration.ofSeconds(30), "a region starting at " + Bytes.toString(splitAt));
    }
  }

  @Test
  void scansLoseAndRepeatNothingWhileRegionsMoveAndSplit() throws Exception {
    Table t = conn.getTable(T);
    int step = 0;
    for (boolean reversed : new boolean[] {false, true}) {
      for (boolean tiny : new boolean[] {true, false}) {
        String how = (reversed ? "reversed" : "forward") + (tiny ? ", 1-byte calls of 7 rows"
            : ", 64 MiB calls of 1000 rows");
        Scan scan = new Scan().setReversed(reversed).setCaching(tiny ? 7 : 1000)
            .setMaxResultSize(tiny ? 1 : 64L << 20);
        List<Integer> seen = new ArrayList<>();
        try (ResultScanner s = t.getScanner(scan)) {
          for (Result r : s) {
            int n = Integer.parseInt(Bytes.toString(r.getRow()).substring(3));
            for (int c = 0; c < 3; c++) {
              assertEquals(Bytes.toString(value(n, c)), Bytes.toString(r.getValue(CF,
                  Bytes.toBytes("q" + c))), how + " row " + n);
            }
            seen.add(n);
            if (seen.size() % 250 == 0) {
              int ahead = reversed ? n - 100 : n + 100;
              disturb(step++, r.getRow(), ahead >= 0 && ahead < ROWS ? row(ahead) : null);
            }
          }
        }
        List<Integer> want = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
          want.add(reversed ? ROWS - 1 - i : i);
        }
        assertEquals(want, seen, how);
      }
    }
    assertTrue(admin.getRegions(T).size() > 4, "some regions split: " + admin.getRegions(T));
  }

  @Test
  void getsAndBufferedWritesLoseNothingWhileRegionsMoveAndSplit() throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
    AtomicInteger reads = new AtomicInteger();
    Thread reader = new Thread(() -> {
      Table t = conn.getTable(T);
      Random rnd = new Random(42);
      while (!stop.get()) {
        int n = rnd.nextInt(ROWS);
        try {
          Result r = t.get(new Get(row(n)));
          if (!Bytes.equals(value(n, 1), r.getValue(CF, Bytes.toBytes("q1")))) {
            wrong.add("row " + n + ": " + r);
          }
          reads.incrementAndGet();
        } catch (Exception e) {
          wrong.add("row " + n + ": " + e);
        }
      }
    }, "reader");
    int writes = 6000;
    List<Throwable> writerError = new ArrayList<>();
    Thread writer = new Thread(() -> {
      try (BufferedMutator m = conn.getBufferedMutator(new BufferedMutatorParams(T)
          .writeBufferSize(4096).setWriteBufferPeriodicFlushTimeout(Duration.ofMillis(50)))) {
        for (int i = 0; i < writes; i++) {
          m.mutate(new Put(Bytes.toBytes(String.format("w%05d", i)))
              .addColumn(CF, Bytes.toBytes("q"), Bytes.toBytes(i)));
        }
      } catch (Throwable e) {
        synchronized (writerError) {
          writerError.add(e);
        }
      }
    }, "writer");
    reader.start();
    writer.start();
    int step = 0;
    byte[][] splits = {Bytes.toBytes("w01000"), Bytes.toBytes("w03000"), row(250),
        Bytes.toBytes("w05000")};
    while (writer.isAlive() || step < 4) {
      byte[] at = step % 4 == 2 ? row(100) : Bytes.toBytes("w02000");
      disturb(step, at, splits[(step / 2) % splits.length]);
      step++;
    }
    writer.join();
    stop.set(true);
    reader.join();
    assertEquals(List.of(), writerError);
    assertEquals(List.of(), new ArrayList<>(wrong));
    assertTrue(reads.get() > 0);
    int n = 0;
    try (ResultScanner s = conn.getTable(T).getScanner(new Scan().setRowPrefixFilter(
        Bytes.toBytes("w")))) {
      for (Result r : s) {
        assertEquals(String.format("w%05d", n), Bytes.toString(r.getRow()));
        assertEquals(n, Bytes.toInt(r.getValue(CF, Bytes.toBytes("q"))));
        n++;
      }
    }
    assertEquals(writes, n, "every buffered write, once, in order");
  }
}
