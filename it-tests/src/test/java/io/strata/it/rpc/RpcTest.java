package io.strata.it.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.protobuf.StringValue;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.client.internal.rpc.RpcResponse;
import io.strata.common.conf.RpcKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.ServerBusyException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.proto.RpcProtos.ResponseHeaderProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.rpc.RpcFrame;
import io.strata.server.rpc.CallKind;
import io.strata.server.rpc.RpcMethod;
import io.strata.server.rpc.RpcResult;
import io.strata.server.rpc.RpcServer;
import io.strata.server.rpc.RpcServerOptions;
import io.strata.server.rpc.RpcService;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The RPC layer over real sockets on 127.0.0.1: calls and cell blocks round trip, errors arrive
 * as the exceptions the server threw, limits and deadlines hold, and garbage on the port never
 * stops the server from serving the next well-formed client.
 */
class RpcTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private RpcServer server;
  private RpcClient client;
  private final List<RpcConnection> connections = new ArrayList<>();
  private volatile CountDownLatch blockLatch = new CountDownLatch(0);
  private final CountDownLatch blockEntered = new CountDownLatch(1);
  private final List<byte[]> keptArrays = java.util.Collections.synchronizedList(new ArrayList<>());
  private final List<byte[]> keptBlocks = java.util.Collections.synchronizedList(new ArrayList<>());
  private final List<byte[]> freeArrays = java.util.Collections.synchronizedList(new ArrayList<>());
  private final java.util.concurrent.atomic.AtomicInteger writeRuns =
      new java.util.concurrent.atomic.AtomicInteger();

  private RpcService testService() {
    return new RpcService("TestService", Map.of(
        "Echo", new RpcMethod(StringValue.parser(), CallKind.READ,
            (param, cells) -> new RpcResult(param, cells)),
        "WhoAmI", new RpcMethod(StringValue.parser(), CallKind.WRITE,
            (param, cells) -> RpcResult.of(StringValue.of(RpcServer.caller()))),
        "Missing", new RpcMethod(StringValue.parser(), CallKind.READ, (param, cells) -> {
          throw new TableNotFoundException(((StringValue) param).getValue());
        }),
        "Bug", new RpcMethod(StringValue.parser(), CallKind.WRITE, (param, cells) -> {
          throw new IllegalStateException("a bug in the method");
        }),
        "Broken", new RpcMethod(StringValue.parser(), CallKind.WRITE, (param, cells) -> {
          throw new AssertionError("a broken invariant in the method");
        }),
        // Tried on the network thread; hands off there when asked to, as a write whose row is
        // locked does. Answers where it ran, and counts its runs.
        "Write", new RpcMethod(StringValue.parser(), CallKind.WRITE, (param, cells) -> {
          writeRuns.incrementAndGet();
          boolean io = RpcServer.onIoThread();
          if (io && ((StringValue) param).getValue().equals("hand off")) {
            return RpcResult.HAND_OFF;
          }
          return RpcResult.of(text(io ? "network thread" : "handler"));
        }, true),
        // Echoes its cell block; its request is free to reuse unless its parameter says
        // "keep", and then the array and a copy of its block are kept to check later.
        "RawEcho", RpcMethod.raw(CallKind.WRITE, (param, cells, length) -> {
          boolean keep = StringValue.parseFrom(param).getValue().startsWith("keep");
          byte[] block = java.util.Arrays.copyOf(cells, length);
          (keep ? keptArrays : freeArrays).add(cells);
          if (keep) {
            keptBlocks.add(block);
          }
          return new RpcResult(StringValue.of(String.valueOf(length)), block, null, !keep);
        }),
        "Block", new RpcMethod(StringValue.parser(), CallKind.SCAN, (param, cells) -> {
          blockEntered.countDown();
          try {
            blockLatch.await(30, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return RpcResult.of(param);
        })));
  }

  private void start(StrataConfiguration conf) throws IOException {
    server = new RpcServer("test-server", RpcServerOptions.fromConfig(conf, "127.0.0.1", 0),
        List.of(testService()));
    server.start();
    client = new RpcClient("tester", 2);
  }

  private static StrataConfiguration conf() {
    return StrataConfiguration.defaults();
  }

  private RpcConnection connect() throws IOException {
    RpcConnection c = client.connect(server.address(), "TestService", TIMEOUT);
    connections.add(c);
    return c;
  }

  @AfterEach
  void stop() {
    blockLatch.countDown();
    connections.forEach(RpcConnection::close);
    if (server != null) {
      server.close();
    }
    if (client != null) {
      client.close();
    }
  }

  private static StringValue text(String s) {
    return StringValue.of(s);
  }

  private static <T> T get(CompletableFuture<T> f) throws Exception {
    return f.get(30, TimeUnit.SECONDS);
  }

  private static Throwable failure(CompletableFuture<?> f) throws Exception {
    try {
      f.get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    }
    return fail("the call succeeded");
  }

  private static void waitFor(BooleanSupplier condition, String what) {
    io.strata.it.minicluster.MiniCluster.waitFor(condition, Duration.ofSeconds(30), what);
  }


  @Test
  void callsAndCellBlocksRoundTripFromManyThreads() throws Exception {
    start(conf());
    RpcConnection c = connect();
    inThreads(8, seed -> {
      Random rnd = new Random(seed);
      for (int i = 0; i < 200; i++) {
        // Now and then a block of megabytes, which reaches the server in many reads.
        int size = i % 50 == 7 ? 1 + rnd.nextInt(3 << 20)
            : rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(5000);
        byte[] cells = new byte[size];
        rnd.nextBytes(cells);
        String s = "call " + seed + "/" + i;
        RpcResponse<StringValue> r = get(c.call("Echo", text(s),
            CellBlock.Writer.encoded(cells), StringValue.parser(), TIMEOUT, 0));
        assertEquals(s, r.result().getValue());
        assertArrayEquals(cells, r.cellBlock());
      }
    });
  }

  /** What one of {@link #inThreads}'s threads does, given its number. */
  private interface ThreadBody {
    void run(int thread) throws Exception;
  }

  /** Runs {@code body} on {@code count} threads at once; fails with any thread's failures. */
  private static void inThreads(int count, ThreadBody body) throws InterruptedException {
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < count; t++) {
      int thread = t;
      threads.add(new Thread(() -> {
        try {
          body.run(thread);
        } catch (Throwable e) {
          failures.add(e);
        }
      }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    assertEquals(List.of(), failures);
  }

  /**
   * The user a call is served as is the one its connection's header gave, recorded by the
   * server for the connection; calls carry no user of their own to claim another.
   */
  @Test
  void everyCallIsServedAsItsConnectionsUser() throws Exception {
    start(conf());
    assertEquals("tester", connect().call("WhoAmI", StringValue.of(""), null,
        StringValue.parser(), TIMEOUT, 0).get().result().getValue());
    try (RpcClient bob = new RpcClient("bob", 1)) {
      assertEquals("bob", bob.connect(server.address(), "TestService", TIMEOUT).call("WhoAmI",
          StringValue.of(""), null, StringValue.parser(), TIMEOUT, 0).get().result()
          .getValue());
    }
  }

  @Test
  void largeRequestsAreReadIntoReusedArraysOnlyOnceTheirCallsAreDoneWithThem() throws Exception {
    start(conf());
    RpcConnection c = connect();
    Random rnd = new Random(42);
    int mb = 1 << 20;
    // One call after another: the first, largest, block's array serves every later one.
    for (int i = 0; i < 30; i++) {
      byte[] cells = new byte[i == 0 ? 2 * mb : mb + rnd.nextInt(mb)];
      rnd.nextBytes(cells);
      RpcResponse<StringValue> r = get(c.call("RawEcho", text("free " + i),
          CellBlock.Writer.encoded(cells), StringValue.parser(), TIMEOUT, 0));
      assertEquals(String.valueOf(cells.length), r.result().getValue());
      assertArrayEquals(cells, r.cellBlock(), "only the block's own bytes, not the array's tail");
    }
    assertEquals(30, freeArrays.size());
    assertEquals(1, distinct(freeArrays), "every call after the first reused the first's array");

    // Calls whose requests are kept, among reusing ones on other connections: no kept array
    // is ever lent again, so every kept block is as its call saw it.
    List<RpcConnection> own = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      own.add(connect());
    }
    inThreads(4, seed -> {
      Random r = new Random(seed);
      for (int i = 0; i < 25; i++) {
        byte[] cells = new byte[(256 << 10) + r.nextInt(2 * mb)];
        r.nextBytes(cells);
        String s = (r.nextInt(3) == 0 ? "keep " : "free ") + seed + "/" + i;
        RpcResponse<StringValue> res = get(own.get(seed).call("RawEcho", text(s),
            CellBlock.Writer.encoded(cells), StringValue.parser(), TIMEOUT, 0));
        assertArrayEquals(cells, res.cellBlock(), s);
      }
    });
    assertTrue(keptArrays.size() > 10, "the seeds keep some: " + keptArrays.size());
    assertEquals(keptArrays.size(), distinct(keptArrays),
        "a kept request's array is never lent to another call");
    for (int i = 0; i < keptArrays.size(); i++) {
      byte[] block = keptBlocks.get(i);
      assertTrue(java.util.Arrays.equals(block, 0, block.length, keptArrays.get(i), 0,
          block.length), "kept block " + i + " was overwritten by a later call");
    }
  }

  private static int distinct(List<byte[]> arrays) {
    java.util.Set<byte[]> set =
        java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    set.addAll(arrays);
    return set.size();
  }

  @Test
  void everyTransportServesReadsOnItsNetworkThreadOrOnHandlers() throws Exception {
    for (boolean epoll : new boolean[] {true, false}) {
      for (boolean onIoThread : new boolean[] {true, false}) {
        StrataConfiguration c = conf().set(RpcKeys.NATIVE_TRANSPORT, String.valueOf(epoll))
            .set(RpcKeys.READS_ON_IO_THREAD, String.valueOf(onIoThread));
        server = new RpcServer("test-server", RpcServerOptions.fromConfig(c, "127.0.0.1", 0),
            List.of(testService()));
        server.start();
        client = new RpcClient("tester", 2, io.strata.common.rpc.NettyTransport.choose(epoll));
        String what = (epoll ? "epoll" : "nio") + (onIoThread ? ", on the network thread" : "");
        RpcConnection conn = connect();
        for (int i = 0; i < 50; i++) {
          assertEquals(what + i, get(conn.call("Echo", text(what + i), null,
              StringValue.parser(), TIMEOUT, 0)).result().getValue(), what);
        }
        assertInstanceOf(TableNotFoundException.class, failure(conn.call("Missing", text("t"),
            null, StringValue.parser(), TIMEOUT, 0)), what);
        stop();
        connections.clear();
      }
    }
    server = null;
    client = null;
  }

  @Test
  void aWriteTriedOnTheNetworkThreadRunsThereOrIsHandedToAHandler() throws Exception {
    start(conf());
    RpcConnection c = connect();
    assertEquals("network thread", get(c.call("Write", text("now"), null, StringValue.parser(),
        TIMEOUT, 0)).result().getValue());
    assertEquals(1, writeRuns.getAndSet(0));
    // Handed off: nothing answered from the network thread, one answer from the handler.
    assertEquals("handler", get(c.call("Write", text("hand off"), null, StringValue.parser(),
        TIMEOUT, 0)).result().getValue());
    assertEquals(2, writeRuns.getAndSet(0));
    // With the key off, every write goes to a handler.
    stop();
    connections.clear();
    start(conf().set(RpcKeys.WRITES_ON_IO_THREAD, "false"));
    c = connect();
    assertEquals("handler", get(c.call("Write", text("now"), null, StringValue.parser(),
        TIMEOUT, 0)).result().getValue());
    assertEquals(1, writeRuns.get());
  }

  @Test
  void errorsArriveAsTheExceptionsTheServerThrew() throws Exception {
    start(conf());
    RpcConnection c = connect();
    Throwable missing = failure(c.call("Missing", text("ns:users"), null, StringValue.parser(),
        TIMEOUT, 0));
    assertInstanceOf(TableNotFoundException.class, missing);
    assertEquals(new TableNotFoundException("ns:users").getMessage(), missing.getMessage());
    Throwable bug = failure(c.call("Bug", text(""), null, StringValue.parser(), TIMEOUT, 0));
    assertInstanceOf(ServerErrorException.class, bug);
    assertTrue(bug.getMessage().contains("a bug in the method"), bug.getMessage());
    Throwable unknown = failure(c.call("Nope", text(""), null, StringValue.parser(), TIMEOUT,
        0));
    assertInstanceOf(BadRequestException.class, unknown);
    assertEquals("bad request: service TestService has no method 'Nope'", unknown.getMessage());
    // The connection survives call errors.
    assertEquals("still here", get(c.call("Echo", text("still here"), null,
        StringValue.parser(), TIMEOUT, 0)).result().getValue());
  }

  @Test
  void anErrorInAMethodIsAnsweredAndItsHandlerServesOn() throws Exception {
    start(conf().set(RpcKeys.WRITES_ON_IO_THREAD, "false").set(RpcKeys.WRITE_HANDLERS, "2"));
    RpcConnection c = connect();
    // More failing calls than there are handlers: each one used to end its handler thread
    // unanswered, its client waiting out the timeout, until no handler was left.
    int calls = 8;
    for (int i = 0; i < calls; i++) {
      Throwable broken = failure(c.call("Broken", text(""), null, StringValue.parser(),
          TIMEOUT, 0));
      assertInstanceOf(ServerErrorException.class, broken);
      assertTrue(broken.getMessage().contains("a broken invariant in the method"),
          broken.getMessage());
    }
    assertEquals("handler", get(c.call("Write", text("on a handler"), null,
        StringValue.parser(), TIMEOUT, 0)).result().getValue());
  }

  @Test
  void anUnknownServiceIsRefusedAndTheConnectionClosed() throws Exception {
    start(conf());
    RpcConnection wrong = client.connect(server.address(), "AdminServise", TIMEOUT);
    connections.add(wrong);
    Throwable e = failure(wrong.call("Echo", text(""), null, StringValue.parser(), TIMEOUT, 0));
    assertInstanceOf(BadRequestException.class, e);
    assertEquals("bad request: this server offers no service 'AdminServise'; it offers "
        + "TestService", e.getMessage());
    waitFor(() -> !wrong.isOpen(), "the server closed the connection");
    assertEquals("ok", get(connect().call("Echo", text("ok"), null, StringValue.parser(),
        TIMEOUT, 0)).result().getValue());
  }

  @Test
  void anOversizedRequestIsRefusedByName() throws Exception {
    start(conf().set(RpcKeys.MAX_REQUEST_SIZE, "4k"));
    RpcConnection c = connect();
    Throwable e = failure(c.call("Echo", text("x".repeat(5000)), null, StringValue.parser(),
        TIMEOUT, 0));
    assertInstanceOf(BadRequestException.class, e);
    assertTrue(e.getMessage().contains("larger than strata.rpc.max.request.size (4096 bytes)"),
        e.getMessage());
    assertEquals("small", get(connect().call("Echo", text("small"), null, StringValue.parser(),
        TIMEOUT, 0)).result().getValue());
  }

  @Test
  void aFullQueueRefusesAndExpiredCallsAreDropped() throws Exception {
    start(conf().set(RpcKeys.SCAN_HANDLERS, "1").set(RpcKeys.QUEUE_LENGTH, "1")
        .set(RpcKeys.READS_ON_IO_THREAD, "false"));
    blockLatch = new CountDownLatch(1);
    RpcConnection c = connect();
    CompletableFuture<?> running = c.call("Block", text("first"), null, StringValue.parser(),
        TIMEOUT, 0);
    assertTrue(blockEntered.await(30, TimeUnit.SECONDS));
    // Queued behind it, with a timeout that runs out while it waits.
    CompletableFuture<?> queued = c.call("Block", text("second"), null, StringValue.parser(),
        Duration.ofMillis(200), 0);
    Throwable busy = failure(c.call("Block", text("third"), null, StringValue.parser(), TIMEOUT,
        0));
    // The server had the second call before it refused the third: its deadline there (200 ms
    // from its arrival) has passed 200 ms from now, whatever the client's timer says.
    long expiredOnServer = System.nanoTime() + Duration.ofMillis(250).toNanos();
    assertInstanceOf(ServerBusyException.class, busy);
    assertTrue(busy.getMessage().contains("its scan call queue is full (1 calls)"),
        busy.getMessage());
    assertInstanceOf(CallTimeoutException.class, failure(queued));
    waitFor(() -> System.nanoTime() > expiredOnServer, "the queued call's deadline to pass");
    blockLatch.countDown();
    assertEquals("first", ((StringValue) ((RpcResponse<?>) get(running)).result()).getValue());
    waitFor(() -> server.droppedExpiredCalls() == 1, "the expired call was dropped");
  }

  @Test
  void aStopFinishesTheCallsInProgress() throws Exception {
    start(conf().set(RpcKeys.READS_ON_IO_THREAD, "false"));
    blockLatch = new CountDownLatch(1);
    RpcConnection c = connect();
    CompletableFuture<RpcResponse<StringValue>> running = c.call("Block", text("in flight"),
        null, StringValue.parser(), TIMEOUT, 0);
    assertTrue(blockEntered.await(30, TimeUnit.SECONDS));
    int port = server.address().getPort();
    Thread stopper = new Thread(server::close);
    stopper.start();
    // The stop has begun once the port refuses connections; the call in progress must still
    // be answered.
    waitFor(() -> {
      try (Socket s = new Socket("127.0.0.1", port)) {
        return false;
      } catch (IOException e) {
        return true;
      }
    }, "the server stopped accepting");
    assertTrue(stopper.isAlive(), "the stop waits for the call in progress");
    blockLatch.countDown();
    assertEquals("in flight", get(running).result().getValue());
    stopper.join();
    server = null;
  }

  // ---- garbage on the port ----

  /** The server still serves a well-formed client. */
  private void stillServes() throws Exception {
    assertEquals("alive", get(connect().call("Echo", text("alive"), null, StringValue.parser(),
        TIMEOUT, 0)).result().getValue());
  }

  @Test
  void garbageNeverStopsTheServer() throws Exception {
    start(conf().set(RpcKeys.SETUP_TIMEOUT, "500ms"));
    RpcGarbage.throwAt(new InetSocketAddress("127.0.0.1", server.address().getPort()),
        this::stillServes);
  }
}
