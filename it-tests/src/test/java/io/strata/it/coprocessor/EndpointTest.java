package io.strata.it.coprocessor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.ServiceException;
import io.strata.client.Admin;
import io.strata.client.AsyncConnection;
import io.strata.client.AsyncTable;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Table;
import io.strata.client.coprocessor.Batch;
import io.strata.client.coprocessor.CoprocessorCallsFailedException;
import io.strata.client.coprocessor.CoprocessorRpcController;
import io.strata.client.coprocessor.CoprocessorRpcUtils;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.CoprocessorSpec;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.examples.proto.ExampleProtos.AggregateRequest;
import io.strata.examples.proto.ExampleProtos.AggregateResponse;
import io.strata.examples.proto.ExampleProtos.AggregateService;
import io.strata.it.coprocessor.proto.TestEndpointProtos.PingRequest;
import io.strata.it.coprocessor.proto.TestEndpointProtos.PingResponse;
import io.strata.it.coprocessor.proto.TestEndpointProtos.PingService;
import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Coprocessor endpoints on a mini cluster: a row's channel reaches the region holding the row;
 * a range call answers each region of the range once, also when regions split and move while
 * it runs; errors come back per region, typed; the master's endpoints answer through Admin.
 */
class EndpointTest {
  private static final TableName T = TableName.valueOf("t");
  private static final byte[][] SPLITS = {Bytes.toBytes("b"), Bytes.toBytes("c"),
      Bytes.toBytes("d")};

  @TempDir
  Path dir;

  private static TableDescriptor pingTable() {
    return TableDescriptor.newBuilder(T).setColumnFamily(ColumnFamilyDescriptor.of("f"))
        .addCoprocessor(new CoprocessorSpec(Pings.RegionPing.class.getName(), null,
            CoprocessorSpec.PRIORITY_USER, Map.of())).build();
  }

  private static PingRequest ping(String text) {
    return PingRequest.newBuilder().setText(text).build();
  }

  /** The Batch.Call of a ping through a callback stub, as HBase users write them. */
  private static Batch.Call<PingService, PingResponse> call(PingRequest req) {
    return stub -> CoprocessorRpcUtils.call(stub, (s, c, done) -> s.ping(c, req, done));
  }

  /** Each region's name, by name: what a range call over them must answer. */
  private static Map<String, String> names(List<RegionInfo> regions) {
    Map<String, String> m = new TreeMap<>();
    regions.forEach(r -> m.put(r.getRegionNameAsString(), r.getRegionNameAsString()));
    return m;
  }

  private static Map<String, String> wheres(Map<byte[], PingResponse> answers) {
    Map<String, String> m = new TreeMap<>();
    answers.forEach((region, r) -> m.put(Bytes.toString(region), r.getWhere()));
    return m;
  }

  @Test
  void aRowsChannelReachesTheRegionHoldingTheRow() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Admin admin = cluster.connect().getAdmin();
      admin.createTable(pingTable(), SPLITS);
      List<RegionInfo> regions = admin.getRegions(T);
      Table t = cluster.connect().getTable(T);

      PingService.BlockingInterface blocking =
          PingService.newBlockingStub(t.coprocessorService(Bytes.toBytes("c1")));
      PingResponse r = blocking.ping(null, ping("hello"));
      assertEquals("hello", r.getText());
      assertEquals(regions.get(2).getRegionNameAsString(), r.getWhere());

      // The callback form over the same kind of channel.
      CoprocessorRpcController controller = new CoprocessorRpcController();
      CoprocessorRpcUtils.BlockingRpcCallback<PingResponse> done =
          new CoprocessorRpcUtils.BlockingRpcCallback<>();
      PingService.newStub(t.coprocessorService(Bytes.toBytes("a"))).ping(controller,
          ping("cb"), done);
      assertEquals(regions.get(0).getRegionNameAsString(), done.get().getWhere());

      // A call cancelled before it goes out is not sent; its callback hears it failed.
      CoprocessorRpcController cancelled = new CoprocessorRpcController();
      List<String> told = new ArrayList<>();
      cancelled.notifyOnCancel(x -> told.add("cancelled"));
      cancelled.startCancel();
      assertEquals(List.of("cancelled"), told);
      CoprocessorRpcUtils.BlockingRpcCallback<PingResponse> none =
          new CoprocessorRpcUtils.BlockingRpcCallback<>();
      PingService.newStub(t.coprocessorService(Bytes.toBytes("a"))).ping(cancelled,
          ping("never"), none);
      assertEquals(null, none.get());
      assertEquals("the call of strata.test.PingService.Ping was cancelled "
          + "(RpcController.startCancel)", cancelled.errorText());

      // A failure through the blocking stub: a ServiceException whose cause is the server's.
      ServiceException e = assertThrows(ServiceException.class, () -> blocking.ping(null,
          ping("x").toBuilder().setFail(PingRequest.Failure.CONTROLLER).build()));
      assertInstanceOf(CoprocessorException.class, e.getCause());
      assertTrue(e.getCause().getMessage().contains("asked to fail: x"), e.getMessage());

      try (AsyncConnection async = ConnectionFactory.createAsyncConnection(
          cluster.configuration()).get()) {
        AsyncTable at = async.getTable(T);
        PingResponse ar = at.<PingService.Stub, PingResponse>coprocessorService(
            PingService::newStub, (stub, c, cb) -> stub.ping(c, ping("async"), cb),
            Bytes.toBytes("d9")).get(30, TimeUnit.SECONDS);
        assertEquals(regions.get(3).getRegionNameAsString(), ar.getWhere());
      }
    }
  }

  @Test
  void aRangeCallAnswersEachRegionOfTheRangeOnce() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 2)) {
      Admin admin = cluster.connect().getAdmin();
      admin.createTable(pingTable(), SPLITS);
      List<RegionInfo> regions = admin.getRegions(T);
      Table t = cluster.connect().getTable(T);

      assertEquals(names(regions), wheres(t.coprocessorService(PingService.class, null, null,
          call(ping("all")))));
      // HBase's range: from the region holding the start key to the one holding the end key.
      assertEquals(names(regions.subList(1, 3)), wheres(t.coprocessorService(PingService.class,
          Bytes.toBytes("b5"), Bytes.toBytes("c5"), call(ping("some")))));
      assertEquals(names(regions.subList(1, 2)), wheres(t.coprocessorService(PingService.class,
          Bytes.toBytes("b"), Bytes.toBytes("b"), call(ping("one")))));

      // With a callback, each region's answer as it comes.
      Map<String, String> told = new TreeMap<>();
      t.coprocessorService(PingService.class, null, null, call(ping("cb")),
          (region, row, r) -> {
            synchronized (told) {
              told.put(Bytes.toString(region), r.getWhere());
            }
          });
      assertEquals(names(regions), told);

      // A method called with no thread per region.
      Map<byte[], PingResponse> batch = t.batchCoprocessorService(
          PingService.getDescriptor().findMethodByName("Ping"), ping("batch"), null, null,
          PingResponse.getDefaultInstance());
      assertEquals(names(regions), wheres(batch));

      // The async builder: [b, c) only, then [b, c] inclusive.
      try (AsyncConnection async = ConnectionFactory.createAsyncConnection(
          cluster.configuration()).get()) {
        AsyncTable at = async.getTable(T);
        assertEquals(names(regions.subList(1, 2)), collect(at, Bytes.toBytes("b"),
            Bytes.toBytes("c"), false, null).answers);
        assertEquals(names(regions.subList(1, 3)), collect(at, Bytes.toBytes("b"),
            Bytes.toBytes("c"), true, null).answers);
      }
    }
  }

  /** What an async range call told its callback. */
  private static final class Collected implements AsyncTable.CoprocessorCallback<PingResponse> {
    final Map<String, String> answers = new TreeMap<>();
    final Map<String, String> errors = new TreeMap<>();
    final CompletableFuture<Void> done = new CompletableFuture<>();

    @Override
    public synchronized void onRegionComplete(RegionInfo region, PingResponse resp) {
      answers.put(region.getRegionNameAsString(), resp.getWhere());
    }

    @Override
    public synchronized void onRegionError(RegionInfo region, Throwable error) {
      errors.put(region.getRegionNameAsString(), error.getClass().getSimpleName() + ": "
          + error.getMessage());
    }

    @Override
    public void onComplete() {
      done.complete(null);
    }

    @Override
    public void onError(Throwable error) {
      done.completeExceptionally(error);
    }
  }

  private static Collected collect(AsyncTable at, byte[] from, byte[] to, boolean toInclusive,
      PingRequest req) throws Exception {
    Collected c = new Collected();
    PingRequest r = req == null ? ping("async") : req;
    AsyncTable.CoprocessorServiceBuilder<PingService.Stub, PingResponse> b =
        at.<PingService.Stub, PingResponse>coprocessorService(PingService::newStub,
            (stub, controller, cb) -> stub.ping(controller, r, cb), c);
    if (from != null) {
      b.fromRow(from);
    }
    if (to != null) {
      b.toRow(to, toInclusive);
    }
    b.execute();
    c.done.get(60, TimeUnit.SECONDS);
    return c;
  }

  @Test
  void errorsAreReportedPerRegionAndTheServerGoesOn() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Admin admin = cluster.connect().getAdmin();
      admin.createTable(pingTable(), SPLITS);
      List<RegionInfo> regions = admin.getRegions(T);
      String failing = regions.get(2).getRegionNameAsString();
      Table t = cluster.connect().getTable(T);
      PingRequest failInC = ping("boom").toBuilder().setFail(PingRequest.Failure.CONTROLLER)
          .setFailIn(ByteString.copyFrom(Bytes.toBytes("c"))).build();

      CoprocessorCallsFailedException e = assertThrows(CoprocessorCallsFailedException.class,
          () -> t.coprocessorService(PingService.class, null, null, call(failInC)));
      assertEquals(List.of(failing), e.getErrors().keySet().stream().map(Bytes::toString)
          .toList());
      Throwable error = e.getErrors().values().iterator().next();
      assertInstanceOf(CoprocessorException.class, error);
      assertEquals("the coprocessor endpoint strata.test.PingService.Ping ("
          + Pings.RegionPing.class.getName() + ") failed on region " + failing
          + ": java.io.IOException: asked to fail: boom", error.getMessage());
      Map<String, String> others = names(regions);
      others.remove(failing);
      assertEquals(others, wheres(e.getResults()));

      // Thrown, or no answer at all: typed errors naming the endpoint; nothing aborts.
      for (PingRequest.Failure f : List.of(PingRequest.Failure.THROW,
          PingRequest.Failure.SILENT)) {
        CoprocessorCallsFailedException one = assertThrows(
            CoprocessorCallsFailedException.class, () -> t.coprocessorService(PingService.class,
                null, null, call(failInC.toBuilder().setFail(f).build())));
        String message = one.getErrors().values().iterator().next().getMessage();
        assertTrue(message.startsWith("the coprocessor endpoint strata.test.PingService.Ping ("
            + Pings.RegionPing.class.getName() + ") "
            + (f == PingRequest.Failure.THROW ? "threw java.lang.IllegalStateException: asked "
                + "to throw: boom on region " : "answered nothing on region ") + failing),
            message);
      }
      assertEquals(names(regions), wheres(t.coprocessorService(PingService.class, null, null,
          call(ping("after")))));

      try (AsyncConnection async = ConnectionFactory.createAsyncConnection(
          cluster.configuration()).get()) {
        Collected c = collect(async.getTable(T), null, null, false, failInC);
        assertEquals(others, c.answers);
        assertEquals(List.of(failing), new ArrayList<>(c.errors.keySet()));
      }

      // A service no coprocessor of the table registers.
      CoprocessorCallsFailedException none = assertThrows(
          CoprocessorCallsFailedException.class, () -> t.coprocessorService(
              AggregateService.class, Bytes.toBytes("a"), Bytes.toBytes("a"),
              stub -> CoprocessorRpcUtils.<AggregateService, AggregateResponse>call(stub,
                  (s, c, done) -> s.aggregate(c, AggregateRequest.getDefaultInstance(), done))));
      assertEquals("no coprocessor endpoint strata.examples.AggregateService is loaded on "
          + "region " + regions.get(0).getRegionNameAsString() + " (it has "
          + "[strata.test.PingService]); load the coprocessor that registers it on the table "
          + "(alter 't', METHOD => 'table_att', 'coprocessor' => 'jar|class|priority') or in "
          + "the server's strata.coprocessor.*.classes",
          none.getErrors().values().iterator().next().getMessage());
    }
  }

  @Test
  void aRangeCallFollowsRegionsThatSplitAndMoveWhileItRuns() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 2)) {
      Admin admin = cluster.connect().getAdmin();
      admin.createTable(pingTable(), SPLITS);
      Table t = cluster.connect().getTable(T);
      // The table's locations are cached by this call, as they are when a range call starts.
      assertEquals(4, t.coprocessorService(PingService.class, null, null, call(ping("warm")))
          .size());
      String moving = admin.getRegions(T).get(3).getEncodedName();
      CountDownLatch changed = new CountDownLatch(1);
      java.util.concurrent.atomic.AtomicBoolean first =
          new java.util.concurrent.atomic.AtomicBoolean();
      Batch.Call<PingService, PingResponse> ping = call(ping("during"));
      Map<byte[], PingResponse> answers = t.coprocessorService(PingService.class, null, null,
          stub -> {
            // The first region's call to start splits [c, d) and moves [d, ...) before any
            // region's call goes out; the calls bound to those two then find them gone.
            if (first.compareAndSet(false, true)) {
              try {
                admin.split(T, Bytes.toBytes("c5"));
                admin.move(moving, null);
                MiniCluster.waitFor(() -> regionsNow(admin) == 5, java.time.Duration
                    .ofSeconds(60), "the daughters to open");
              } finally {
                changed.countDown();
              }
            } else {
              await(changed);
            }
            return ping.call(stub);
          });
      List<RegionInfo> now = admin.getRegions(T);
      assertEquals(5, now.size());
      assertEquals(names(now), wheres(answers));
    }
  }

  private static int regionsNow(Admin admin) {
    try {
      return admin.getRegions(T).size();
    } catch (IOException e) {
      return -1;
    }
  }

  private static void await(CountDownLatch latch) throws IOException {
    try {
      if (!latch.await(90, TimeUnit.SECONDS)) {
        throw new IOException("the split and move did not happen");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException();
    }
  }

  @Test
  void theMastersEndpointsAnswerThroughAdmin() throws Exception {
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.coprocessor.master.classes", Pings.MasterPing.class.getName());
    try (MiniCluster cluster = MiniCluster.start(conf, dir, 1)) {
      Admin admin = cluster.connect().getAdmin();
      String master = "master " + cluster.master().serverName();
      PingResponse r = PingService.newBlockingStub(admin.coprocessorService()).ping(null,
          ping("m"));
      assertEquals(master, r.getWhere());
      assertEquals("m", r.getText());
      try (AsyncConnection async = ConnectionFactory.createAsyncConnection(
          cluster.configuration()).get()) {
        PingResponse ar = async.getAdmin().<PingService.Stub, PingResponse>coprocessorService(
            PingService::newStub, (stub, c, cb) -> stub.ping(c, ping("am"), cb))
            .get(30, TimeUnit.SECONDS);
        assertEquals(master, ar.getWhere());
        assertEquals(2, ar.getCalls());
        java.util.concurrent.ExecutionException e = assertThrows(
            java.util.concurrent.ExecutionException.class, () -> async.getAdmin()
                .<PingService.Stub, PingResponse>coprocessorService(PingService::newStub,
                    (stub, c, cb) -> stub.ping(c, ping("bad").toBuilder()
                        .setFail(PingRequest.Failure.CONTROLLER).build(), cb))
                .get(30, TimeUnit.SECONDS));
        assertInstanceOf(CoprocessorException.class, e.getCause());
      }
    }
    // A master without coprocessors says so.
    try (MiniCluster cluster = MiniCluster.start(dir.resolve("plain"), 1)) {
      ServiceException e = assertThrows(ServiceException.class, () -> PingService
          .newBlockingStub(cluster.connect().getAdmin().coprocessorService()).ping(null,
              ping("none")));
      assertEquals("no coprocessor endpoint strata.test.PingService is loaded on the master (it"
          + " has no coprocessors); name the coprocessor in strata.coprocessor.master.classes",
          e.getCause().getMessage());
    }
  }
}
