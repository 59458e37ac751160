package io.strata.it.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import io.strata.client.Admin;
import io.strata.client.BatchFailedException;
import io.strata.client.Connection;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.client.coprocessor.CoprocessorCallsFailedException;
import io.strata.client.coprocessor.CoprocessorRpcUtils;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.CoprocessorSpec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.examples.coprocessor.AggregateImplementation;
import io.strata.examples.coprocessor.AggregationClient;
import io.strata.examples.coprocessor.BulkDeleteEndpoint;
import io.strata.examples.coprocessor.SecondaryIndexObserver;
import io.strata.examples.coprocessor.ValidationObserver;
import io.strata.examples.coprocessor.WaterfallClient;
import io.strata.examples.coprocessor.WaterfallValue;
import io.strata.examples.proto.ExampleProtos.BulkDeleteRequest;
import io.strata.examples.proto.ExampleProtos.BulkDeleteResponse;
import io.strata.examples.proto.ExampleProtos.BulkDeleteService;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example coprocessors of store-examples on a mini cluster, each against a model of what
 * it must answer: aggregation, waterfall (also against the client-side loop, counting the
 * calls each makes), bulk delete, secondary index and validation.
 */
class ExampleCoprocessorsTest {
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  private static CoprocessorSpec cp(Class<?> c, Map<String, String> props) {
    return new CoprocessorSpec(c.getName(), null, CoprocessorSpec.PRIORITY_USER, props);
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%04d", i));
  }

  /** Split keys cutting row0000..row{n-1} into {@code regions} regions. */
  private static byte[][] splits(int rows, int regions) {
    byte[][] keys = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      keys[i - 1] = row(i * rows / regions);
    }
    return keys;
  }

  @Test
  void aggregationMatchesTheModelOverAnyRange() throws Exception {
    TableName name = TableName.valueOf("prices");
    byte[] price = Bytes.toBytes("p");
    try (MiniCluster cluster = MiniCluster.start(dir, 2)) {
      Connection conn = cluster.connect();
      conn.getAdmin().createTable(TableDescriptor.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptor.of("f"))
          .addCoprocessor(cp(AggregateImplementation.class, Map.of())).build(), splits(600, 4));
      Table t = conn.getTable(name);
      Random rnd = new Random(52);
      long[] values = new long[600];
      boolean[] has = new boolean[600];
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 600; i++) {
        Put p = new Put(row(i)).addColumn(F, Bytes.toBytes("other"), Bytes.toBytes("x"));
        if (rnd.nextInt(10) > 0) { // a tenth of the rows lack the column
          has[i] = true;
          values[i] = rnd.nextInt(2_000_001) - 1_000_000;
          p.addColumn(F, price, Bytes.toBytes(values[i]));
        }
        puts.add(p);
      }
      t.put(puts);
      AggregationClient agg = new AggregationClient(conn);
      for (int[] range : new int[][] {{0, 600}, {37, 451}, {150, 151}, {200, 200}}) {
        Scan scan = new Scan().withStartRow(row(range[0])).withStopRow(row(range[1]))
            .addColumn(F, price);
        long count = 0;
        long sum = 0;
        Long min = null;
        Long max = null;
        double squares = 0;
        for (int i = range[0]; i < range[1]; i++) {
          if (has[i]) {
            count++;
            sum += values[i];
            min = min == null ? values[i] : Math.min(min, values[i]);
            max = max == null ? values[i] : Math.max(max, values[i]);
            squares += (double) values[i] * values[i];
          }
        }
        String what = "rows " + range[0] + ".." + range[1];
        assertEquals(count, agg.rowCount(name, scan), what);
        assertEquals(sum, agg.sum(name, scan), what);
        assertEquals(min, agg.min(name, scan), what);
        assertEquals(max, agg.max(name, scan), what);
        double mean = count == 0 ? Double.NaN : (double) sum / count;
        assertEquals(mean, agg.avg(name, scan), 1e-9, what);
        assertEquals(count == 0 ? Double.NaN
            : Math.sqrt(squares / count - mean * mean), agg.std(name, scan), 1e-6, what);
        assertEquals(range[1] - range[0], agg.rowCount(name, new Scan()
            .withStartRow(row(range[0])).withStopRow(row(range[1]))), what);
      }

      // A value that is not a long fails its region's part, naming the row and the column.
      t.put(new Put(row(400)).addColumn(F, price, Bytes.toBytes("oops")));
      CoprocessorCallsFailedException e = assertThrows(CoprocessorCallsFailedException.class,
          () -> agg.sum(name, new Scan().addColumn(F, price)));
      assertEquals(1, e.getErrors().size());
      assertEquals(3, e.getResults().size());
      assertEquals("row 'row0400' column f:p holds 4 bytes, not an 8-byte long; aggregate a "
          + "column written with Bytes.toBytes(long)",
          e.getErrors().values().iterator().next().getMessage());
      assertThrows(IllegalArgumentException.class, () -> agg.sum(name, new Scan().addFamily(F)));
    }
  }

  @Test
  void theWaterfallEndpointAnswersAsTheClientLoopInOneCallPerRegion() throws Exception {
    TableName name = TableName.valueOf("bonds");
    int sources = 5;
    int fields = 8;
    int rows = 500;
    int regions = 5;
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Connection conn = cluster.connect();
      TableDescriptor.Builder d = TableDescriptor.newBuilder(name)
          .addCoprocessor(cp(Counting.Waterfall.class, Map.of()))
          .addCoprocessor(cp(Counting.Scanners.class, Map.of()));
      List<String> order = new ArrayList<>();
      for (int s = 0; s < sources; s++) {
        d.setColumnFamily(ColumnFamilyDescriptor.of("s" + s));
        order.add("s" + ((s + 2) % sources)); // the client's order is not the families' order
      }
      conn.getAdmin().createTable(d.build(), splits(rows, regions));
      Table t = conn.getTable(name);
      Random rnd = new Random(1052);
      // model: row -> field -> value of the first source in the client's order that has it
      NavigableMap<byte[], NavigableMap<byte[], WaterfallValue>> model =
          new TreeMap<>(Bytes.BYTES_COMPARATOR);
      List<Put> puts = new ArrayList<>();
      for (int r = 0; r < rows; r++) {
        Put p = new Put(row(r));
        String[][] cells = new String[sources][fields];
        for (int s = 0; s < sources; s++) {
          for (int f = 0; f < fields; f++) {
            if (rnd.nextInt(100) < 35) {
              cells[s][f] = "v" + r + "." + s + "." + f;
              p.addColumn(Bytes.toBytes("s" + s), Bytes.toBytes("f" + f),
                  Bytes.toBytes(cells[s][f]));
            }
          }
        }
        NavigableMap<byte[], WaterfallValue> resolved = new TreeMap<>(Bytes.BYTES_COMPARATOR);
        for (int f = 0; f < fields; f++) {
          for (int k = 0; k < sources; k++) {
            int s = Integer.parseInt(order.get(k).substring(1));
            if (cells[s][f] != null) {
              resolved.put(Bytes.toBytes("f" + f), new WaterfallValue(Bytes.toBytes(cells[s][f]),
                  k));
              break;
            }
          }
        }
        if (!resolved.isEmpty()) {
          model.put(row(r), resolved);
        }
        if (!p.isEmpty()) {
          puts.add(p);
        }
      }
      t.put(puts);
      conn.getAdmin().flush(name); // half the answers from files, half from memstores
      List<Put> more = new ArrayList<>();
      for (int r = 0; r < rows; r += 7) {
        more.add(new Put(row(r)).addColumn(Bytes.toBytes(order.get(0)), Bytes.toBytes("f0"),
            Bytes.toBytes("late" + r)));
        model.computeIfAbsent(row(r), k -> new TreeMap<>(Bytes.BYTES_COMPARATOR))
            .put(Bytes.toBytes("f0"), new WaterfallValue(Bytes.toBytes("late" + r), 0));
      }
      t.put(more);

      WaterfallClient client = new WaterfallClient(conn);
      byte[] start = row(0);
      byte[] stop = row(rows);
      Counting.ENDPOINT_CALLS.set(0);
      Counting.SCANNERS_OPENED.set(0);
      NavigableMap<byte[], NavigableMap<byte[], WaterfallValue>> viaEndpoint =
          client.viaEndpoint(name, start, stop, order, List.of());
      assertEquals(regions, Counting.ENDPOINT_CALLS.get(), "one endpoint call per region");
      assertEquals(0, Counting.SCANNERS_OPENED.get());
      assertEquals(model, viaEndpoint);

      // The seed's loop: the rows listed by one scan, then each source asked, a get a row,
      // for what is missing (every field: everything the source has).
      Counting.ENDPOINT_CALLS.set(0);
      Counting.SCANNERS_OPENED.set(0);
      Counting.GETS.set(0);
      NavigableMap<byte[], NavigableMap<byte[], WaterfallValue>> viaLoop =
          client.viaClientLoop(name, start, stop, order, List.of());
      assertEquals(0, Counting.ENDPOINT_CALLS.get());
      assertEquals(regions, Counting.SCANNERS_OPENED.get());
      assertEquals(model.size() * sources, Counting.GETS.get());
      assertEquals(model, viaLoop);

      Counting.SCANNERS_OPENED.set(0);
      Counting.GETS.set(0);
      assertEquals(model, client.viaSourceScans(name, start, stop, order, List.of()));
      assertEquals(sources * regions, Counting.SCANNERS_OPENED.get(),
          "one scan per source, each reaching every region");
      assertEquals(0, Counting.GETS.get());

      // Some fields of a sub-range: both ways agree with the model restricted to them.
      List<byte[]> wanted = List.of(Bytes.toBytes("f1"), Bytes.toBytes("f6"));
      NavigableMap<byte[], NavigableMap<byte[], WaterfallValue>> part =
          new TreeMap<>(Bytes.BYTES_COMPARATOR);
      model.subMap(row(120), true, row(333), false).forEach((r, fs) -> {
        NavigableMap<byte[], WaterfallValue> kept = new TreeMap<>(Bytes.BYTES_COMPARATOR);
        wanted.forEach(w -> {
          if (fs.containsKey(w)) {
            kept.put(w, fs.get(w));
          }
        });
        if (!kept.isEmpty()) {
          part.put(r, kept);
        }
      });
      assertEquals(part, client.viaEndpoint(name, row(120), row(333), order, wanted));
      assertEquals(part, client.viaClientLoop(name, row(120), row(333), order, wanted));
      assertEquals(part, client.viaSourceScans(name, row(120), row(333), order, wanted));
    }
  }

  @Test
  void waterfallSourcesMayBeColumnPrefixesOfOneFamily() throws Exception {
    TableName name = TableName.valueOf("quotes");
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Connection conn = cluster.connect();
      conn.getAdmin().createTable(TableDescriptor.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptor.of("p"))
          .addCoprocessor(cp(Counting.Waterfall.class, Map.of())).build());
      Table t = conn.getTable(name);
      t.put(List.of(
          new Put(Bytes.toBytes("bond1")).addColumn(Bytes.toBytes("p"), Bytes.toBytes("bbg_bid"),
              Bytes.toBytes("99.1")).addColumn(Bytes.toBytes("p"), Bytes.toBytes("ml_bid"),
              Bytes.toBytes("99.3")).addColumn(Bytes.toBytes("p"), Bytes.toBytes("ml_ask"),
              Bytes.toBytes("99.6")),
          new Put(Bytes.toBytes("bond2")).addColumn(Bytes.toBytes("p"), Bytes.toBytes("ml_ask"),
              Bytes.toBytes("101.0"))));
      WaterfallClient client = new WaterfallClient(conn);
      List<String> order = List.of("p:bbg_", "p:ml_");
      NavigableMap<byte[], NavigableMap<byte[], WaterfallValue>> expected =
          new TreeMap<>(Bytes.BYTES_COMPARATOR);
      NavigableMap<byte[], WaterfallValue> bond1 = new TreeMap<>(Bytes.BYTES_COMPARATOR);
      bond1.put(Bytes.toBytes("bid"), new WaterfallValue(Bytes.toBytes("99.1"), 0));
      bond1.put(Bytes.toBytes("ask"), new WaterfallValue(Bytes.toBytes("99.6"), 1));
      expected.put(Bytes.toBytes("bond1"), bond1);
      NavigableMap<byte[], WaterfallValue> bond2 = new TreeMap<>(Bytes.BYTES_COMPARATOR);
      bond2.put(Bytes.toBytes("ask"), new WaterfallValue(Bytes.toBytes("101.0"), 1));
      expected.put(Bytes.toBytes("bond2"), bond2);
      assertEquals(expected, client.viaEndpoint(name, Bytes.EMPTY, Bytes.EMPTY, order,
          List.of()));
      assertEquals(expected, client.viaClientLoop(name, Bytes.EMPTY, Bytes.EMPTY, order,
          List.of()));
      assertEquals(expected, client.viaSourceScans(name, Bytes.EMPTY, Bytes.EMPTY, order,
          List.of(Bytes.toBytes("ask"), Bytes.toBytes("bid"))));
      IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
          () -> client.viaEndpoint(name, Bytes.EMPTY, Bytes.EMPTY, List.of(":x"), List.of()));
      assertEquals("source ':x' names no family; write \"family\" or \"family:prefix\"",
          bad.getMessage());
    }
  }

  @Test
  void bulkDeleteRemovesTheMatchingRowsServerSide() throws Exception {
    TableName name = TableName.valueOf("jobs");
    byte[] state = Bytes.toBytes("state");
    try (MiniCluster cluster = MiniCluster.start(dir, 2)) {
      Connection conn = cluster.connect();
      conn.getAdmin().createTable(TableDescriptor.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptor.of("f"))
          .addCoprocessor(cp(BulkDeleteEndpoint.class, Map.of())).build(), splits(400, 3));
      Table t = conn.getTable(name);
      Random rnd = new Random(7);
      List<Put> puts = new ArrayList<>();
      List<Integer> kept = new ArrayList<>();
      int done = 0;
      for (int i = 0; i < 400; i++) {
        boolean isDone = rnd.nextBoolean();
        puts.add(new Put(row(i)).addColumn(F, state, Bytes.toBytes(isDone ? "done" : "open"))
            .addColumn(F, Bytes.toBytes("payload"), Bytes.toBytes(i)));
        if (isDone) {
          done++;
        } else {
          kept.add(i);
        }
      }
      t.put(puts);
      BulkDeleteRequest req = BulkDeleteRequest.newBuilder()
          .setFamily(ByteString.copyFrom(F)).setQualifier(ByteString.copyFrom(state))
          .setValue(ByteString.copyFrom(Bytes.toBytes("done"))).setBatchSize(17).build();
      Map<byte[], BulkDeleteResponse> answers = t.coprocessorService(BulkDeleteService.class,
          null, null, stub -> CoprocessorRpcUtils.call(stub,
              (s, controller, cb) -> s.delete(controller, req, cb)));
      assertEquals(3, answers.size());
      assertEquals(done, answers.values().stream().mapToLong(BulkDeleteResponse::getRowsDeleted)
          .sum());
      List<Integer> left = new ArrayList<>();
      try (ResultScanner rs = t.getScanner(new Scan())) {
        for (Result r : rs) {
          left.add(Bytes.toInt(r.getValue(F, Bytes.toBytes("payload"))));
          assertEquals("open", Bytes.toString(r.getValue(F, state)));
        }
      }
      assertEquals(kept, left);
    }
  }

  @Test
  void theSecondaryIndexFollowsPutsUpdatesAndDeletes() throws Exception {
    TableName users = TableName.valueOf("users");
    TableName byEmail = TableName.valueOf("users_by_email");
    byte[] email = Bytes.toBytes("email");
    try (MiniCluster cluster = MiniCluster.start(dir, 2)) {
      Connection conn = cluster.connect();
      Admin admin = conn.getAdmin();
      admin.createTable(TableDescriptor.newBuilder(byEmail)
          .setColumnFamily(ColumnFamilyDescriptor.of("i")).build());
      admin.createTable(TableDescriptor.newBuilder(users)
          .setColumnFamily(ColumnFamilyDescriptor.of("f"))
          .addCoprocessor(cp(SecondaryIndexObserver.class, Map.of("index.column", "f:email",
              "index.table", "users_by_email"))).build(), splits(20, 2));
      Table t = conn.getTable(users);
      Table index = conn.getTable(byEmail);
      Map<String, String> model = new TreeMap<>(); // email -> user row
      for (int i = 0; i < 20; i++) {
        String e = "user" + i + "@example.com";
        t.put(new Put(row(i)).addColumn(F, email, Bytes.toBytes(e))
            .addColumn(F, Bytes.toBytes("name"), Bytes.toBytes("n" + i)));
        model.put(e, Bytes.toString(row(i)));
      }
      assertEquals(model, indexed(index));
      // A new value replaces the old entry; a put without the column leaves it alone.
      t.put(new Put(row(3)).addColumn(F, email, Bytes.toBytes("new3@example.com")));
      model.remove("user3@example.com");
      model.put("new3@example.com", Bytes.toString(row(3)));
      t.put(new Put(row(4)).addColumn(F, Bytes.toBytes("name"), Bytes.toBytes("renamed")));
      // A deleted row, and a deleted column, take their entries with them.
      t.delete(new Delete(row(15)));
      model.remove("user15@example.com");
      t.delete(new Delete(row(16)).addColumns(F, email));
      model.remove("user16@example.com");
      t.delete(new Delete(row(17)).addColumns(F, Bytes.toBytes("name")));
      assertEquals(model, indexed(index));
      // Lookups by value: a prefix scan of the index.
      try (ResultScanner rs = index.getScanner(new Scan().setRowPrefixFilter(
          SecondaryIndexObserver.indexPrefix(Bytes.toBytes("new3@example.com"))))) {
        Result hit = rs.next();
        assertEquals("row0003", Bytes.toString(hit.getValue(SecondaryIndexObserver.INDEX_FAMILY,
            SecondaryIndexObserver.INDEX_QUALIFIER)));
        assertNull(rs.next());
      }
    }
  }

  /** The index as email -> data row. */
  private static Map<String, String> indexed(Table index) throws Exception {
    Map<String, String> m = new TreeMap<>();
    try (ResultScanner rs = index.getScanner(new Scan())) {
      for (Result r : rs) {
        byte[] key = r.getRow();
        int zero = 0;
        while (key[zero] != 0) {
          zero++;
        }
        m.put(Bytes.toString(key, 0, zero), Bytes.toString(r.getValue(
            SecondaryIndexObserver.INDEX_FAMILY, SecondaryIndexObserver.INDEX_QUALIFIER)));
      }
    }
    return m;
  }

  @Test
  void theValidationObserverVetoesBadPutsAlone() throws Exception {
    TableName name = TableName.valueOf("orders");
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Connection conn = cluster.connect();
      conn.getAdmin().createTable(TableDescriptor.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptor.of("f"))
          .addCoprocessor(cp(ValidationObserver.class, Map.of("validate.column", "f:qty",
              "validate.pattern", "[1-9][0-9]*"))).build());
      Table t = conn.getTable(name);
      byte[] qty = Bytes.toBytes("qty");
      t.put(new Put(Bytes.toBytes("o1")).addColumn(F, qty, Bytes.toBytes("12")));
      CoprocessorException e = assertThrows(CoprocessorException.class, () -> t.put(
          new Put(Bytes.toBytes("o2")).addColumn(F, qty, Bytes.toBytes("-3"))
              .addColumn(F, Bytes.toBytes("note"), Bytes.toBytes("x"))));
      assertEquals("the put of row 'o2' was refused: f:qty = '-3' does not match [1-9][0-9]* "
          + "(ValidationObserver)", e.getMessage());
      assertTrue(t.get(new Get(Bytes.toBytes("o2"))).isEmpty(), "nothing of a vetoed put");
      BatchFailedException batch = assertThrows(BatchFailedException.class, () -> t.put(List.of(
          new Put(Bytes.toBytes("o3")).addColumn(F, qty, Bytes.toBytes("7")),
          new Put(Bytes.toBytes("o4")).addColumn(F, qty, Bytes.toBytes("seven")),
          new Put(Bytes.toBytes("o5")).addColumn(F, qty, Bytes.toBytes("70")))));
      assertEquals(List.of(1), new ArrayList<>(batch.failures().keySet()));
      assertInstanceOf(CoprocessorException.class, batch.failures().get(1));
      assertFalse(t.exists(new Get(Bytes.toBytes("o4"))));
      assertTrue(t.exists(new Get(Bytes.toBytes("o3"))));
      assertTrue(t.exists(new Get(Bytes.toBytes("o5"))));
    }
  }
}
