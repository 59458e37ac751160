package io.strata.it.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.AsyncAdmin;
import io.strata.client.AsyncConnection;
import io.strata.client.AsyncResultScanner;
import io.strata.client.AsyncTable;
import io.strata.client.BatchFailedException;
import io.strata.client.CheckAndMutate;
import io.strata.client.CheckAndMutateResult;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Row;
import io.strata.client.RowMutations;
import io.strata.client.Scan;
import io.strata.client.ScanMetrics;
import io.strata.client.ScanResultConsumer;
import io.strata.client.Table;
import io.strata.common.error.NoSuchFamilyException;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The async API against a live cluster, and the blocking API's batches over it. */
class AsyncClientTest {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  @TempDir
  static Path dir;
  static MiniCluster cluster;
  static AsyncConnection async;
  static Connection conn;

  @BeforeAll
  static void start() throws Exception {
    cluster = MiniCluster.start(dir, 2);
    async = ConnectionFactory.createAsyncConnection(cluster.configuration())
        .get(30, TimeUnit.SECONDS);
    conn = cluster.connect();
  }

  @AfterAll
  static void stop() throws Exception {
    async.close();
    cluster.close();
  }

  private static TableName create(String name, byte[]... splits) throws Exception {
    TableName t = TableName.valueOf(name);
    async.getAdmin().createTable(TableDescriptor.newBuilder(t).setColumnFamily(
        ColumnFamilyDescriptor.of("f")).build(), splits).get(60, TimeUnit.SECONDS);
    return t;
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("r%05d", i));
  }

  private static <T> T get(CompletableFuture<T> f) throws Exception {
    return f.get(60, TimeUnit.SECONDS);
  }

  @Test
  void aThousandOperationsInFlightAllCompleteWithTheirOwnResults() throws Exception {
    TableName name = create("thousand", row(250), row(500), row(750));
    AsyncTable t = async.getTable(name);
    List<CompletableFuture<Void>> puts = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      puts.add(t.put(new Put(row(i)).addColumn(CF, Q, Bytes.toBytes(i))));
    }
    CompletableFuture.allOf(puts.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);

    List<CompletableFuture<Result>> gets = new ArrayList<>();
    List<CompletableFuture<Long>> incs = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      gets.add(t.get(new Get(row(i))));
      incs.add(t.incrementColumnValue(Bytes.toBytes("counter"), CF, Q, 1));
    }
    for (int i = 0; i < 1000; i++) {
      assertEquals(i, Bytes.toInt(get(gets.get(i)).getValue(CF, Q)), "row " + i);
    }
    List<Long> counts = new ArrayList<>();
    for (CompletableFuture<Long> f : incs) {
      counts.add(get(f));
    }
    counts.sort(null);
    for (int i = 0; i < 1000; i++) {
      assertEquals(i + 1, counts.get(i), "each increment saw its own new value");
    }
  }

  @Test
  void callbacksRunOffTheNetworkThreadsAndMayBlock() throws Exception {
    TableName name = create("callbacks");
    AsyncTable t = async.getTable(name);
    get(t.put(new Put(row(1)).addColumn(CF, Q, Bytes.toBytes("one"))));
    AtomicReference<String> thread = new AtomicReference<>();
    // A callback that blocks on another call of the same connection must not stall it. It is
    // attached before the get starts, so it runs where the get's future completes.
    CompletableFuture<Void> go = new CompletableFuture<>();
    CompletableFuture<Result> chained = go.thenCompose(x -> t.get(new Get(row(1))))
        .thenApply(first -> {
          thread.set(Thread.currentThread().getName());
          return t.get(new Get(row(1))).join();
        });
    go.complete(null);
    Result r = get(chained);
    assertEquals("one", Bytes.toString(r.getValue(CF, Q)));
    // On a callback thread, or on this one when the answer came before thenCompose had looked
    // (a call through the server's local socket can be that quick); never on a network thread.
    assertTrue(thread.get().startsWith("strata-client-callback")
        || thread.get().equals(Thread.currentThread().getName()), thread.get());
  }

  @Test
  void scansPushPullAndCollectTheSameRows() throws Exception {
    TableName name = create("scans", row(100), row(200));
    AsyncTable t = async.getTable(name);
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      puts.add(new Put(row(i)).addColumn(CF, Q, Bytes.toBytes(i)));
    }
    get(t.putAll(puts));

    List<Result> all = get(t.scanAll(new Scan().setCaching(17)));
    assertEquals(300, all.size());
    for (int i = 0; i < 300; i++) {
      assertEquals(i, Bytes.toInt(all.get(i).getValue(CF, Q)));
    }

    // Pushed to a consumer: rows in order, one call at a time, then onComplete.
    List<Integer> pushed = new ArrayList<>();
    CountDownLatch done = new CountDownLatch(1);
    AtomicReference<ScanMetrics> metrics = new AtomicReference<>();
    AtomicInteger concurrent = new AtomicInteger();
    AtomicInteger maxConcurrent = new AtomicInteger();
    t.scan(new Scan().setCaching(10).setScanMetricsEnabled(true), new ScanResultConsumer() {
      @Override
      public boolean onNext(Result result) {
        maxConcurrent.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
        pushed.add(Bytes.toInt(result.getValue(CF, Q)));
        concurrent.decrementAndGet();
        return true;
      }

      @Override
      public void onError(Throwable error) {
        pushed.add(-1);
        done.countDown();
      }

      @Override
      public void onComplete() {
        done.countDown();
      }

      @Override
      public void onScanMetricsCreated(ScanMetrics m) {
        metrics.set(m);
      }
    });
    assertTrue(done.await(60, TimeUnit.SECONDS));
    List<Integer> want = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      want.add(i);
    }
    assertEquals(want, pushed);
    assertEquals(1, maxConcurrent.get());
    assertEquals(300, metrics.get().getRowsReturned());
    assertEquals(3, metrics.get().getRegionsScanned());

    // A consumer that stops early gets no more rows and no completion.
    List<Integer> stopped = new ArrayList<>();
    CountDownLatch tenth = new CountDownLatch(1);
    t.scan(new Scan().setReversed(true), new ScanResultConsumer() {
      @Override
      public boolean onNext(Result result) {
        stopped.add(Bytes.toInt(result.getValue(CF, Q)));
        if (stopped.size() == 10) {
          tenth.countDown();
          return false;
        }
        return true;
      }

      @Override
      public void onError(Throwable error) {
        stopped.add(-1);
      }

      @Override
      public void onComplete() {
        stopped.add(-2);
      }
    });
    assertTrue(tenth.await(60, TimeUnit.SECONDS));
    assertEquals(List.of(299, 298, 297, 296, 295, 294, 293, 292, 291, 290), stopped);

    // Pulled one future at a time, several asked for before the first completes.
    try (AsyncResultScanner s = t.openScanner(new Scan().withStartRow(row(95))
        .withStopRow(row(105)))) {
      List<CompletableFuture<Result>> ahead = new ArrayList<>();
      for (int i = 0; i < 12; i++) {
        ahead.add(s.next());
      }
      for (int i = 0; i < 10; i++) {
        assertEquals(95 + i, Bytes.toInt(get(ahead.get(i)).getValue(CF, Q)));
      }
      assertNull(get(ahead.get(10)));
      assertNull(get(ahead.get(11)));
    }
  }

  @Test
  void aBatchMixesEveryKindOfActionAndReportsEachOutcome() throws Exception {
    TableName name = create("batches", row(50));
    Table t = conn.getTable(name);
    t.put(new Put(row(1)).addColumn(CF, Q, Bytes.toBytes("old")));
    t.put(new Put(row(60)).addColumn(CF, Q, Bytes.toBytes(5L)));
    List<Row> actions = List.of(
        new Put(row(2)).addColumn(CF, Q, Bytes.toBytes("two")),
        new Get(row(1)),
        new Increment(row(60)).addColumn(CF, Q, 10),
        new Delete(row(1)),
        new Put(row(70)).addColumn(Bytes.toBytes("nosuchfamily"), Q, Bytes.toBytes("x")),
        new RowMutations(row(80)).add(new Put(row(80)).addColumn(CF, Q, Bytes.toBytes("rm"))),
        CheckAndMutate.newBuilder(row(90)).ifNotExists(CF, Q)
            .build(new Put(row(90)).addColumn(CF, Q, Bytes.toBytes("cam"))));
    Object[] results = new Object[actions.size()];
    BatchFailedException e = assertThrows(BatchFailedException.class,
        () -> t.batch(actions, results));
    assertEquals(List.of(4), List.copyOf(e.failures().keySet()), e.getMessage());
    assertInstanceOf(NoSuchFamilyException.class, e.failures().get(4));
    assertInstanceOf(NoSuchFamilyException.class, results[4]);
    assertEquals("old", Bytes.toString(((Result) results[1]).getValue(CF, Q)));
    assertEquals(15L, Bytes.toLong(((Result) results[2]).getValue(CF, Q)));
    assertTrue(((CheckAndMutateResult) results[6]).isSuccess());
    assertEquals("two", Bytes.toString(t.get(new Get(row(2))).getValue(CF, Q)));
    assertTrue(t.get(new Get(row(1))).isEmpty(), "deleted");
    assertEquals("rm", Bytes.toString(t.get(new Get(row(80))).getValue(CF, Q)));
    assertEquals("cam", Bytes.toString(t.get(new Get(row(90))).getValue(CF, Q)));

    // The async form: one future per action, failures only where they happened.
    List<CompletableFuture<Object>> fs = async.getTable(name).batch(actions.subList(3, 6));
    assertEquals(Result.class, get(fs.get(0)).getClass());
    ExecutionException bad = assertThrows(ExecutionException.class, () -> get(fs.get(1)));
    assertInstanceOf(NoSuchFamilyException.class, bad.getCause());
    get(fs.get(2));
  }

  @Test
  void aMutationThatCannotBeSentFailsAloneAndTheBatchEnds() throws Exception {
    TableName name = create("unsendable", row(50));
    AsyncTable t = async.getTable(name);
    // An empty put cannot be written as a request: before, the whole batch's futures waited
    // forever, the good actions' included, because the error ended no action.
    List<CompletableFuture<Object>> fs = t.batch(List.of(
        new Put(row(1)).addColumn(CF, Q, Bytes.toBytes("one")),
        new Put(row(2)),
        new Put(row(60)).addColumn(CF, Q, Bytes.toBytes("sixty")),
        new Increment(row(61))));
    assertTrue(((Result) get(fs.get(0))).isEmpty());
    ExecutionException empty = assertThrows(ExecutionException.class, () -> get(fs.get(1)));
    assertInstanceOf(IllegalArgumentException.class, empty.getCause());
    assertEquals("Put of row r00002 has no columns; add one with addColumn before sending it",
        empty.getCause().getMessage());
    assertTrue(((Result) get(fs.get(2))).isEmpty());
    ExecutionException inc = assertThrows(ExecutionException.class, () -> get(fs.get(3)));
    assertEquals("Increment of row r00061 has no columns; add one with addColumn before "
        + "sending it", inc.getCause().getMessage());
    assertEquals("one", Bytes.toString(get(t.get(new Get(row(1)))).getValue(CF, Q)));
    assertEquals("sixty", Bytes.toString(get(t.get(new Get(row(60)))).getValue(CF, Q)));
    assertFalse(get(t.exists(new Get(row(2)))));

    // The blocking forms end too, with the same error.
    Table blocking = conn.getTable(name);
    IllegalArgumentException put = assertThrows(IllegalArgumentException.class,
        () -> blocking.put(List.of(new Put(row(3)))));
    assertEquals("Put of row r00003 has no columns; add one with addColumn before sending it",
        put.getMessage());
  }

  @Test
  void anUnknownTableFailsEveryFormWithTheSameError() throws Exception {
    AsyncTable t = async.getTable(TableName.valueOf("nosuchtable"));
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> get(t.get(new Get(row(1)))));
    assertInstanceOf(TableNotFoundException.class, e.getCause());
    e = assertThrows(ExecutionException.class, () -> get(t.getAll(List.of(new Get(row(1))))));
    assertInstanceOf(TableNotFoundException.class, e.getCause());
    assertThrows(TableNotFoundException.class, () -> conn.getTable(TableName.valueOf(
        "nosuchtable")).put(List.of(new Put(row(1)).addColumn(CF, Q, Q))));
    ExecutionException n = assertThrows(ExecutionException.class, () -> get(t.get((Get) null)));
    assertInstanceOf(IllegalArgumentException.class, n.getCause());
  }

  @Test
  void theAsyncAdminRunsDdlAndTheBlockingAdminIsTheSame() throws Exception {
    AsyncAdmin admin = async.getAdmin();
    TableName name = create("ddl");
    assertTrue(get(admin.tableExists(name)));
    assertTrue(get(admin.listTableNames()).contains(name));
    get(admin.disableTable(name));
    assertTrue(conn.getAdmin().isTableDisabled(name), "the blocking admin sees it");
    get(admin.deleteTable(name));
    assertFalse(get(admin.tableExists(name)));
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> get(admin.getDescriptor(name)));
    assertInstanceOf(TableNotFoundException.class, e.getCause());
    assertThrows(TableNotFoundException.class, () -> conn.getAdmin().getDescriptor(name));
  }
}
