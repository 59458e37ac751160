package io.strata.it.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.BufferedMutator;
import io.strata.client.BufferedMutatorParams;
import io.strata.client.Connection;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.ScanMetrics;
import io.strata.client.Table;
import io.strata.common.cell.Cell;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.filter.ByteArrayComparable;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.ValueFilter;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scanner protocol against a live cluster: byte limits that cut rows (joined, partial,
 * batched; forward and reversed), heartbeats of a filter that matches nothing, scan metrics.
 */
class ScannerProtocolTest {
  static final byte[] CF = Bytes.toBytes("f");
  private static final TableName WIDE = TableName.valueOf("wide");
  private static final int ROWS = 60;
  private static final int COLUMNS = 40;

  @TempDir
  static Path dir;
  static MiniCluster cluster;
  static Connection conn;

  @BeforeAll
  static void start() throws Exception {
    cluster = MiniCluster.start(dir, 1);
    conn = cluster.connect();
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(WIDE).setColumnFamily(ColumnFamilyDescriptor
          .of("f")).build(), new byte[][] {row(20), row(40)});
    }
    Table t = conn.getTable(WIDE);
    List<Put> puts = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      Put p = new Put(row(r));
      for (int c = 0; c < COLUMNS; c++) {
        p.addColumn(CF, qualifier(c), value(r, c));
      }
      puts.add(p);
    }
    t.put(puts);
  }

  @AfterAll
  static void stop() throws Exception {
    cluster.close();
  }

  static byte[] row(int r) {
    return Bytes.toBytes(String.format("row%05d", r));
  }

  static byte[] qualifier(int c) {
    return Bytes.toBytes(String.format("q%03d", c));
  }

  /** 200 bytes, different for every cell. */
  static byte[] value(int r, int c) {
    byte[] v = new byte[200];
    new Random(r * 1000L + c).nextBytes(v);
    return v;
  }

  /** What the table holds, one string per cell, rows in scan order. */
  private static List<String> expected(boolean reversed) {
    List<String> cells = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      int r = reversed ? ROWS - 1 - i : i;
      for (int c = 0; c < COLUMNS; c++) {
        cells.add(Bytes.toString(row(r)) + "/" + Bytes.toString(qualifier(c)) + "="
            + java.util.Arrays.hashCode(value(r, c)));
      }
    }
    return cells;
  }

  static String describe(Cell c) {
    return Bytes.toString(Bytes.copy(c.getRowArray(), c.getRowOffset(), c.getRowLength())) + "/"
        + Bytes.toString(Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(),
            c.getQualifierLength())) + "=" + java.util.Arrays.hashCode(Bytes.copy(c.getValueArray(),
                c.getValueOffset(), c.getValueLength()));
  }

  @Test
  void everyResultSizeReturnsExactlyTheRowsJoinedOrInPartsOrInBatches() throws Exception {
    Table t = conn.getTable(WIDE);
    for (boolean reversed : new boolean[] {false, true}) {
      for (long maxResultSize : new long[] {1, 100, 5_000, 64L << 20}) {
        String how = (reversed ? "reversed" : "forward") + ", max result size " + maxResultSize;
        // Whole rows: every result is one complete row.
        List<String> cells = new ArrayList<>();
        int results = 0;
        try (ResultScanner s = t.getScanner(new Scan().setReversed(reversed)
            .setMaxResultSize(maxResultSize).setCaching(7))) {
          for (Result r : s) {
            assertEquals(COLUMNS, r.size(), how + ": a whole row");
            assertFalse(r.mayHaveMoreCellsInRow(), how);
            r.listCells().forEach(c -> cells.add(describe(c)));
            results++;
          }
        }
        assertEquals(ROWS, results, how);
        assertEquals(expected(reversed), cells, how);

        // Partial results allowed: the parts, in order, are the rows; only a row's last part
        // says it is complete.
        List<String> parts = new ArrayList<>();
        int complete = 0;
        try (ResultScanner s = t.getScanner(new Scan().setReversed(reversed)
            .setMaxResultSize(maxResultSize).setAllowPartialResults(true))) {
          for (Result r : s) {
            assertFalse(r.isEmpty(), how);
            if (!r.mayHaveMoreCellsInRow()) {
              complete++;
            }
            r.listCells().forEach(c -> parts.add(describe(c)));
          }
        }
        assertEquals(ROWS, complete, how + ": rows completed");
        assertEquals(expected(reversed), parts, how + ": partial results");

        // Batches of 7 cells: 40 cells a row come as 7, 7, 7, 7, 7, 5, whatever the byte limit
        // cuts.
        List<String> batched = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        try (ResultScanner s = t.getScanner(new Scan().setReversed(reversed)
            .setMaxResultSize(maxResultSize).setBatch(7))) {
          for (Result r : s) {
            sizes.add(r.size());
            r.listCells().forEach(c -> batched.add(describe(c)));
          }
        }
        assertEquals(expected(reversed), batched, how + ": batches");
        List<Integer> sixes = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
          sixes.addAll(List.of(7, 7, 7, 7, 7, 5));
        }
        assertEquals(sixes, sizes, how);
      }
    }
  }

  /**
   * Wide rows of 1 to 2,500 cells of 0 to 300 bytes over two regions, scanned with a batch in
   * 40 random combinations of batch, byte limit, caching and direction: every Result holds
   * exactly the batch but each row's last (1 to the batch, the only one saying the row is
   * complete), and the Results joined are the unbatched scan's rows.
   */
  @Test
  void aBatchGivesExactlyThatManyCellsPerResultWhateverCutsTheRows() throws Exception {
    TableName table = TableName.valueOf("batches");
    Random rnd = new Random(20261130);
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(table).setColumnFamily(ColumnFamilyDescriptor
          .of("f")).build(), new byte[][] {row(4)});
    }
    Table t = conn.getTable(table);
    for (int r = 0; r < 8; r++) {
      Put p = new Put(row(r));
      int width = r == 5 ? 1 : 1 + rnd.nextInt(2_500);
      for (int c = 0; c < width; c++) {
        byte[] v = new byte[rnd.nextInt(300)];
        rnd.nextBytes(v);
        p.addColumn(CF, Bytes.toBytes(String.format("q%05d", c)), v);
      }
      t.put(p);
    }
    for (int round = 0; round < 40; round++) {
      boolean reversed = rnd.nextInt(3) == 0;
      int batch = rnd.nextBoolean() ? 1 + rnd.nextInt(10) : 1 + rnd.nextInt(1_200);
      long maxResultSize = 1L << rnd.nextInt(21);
      int caching = 1 + rnd.nextInt(10);
      String how = "batch " + batch + ", max result size " + maxResultSize + ", caching "
          + caching + (reversed ? ", reversed" : "");
      List<List<String>> rows = new ArrayList<>();
      try (ResultScanner s = t.getScanner(new Scan().setReversed(reversed))) {
        for (Result r : s) {
          List<String> cells = new ArrayList<>();
          r.listCells().forEach(c -> cells.add(describe(c)));
          rows.add(cells);
        }
      }
      List<List<String>> joined = new ArrayList<>();
      List<String> row = new ArrayList<>();
      try (ResultScanner s = t.getScanner(new Scan().setReversed(reversed).setBatch(batch)
          .setMaxResultSize(maxResultSize).setCaching(caching))) {
        for (Result r : s) {
          List<String> cells = new ArrayList<>();
          r.listCells().forEach(c -> cells.add(describe(c)));
          row.addAll(cells);
          if (r.mayHaveMoreCellsInRow()) {
            assertEquals(batch, r.size(), how + ": a row's Result before its last");
          } else {
            assertTrue(r.size() >= 1 && r.size() <= batch, how + ": " + r.size() + " cells");
            int width = rows.get(joined.size()).size();
            assertEquals(width % batch == 0 ? batch : width % batch, r.size(),
                how + ": the last Result of a row of " + width);
            joined.add(row);
            row = new ArrayList<>();
          }
        }
      }
      assertEquals(List.of(), row, how + ": a row left incomplete");
      assertEquals(rows, joined, how);
    }
  }

  @Test
  void aLimitAndAStartInsideTheTableCountWholeRows() throws Exception {
    Table t = conn.getTable(WIDE);
    for (boolean reversed : new boolean[] {false, true}) {
      List<String> rows = new ArrayList<>();
      try (ResultScanner s = t.getScanner(new Scan().withStartRow(row(reversed ? 45 : 15))
          .setReversed(reversed).setLimit(10).setMaxResultSize(300))) {
        for (Result r : s) {
          assertEquals(COLUMNS, r.size());
          rows.add(Bytes.toString(r.getRow()));
        }
      }
      List<String> want = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        want.add(Bytes.toString(row(reversed ? 45 - i : 15 + i)));
      }
      assertEquals(want, rows, reversed ? "reversed" : "forward");
    }
  }

  @Test
  void scanMetricsCountRowsCellsRegionsAndFilteredRows() throws Exception {
    Table t = conn.getTable(WIDE);
    Scan scan = new Scan().setScanMetricsEnabled(true).setCaching(25);
    ScanMetrics m;
    int rows = 0;
    try (ResultScanner s = t.getScanner(scan)) {
      for (Result r : s) {
        rows++;
      }
      m = s.getScanMetrics();
    }
    assertEquals(ROWS, rows);
    assertEquals(3, m.getRegionsScanned(), m.toString());
    assertEquals(ROWS, m.getRowsReturned(), m.toString());
    assertEquals(ROWS * COLUMNS, m.getCellsReturned(), m.toString());
    assertEquals(ROWS, m.getRowsScanned(), m.toString());
    assertEquals(0, m.getRowsFiltered(), m.toString());
    assertEquals(0, m.getRpcRetries(), m.toString());
    // 20 rows a region, 25 rows a call: one open per region answers everything.
    assertEquals(3, m.getRpcCalls(), m.toString());
    assertTrue(m.getBytesReturned() > ROWS * COLUMNS * 200L, m.toString());

    ScanMetrics filtered;
    try (ResultScanner s = t.getScanner(new Scan().setScanMetricsEnabled(true)
        .setFilter(new ValueFilter(CompareOperator.EQUAL,
            new ByteArrayComparable.BinaryComparator(value(33, 5)))))) {
      Result only = s.next();
      assertEquals(Bytes.toString(row(33)), Bytes.toString(only.getRow()));
      assertEquals(1, only.size());
      assertEquals(null, s.next());
      filtered = s.getScanMetrics();
    }
    assertEquals(ROWS, filtered.getRowsScanned(), filtered.toString());
    assertEquals(ROWS - 1, filtered.getRowsFiltered(), filtered.toString());
    assertEquals(1, filtered.getRowsReturned(), filtered.toString());
    assertEquals(null, t.getScanner(new Scan()).getScanMetrics(), "off unless asked");
  }

  @Test
  void aFilterMatchingNothingInAMillionCellsEndsThroughHeartbeats() throws Exception {
    TableName sparse = TableName.valueOf("sparse");
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(sparse).setColumnFamily(ColumnFamilyDescriptor
          .of("f")).build());
    }
    int rows = 100_000;
    try (BufferedMutator m = conn.getBufferedMutator(new BufferedMutatorParams(sparse)
        .writeBufferSize(1 << 20))) {
      for (int r = 0; r < rows; r++) {
        Put p = new Put(Bytes.toBytes(String.format("s%07d", r)));
        for (int c = 0; c < 10; c++) {
          p.addColumn(CF, qualifier(c), Bytes.toBytes(r * 10L + c));
        }
        m.mutate(p);
      }
    }
    // Calls may take 200 ms: the server answers after 100 ms of filtering, found or not. A
    // regular expression run over every value makes the million cells take several of those.
    StrataConfiguration impatient = cluster.configuration()
        .set("strata.client.rpc.timeout", "200ms");
    Connection c = cluster.connect(impatient);
    ScanMetrics m;
    try (ResultScanner s = c.getTable(sparse).getScanner(new Scan().setScanMetricsEnabled(true)
        .setFilter(new ValueFilter(CompareOperator.EQUAL,
            new ByteArrayComparable.RegexStringComparator(".*no such value.*"))))) {
      assertEquals(null, s.next());
      m = s.getScanMetrics();
    }
    assertEquals(rows, m.getRowsScanned(), m.toString());
    assertEquals(rows, m.getRowsFiltered(), m.toString());
    assertEquals(0, m.getRowsReturned(), m.toString());
    assertTrue(m.getHeartbeats() >= 1, "the scan took more than one call's time limit: "
        + m);
    assertEquals(m.getHeartbeats() + 1, m.getRpcCalls(), "every call but the last was a "
        + "heartbeat, and none timed out: " + m);
  }
}
