package io.strata.it.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.protobuf.StringValue;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.strata.client.internal.rpc.DirectConnection;
import io.strata.client.internal.rpc.RequestNotSentException;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcResponse;
import io.strata.common.conf.RpcKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.proto.RpcProtos.ConnectionHeaderProto;
import io.strata.common.proto.RpcProtos.RequestHeaderProto;
import io.strata.common.proto.RpcProtos.ResponseHeaderProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.rpc.LocalLanes;
import io.strata.common.rpc.NettyTransport;
import io.strata.common.rpc.RpcFrame;
import io.strata.common.rpc.SharedLane;
import io.strata.server.rpc.CallKind;
import io.strata.server.rpc.RpcMethod;
import io.strata.server.rpc.RpcResult;
import io.strata.server.rpc.RpcServer;
import io.strata.server.rpc.RpcServerOptions;
import io.strata.server.rpc.RpcService;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shared-memory lanes (strata.rpc.local.lanes) between a real server and client through the
 * server's local socket: calls of every size, from several threads, with either side asleep,
 * and what a lane the server cannot trust or a server that goes away does to them.
 */
class SharedLaneRpcTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final long SPIN = TimeUnit.MICROSECONDS.toNanos(100);
  /** The smallest pipes, so that large frames stream through in parts. */
  private static final int CAPACITY = SharedLane.MIN_CAPACITY;

  @TempDir
  Path tmp;
  private Path sockets;
  private Path lanes;
  private final List<RpcServer> servers = new ArrayList<>();
  private final List<RpcClient> clients = new ArrayList<>();
  private final List<DirectConnection> connections = new ArrayList<>();
  /** Slow calls wait on it; opened when a test is done with them. */
  private volatile CountDownLatch slow = new CountDownLatch(0);

  @BeforeEach
  void nativeTransport() throws IOException {
    assumeTrue(NettyTransport.choose(true).hasDomainSockets(), "local sockets need epoll");
    sockets = tmp.resolve("sockets");
    lanes = Files.createDirectory(tmp.resolve("lanes"));
  }

  @AfterEach
  void stop() {
    slow.countDown();
    connections.forEach(DirectConnection::close);
    servers.forEach(RpcServer::close);
    clients.forEach(RpcClient::close);
  }

  private RpcServer server(boolean takesLanes) throws IOException {
    return server(takesLanes, "256m");
  }

  private RpcServer server(boolean takesLanes, String maxRequest) throws IOException {
    StrataConfiguration conf = StrataConfiguration.defaults()
        .set(RpcKeys.LOCAL_SOCKET_DIR.name(), sockets.toString())
        .set(RpcKeys.LOCAL_LANES.name(), Boolean.toString(takesLanes))
        .set(RpcKeys.LOCAL_LANE_DIR.name(), lanes.toString())
        .set(RpcKeys.MAX_REQUEST_SIZE.name(), maxRequest);
    RpcServer s = new RpcServer("test-server", RpcServerOptions.fromConfig(conf, "127.0.0.1", 0),
        List.of(new RpcService("TestService", Map.of(
            "Echo", new RpcMethod(StringValue.parser(), CallKind.READ,
                (param, cells) -> new RpcResult(param, cells)),
            // On a handler thread: its answer is written from there, not the network thread.
            "SlowEcho", new RpcMethod(StringValue.parser(), CallKind.WRITE,
                (param, cells) -> {
                  try {
                    slow.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  return new RpcResult(param, cells);
                })))));
    servers.add(s);
    s.start();
    return s;
  }

  private DirectConnection direct(RpcServer server) throws IOException {
    RpcClient c = new RpcClient("tester", 1, NettyTransport.choose(true), sockets,
        new LocalLanes(lanes, CAPACITY));
    clients.add(c);
    DirectConnection d = c.connectDirect(server.address(), "TestService", TIMEOUT, SPIN);
    connections.add(d);
    return d;
  }

  private static RpcResponse<StringValue> call(DirectConnection c, String method, String s,
      byte[] cells) throws Exception {
    CompletableFuture<RpcResponse<StringValue>> f = c.call(method, StringValue.of(s),
        cells == null ? null : CellBlock.Writer.encoded(cells), StringValue.parser(), TIMEOUT,
        0);
    c.await(f);
    return f.get(30, TimeUnit.SECONDS);
  }

  private static void echo(DirectConnection c, String method, int size, Random rnd)
      throws Exception {
    byte[] cells = new byte[size];
    rnd.nextBytes(cells);
    RpcResponse<StringValue> r = call(c, method, "echo " + size, cells);
    assertEquals("echo " + size, r.result().getValue());
    assertArrayEquals(cells, size == 0 && r.cellBlock() == null ? new byte[0] : r.cellBlock());
  }

  @Test
  void callsOfEverySizeGoThroughTheLaneWhoseNameIsGoneOnceMapped() throws Exception {
    DirectConnection c = direct(server(true));
    assertTrue(c.toString().contains("shared-memory lane"), c.toString());
    try (var left = Files.list(lanes)) {
      assertEquals(List.of(), left.toList(), "the lane's file has no name left");
    }
    Random rnd = new Random(42);
    // 300,000 and 3,000,000 bytes are several times the pipes: they stream through in parts.
    for (int size : new int[] {0, 17, 5000, CAPACITY, 300_000, 3_000_000, 1}) {
      echo(c, "Echo", size, rnd);
      echo(c, "SlowEcho", size, rnd); // answered from a handler thread
    }
  }

  @Test
  void aServerThatTakesNoLanesIsCalledThroughItsSocket() throws Exception {
    DirectConnection c = direct(server(false));
    assertTrue(c.toString().contains("local socket"), c.toString());
    echo(c, "Echo", 300_000, new Random(1));
    try (var left = Files.list(lanes)) {
      assertEquals(List.of(), left.toList(), "the refused lane is removed");
    }
  }

  @Test
  void fourThreadsShareOneLane() throws Exception {
    DirectConnection c = direct(server(true));
    List<CompletableFuture<Void>> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int seed = t;
      threads.add(CompletableFuture.runAsync(() -> {
        Random rnd = new Random(seed);
        try {
          for (int i = 0; i < 200; i++) {
            echo(c, rnd.nextInt(4) == 0 ? "SlowEcho" : "Echo", rnd.nextInt(200_000), rnd);
          }
        } catch (Exception e) {
          throw new RuntimeException(e);
        }
      }));
    }
    for (CompletableFuture<Void> t : threads) {
      t.get(120, TimeUnit.SECONDS);
    }
  }

  /**
   * The server's network thread sleeps once it has been idle for its spin, and so does a client
   * waiting for a slow answer: each is woken by the other's doorbell on the socket. The test is
   * the client here, over a lane of its own, so that it sees each side's mark: a server never
   * rung would leave a call unanswered, a client never rung would wait out the select.
   */
  @Test
  void sleepingSidesAreRungAwake() throws Exception {
    RpcServer server = server(true);
    SharedLane lane = SharedLane.create(lanes, CAPACITY);
    try (SocketChannel ch = open(server, lane.path()); Selector bell = Selector.open()) {
      assertEquals(RpcFrame.LANE_TAKEN, readByte(ch));
      lane.unlink();
      ch.configureBlocking(false);
      ch.register(bell, SelectionKey.OP_READ);
      int rung = 0;
      for (int call = 1; call <= 5; call++) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!lane.toServer().readerWaiting()) { // past its spin, the server's loop sleeps
          assertTrue(System.nanoTime() < deadline, "the server's loop never went to sleep");
          Thread.yield();
        }
        rung += request(lane, ch, call, "Echo", "echo " + call) ? 1 : 0;
        assertEquals("echo " + call, answer(lane, call));
      }
      assertTrue(rung > 0, "the client rang a sleeping server");

      slow = new CountDownLatch(1);
      request(lane, ch, 6, "SlowEcho", "late");
      assertTrue(lane.toClient().prepareToWait(), "no answer yet: the client goes to sleep");
      slow.countDown();
      assertEquals(1, bell.select(30_000), "the server rings the sleeping client");
      ByteBuffer bells = ByteBuffer.allocate(16);
      assertTrue(ch.read(bells) > 0);
      lane.toClient().doneWaiting();
      assertEquals("late", answer(lane, 6));
    }
  }

  /** Writes a call into the lane, ringing the server if it sleeps; whether it rang. */
  private static boolean request(SharedLane lane, SocketChannel ch, int callId, String method,
      String s) throws IOException {
    ByteBuf buf = Unpooled.buffer();
    RpcFrame.write(buf, RequestHeaderProto.newBuilder().setCallId(callId).setMethod(method)
        .build(), StringValue.of(s), (byte[]) null);
    ByteBuffer bytes = buf.nioBuffer();
    while (bytes.hasRemaining()) {
      lane.toServer().write(bytes);
    }
    if (lane.toServer().takeWaiter()) {
      ch.write(ByteBuffer.wrap(new byte[] {1}));
      return true;
    }
    return false;
  }

  /** Reads the answer to call {@code callId} out of the lane, within 30 seconds. */
  private static String answer(SharedLane lane, int callId) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    ByteBuffer length = ByteBuffer.allocate(4);
    ByteBuffer body = null;
    while (body == null || body.hasRemaining()) {
      assertTrue(System.nanoTime() < deadline, "no answer to call " + callId);
      if (body == null && lane.toClient().read(length) > 0 && !length.hasRemaining()) {
        body = ByteBuffer.allocate(length.getInt(0));
      } else if (body != null && lane.toClient().read(body) == 0) {
        Thread.yield();
      }
    }
    RpcFrame frame = RpcFrame.read(Unpooled.wrappedBuffer(body.array()));
    assertEquals(callId, ResponseHeaderProto.parseFrom(frame.header()).getCallId());
    return StringValue.parseFrom(frame.param()).getValue();
  }

  /**
   * Nothing reads a lane whose server is gone: the call written into it fails once its waiting
   * client finds the socket closed, as it would through the socket.
   */
  @Test
  void aServerGoneFailsTheCallsWrittenIntoItsLane() throws Exception {
    RpcServer server = server(true);
    DirectConnection c = direct(server);
    echo(c, "Echo", 10, new Random(5));
    servers.remove(server);
    server.close();
    CompletableFuture<RpcResponse<StringValue>> f = c.call("Echo", StringValue.of("nobody"),
        null, StringValue.parser(), TIMEOUT, 0);
    c.await(f);
    ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(0, TimeUnit.SECONDS));
    assertInstanceOf(ServerErrorException.class, e.getCause());
    // Nobody read the request out of the lane: it cannot have run, so even an increment may be
    // tried again, as when a socket refuses a request's first byte.
    assertTrue(RequestNotSentException.in(e.getCause()), e.getCause().toString());
  }

  /**
   * A request larger than the server accepts, and than the lane holds: the server reads its
   * length, puts its error about the connection into the lane and closes. The client stuck
   * writing the rest sees the close, and reads the error before it takes the close as the
   * reason.
   */
  @Test
  void theServersErrorInTheLaneComesBeforeItsClose() throws Exception {
    DirectConnection c = direct(server(true, "1k"));
    CompletableFuture<RpcResponse<StringValue>> f = c.call("Echo", StringValue.of("big"),
        CellBlock.Writer.encoded(new byte[300_000]), StringValue.parser(), TIMEOUT, 0);
    c.await(f);
    ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(0, TimeUnit.SECONDS));
    assertInstanceOf(BadRequestException.class, e.getCause());
    assertTrue(e.getCause().getMessage().contains(RpcKeys.MAX_REQUEST_SIZE.name()),
        e.getCause().getMessage());
  }

  /**
   * A client process killed while its calls stream through its lane: the server sees its socket
   * close, drops the lane and serves the next client, and no lane file is left.
   */
  @Test
  void aClientProcessKilledMidCallLeavesNothingBehind() throws Exception {
    RpcServer server = server(true);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child = new ProcessBuilder(java, "-Xmx128m", "-cp",
        System.getProperty("java.class.path"), LaneClientMain.class.getName(),
        sockets.toString(), "127.0.0.1", Integer.toString(server.address().getPort()),
        lanes.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
        StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null && !line.startsWith("DirectConnection{")) {
        // anything logged before it
      }
      assertTrue(line != null && line.contains("shared-memory lane"), String.valueOf(line));
      while ((line = out.readLine()) != null && !line.equals("CALLED 50")) {
        // its calls stream on; kill it amid them
      }
      assertEquals("CALLED 50", line);
      child.destroyForcibly(); // SIGKILL: no close, no unmap
      assertTrue(child.waitFor(30, TimeUnit.SECONDS));
    } finally {
      child.destroyForcibly();
    }
    try (var left = Files.list(lanes)) {
      assertEquals(List.of(), left.toList(), "the lane's name went at the handshake");
    }
    DirectConnection c = direct(server);
    Random rnd = new Random(8);
    for (int i = 0; i < 20; i++) {
      echo(c, "Echo", 100_000, rnd);
    }
  }

  /** Speaks the connection's opening by hand, naming {@code lane}; returns the socket. */
  private SocketChannel open(RpcServer server, Path lane) throws IOException {
    SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
    ch.connect(UnixDomainSocketAddress.of(server.localSocket()));
    ByteBuf buf = Unpooled.buffer();
    buf.writeBytes(RpcFrame.MAGIC).writeByte(RpcFrame.LANE_VERSION);
    RpcFrame.write(buf, ConnectionHeaderProto.newBuilder().setUser("tester")
        .setService("TestService").setCellCodec("keyvalue").setLane(lane.toString()).build(),
        null, (byte[]) null);
    ch.write(buf.nioBuffer());
    return ch;
  }

  private static int readByte(SocketChannel ch) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(1);
    return ch.read(b) < 0 ? -1 : b.get(0);
  }

  /** Whether the server closed {@code ch} (a reset: it had not read the doorbell). */
  private static boolean closed(SocketChannel ch) {
    try {
      return readByte(ch) < 0;
    } catch (IOException e) {
      return e.getMessage() != null && e.getMessage().contains("reset");
    }
  }

  @Test
  void aFileThatIsNotALaneIsRefusedAndTheConnectionGoesOn() throws Exception {
    RpcServer server = server(true);
    Path notALane = Files.write(lanes.resolve("not-a-lane"), new byte[8192]);
    try (SocketChannel ch = open(server, notALane)) {
      assertEquals(RpcFrame.LANE_REFUSED, readByte(ch), "refused: the calls stay on the socket");
    }
    // A lane anywhere but the server's lane directory, even a good one, is refused too.
    SharedLane elsewhere = SharedLane.create(tmp, CAPACITY);
    try (SocketChannel ch = open(server, elsewhere.path())) {
      assertEquals(RpcFrame.LANE_REFUSED, readByte(ch));
    } finally {
      elsewhere.unlink();
    }
    echo(direct(server), "Echo", 1000, new Random(6)); // and the server serves on
  }

  /**
   * A client that writes an impossible count into its lane loses its connection; the server
   * logs it and serves others.
   */
  @Test
  void aLaneWrittenOverLosesItsConnectionNotTheServer() throws Exception {
    RpcServer server = server(true);
    SharedLane lane = SharedLane.create(lanes, CAPACITY);
    try (SocketChannel ch = open(server, lane.path())) {
      assertEquals(RpcFrame.LANE_TAKEN, readByte(ch), "taken");
      try (FileChannel f = FileChannel.open(lane.path(), StandardOpenOption.READ,
          StandardOpenOption.WRITE)) {
        MappedByteBuffer m = f.map(FileChannel.MapMode.READ_WRITE, 0, f.size());
        m.order(ByteOrder.nativeOrder()).putLong(4096, 10L * CAPACITY); // "written" to server
      }
      ch.write(ByteBuffer.wrap(new byte[] {1})); // the doorbell, in case its loop sleeps
      assertTrue(closed(ch), "the server closes the connection");
    } finally {
      lane.unlink();
    }
    echo(direct(server), "Echo", 1000, new Random(7));
  }
}
