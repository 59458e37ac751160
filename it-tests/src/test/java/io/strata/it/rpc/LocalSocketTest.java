package io.strata.it.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.protobuf.StringValue;
import io.strata.client.internal.rpc.DirectConnection;
import io.strata.client.internal.rpc.RequestNotSentException;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.client.internal.rpc.RpcResponse;
import io.strata.common.conf.RpcKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.ServerErrorException;
import io.strata.common.rpc.CellBlock;
import io.strata.common.rpc.LocalSockets;
import io.strata.common.rpc.NettyTransport;
import io.strata.server.rpc.CallKind;
import io.strata.server.rpc.RpcMethod;
import io.strata.server.rpc.RpcResult;
import io.strata.server.rpc.RpcServer;
import io.strata.server.rpc.RpcServerOptions;
import io.strata.server.rpc.RpcService;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Servers' local sockets (strata.rpc.local.sockets) over real sockets: a client on the server's
 * machine calls through the socket, any other client and any client that cannot reach the
 * socket calls over TCP, and the answers are the same either way.
 */
class LocalSocketTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final long SPIN = TimeUnit.MICROSECONDS.toNanos(100);

  @TempDir
  Path tmp;
  private Path dir;
  private final List<RpcServer> servers = new ArrayList<>();
  private final List<RpcClient> clients = new ArrayList<>();
  private final List<RpcConnection> connections = new ArrayList<>();

  @BeforeEach
  void nativeTransport() {
    assumeTrue(NettyTransport.choose(true).hasDomainSockets(), "local sockets need epoll");
    dir = tmp.resolve("sockets");
  }

  @AfterEach
  void stop() {
    connections.forEach(RpcConnection::close);
    servers.forEach(RpcServer::close);
    clients.forEach(RpcClient::close);
  }

  private RpcServer server(Path socketDir, int port) throws IOException {
    return server(socketDir, "127.0.0.1", port);
  }

  private RpcServer server(Path socketDir, String host, int port) throws IOException {
    StrataConfiguration conf = StrataConfiguration.defaults()
        .set(RpcKeys.LOCAL_SOCKET_DIR.name(), socketDir.toString());
    RpcServer s = new RpcServer("test-server", RpcServerOptions.fromConfig(conf, host, port),
        List.of(new RpcService("TestService", Map.of(
            "Echo", new RpcMethod(StringValue.parser(), CallKind.READ,
                (param, cells) -> new RpcResult(param, cells)),
            "Who", new RpcMethod(StringValue.parser(), CallKind.READ,
                (param, cells) -> RpcResult.of(StringValue.of(host)))))));
    servers.add(s);
    s.start();
    return s;
  }

  private RpcClient client(Path socketDir) {
    RpcClient c = new RpcClient("tester", 1, NettyTransport.choose(true), socketDir);
    clients.add(c);
    return c;
  }

  private DirectConnection direct(RpcClient client, RpcServer server) throws IOException {
    DirectConnection c = client.connectDirect(server.address(), "TestService", TIMEOUT, SPIN);
    connections.add(c);
    return c;
  }

  private RpcConnection async(RpcClient client, RpcServer server) throws IOException {
    RpcConnection c = client.connect(server.address(), "TestService", TIMEOUT);
    connections.add(c);
    return c;
  }

  /** Echo calls with cell blocks of several sizes, one larger than a read buffer. */
  private static void echoes(RpcConnection c) throws Exception {
    Random rnd = new Random(42);
    for (int size : new int[] {0, 17, 5000, 300_000}) {
      byte[] cells = new byte[size];
      rnd.nextBytes(cells);
      String s = "echo " + size;
      CompletableFuture<RpcResponse<StringValue>> f = c.call("Echo", StringValue.of(s),
          CellBlock.Writer.encoded(cells), StringValue.parser(), TIMEOUT, 0);
      if (c instanceof DirectConnection d) {
        d.await(f);
      }
      RpcResponse<StringValue> r = f.get(30, TimeUnit.SECONDS);
      assertEquals(s, r.result().getValue());
      assertArrayEquals(cells, size == 0 && r.cellBlock() == null ? new byte[0] : r.cellBlock());
    }
  }

  /**
   * A direct and a Netty connection of {@code client} to {@code server}, each through the local
   * socket if {@code local}, else over TCP, each answering echoes.
   */
  private void bothConnectionsEcho(RpcClient client, RpcServer server, boolean local)
      throws Exception {
    for (RpcConnection c : List.of(direct(client, server), async(client, server))) {
      assertEquals(local, c.isLocal(), c.toString());
      echoes(c);
    }
  }

  @Test
  void aClientOnThisMachineCallsThroughTheSocketWhichGoesWithItsServer() throws Exception {
    RpcServer server = server(dir, 0);
    Path socket = LocalSockets.socket(dir, server.address());
    assertEquals(socket, server.localSocket());
    assertTrue(Files.exists(socket));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));

    bothConnectionsEcho(client(dir), server, true);
    // A client not told of the directory calls over TCP, and gets the same answers.
    bothConnectionsEcho(client(null), server, false);

    servers.remove(server);
    server.close();
    assertFalse(Files.exists(socket), "a stopped server's socket is gone");
  }

  @Test
  void withoutTheSocketOrWithADeadOneTheClientCallsOverTcp() throws Exception {
    RpcServer server = server(dir, 0);
    RpcClient client = client(dir);
    Files.delete(server.localSocket());
    bothConnectionsEcho(client, server, false);
    // A file where the socket was, as a killed server leaves: nobody answers there.
    Files.createFile(server.localSocket());
    bothConnectionsEcho(client, server, false);
  }

  /**
   * Two servers on one port of two addresses of this machine each keep their own socket, each
   * client reaches the server it asked for, and a second close of one leaves the other's alone.
   */
  @Test
  void serversOnOnePortOfTwoAddressesEachAnswerTheirOwnClients() throws Exception {
    RpcServer first = server(dir, "127.0.0.1", 0);
    int port = first.address().getPort();
    RpcServer second;
    try {
      second = server(dir, "127.0.0.2", port);
    } catch (IOException e) {
      assumeTrue(false, "127.0.0.2 cannot be bound here: " + e.getMessage());
      return;
    }
    assertEquals(2, List.of(first.localSocket(), second.localSocket()).stream().distinct()
        .filter(Files::exists).count());
    RpcClient client = client(dir);
    for (RpcServer s : List.of(first, second)) {
      DirectConnection d = direct(client, s);
      assertTrue(d.isLocal());
      CompletableFuture<RpcResponse<StringValue>> f = d.call("Who", StringValue.of(""), null,
          StringValue.parser(), TIMEOUT, 0);
      d.await(f);
      assertEquals(s.address().getAddress().getHostAddress(), f.get().result().getValue());
    }
    servers.remove(first);
    first.close();
    first.close();
    assertFalse(Files.exists(first.localSocket()));
    assertTrue(Files.exists(second.localSocket()));
    assertTrue(direct(client, second).isLocal());
  }

  @Test
  void aServerReplacesWhatADeadServerLeftAndServesTcpOnlyFromAnOpenDirectory() throws Exception {
    int port;
    try (ServerSocket probe = new ServerSocket(0)) {
      port = probe.getLocalPort();
    }
    LocalSockets.prepare(dir);
    Path stale = LocalSockets.socket(dir, new InetSocketAddress("127.0.0.1", port));
    Files.writeString(stale, "left by a killed server");
    RpcServer server = server(dir, port);
    assertEquals(stale, server.localSocket());
    DirectConnection d = direct(client(dir), server);
    assertTrue(d.isLocal());
    echoes(d);

    Path open = Files.createDirectory(tmp.resolve("open"));
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
    RpcServer exposed = server(open, 0);
    assertNull(exposed.localSocket(), "no socket where other users could replace it");
    assertFalse(Files.exists(LocalSockets.socket(open, exposed.address())));
    DirectConnection t = direct(client(open), exposed);
    assertFalse(t.isLocal());
    echoes(t);
  }

  /** A socket file bound at {@code path}, listening, its mtime {@code age} ago. */
  private static ServerSocketChannel bound(Path path, Duration age) throws IOException {
    ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    ch.bind(UnixDomainSocketAddress.of(path));
    Files.setLastModifiedTime(path, FileTime.from(Instant.now().minus(age)));
    return ch;
  }

  @Test
  void aStartingServerRemovesOnlyTheSocketsOfServersLongGone() throws Exception {
    LocalSockets.prepare(dir);
    Duration old = Duration.ofMinutes(2);
    Path gone = dir.resolve("rpc-127.0.0.9-4001.sock");
    bound(gone, old).close(); // a killed server's: the file stays, nobody listens
    Path plainFile = dir.resolve("rpc-127.0.0.9-4002.sock");
    Files.writeString(plainFile, "not a socket");
    Files.setLastModifiedTime(plainFile, FileTime.from(Instant.now().minus(old)));
    Path justBound = dir.resolve("rpc-127.0.0.9-4003.sock");
    bound(justBound, Duration.ZERO).close(); // as a server between its bind and its listen
    Path other = dir.resolve("notes.txt");
    Files.writeString(other, "not a server's");
    Files.setLastModifiedTime(other, FileTime.from(Instant.now().minus(old)));
    try (ServerSocketChannel live = bound(dir.resolve("rpc-127.0.0.9-4004.sock"), old)) {
      RpcServer server = server(dir, 0);
      assertNotNull(server.localSocket());
      assertFalse(Files.exists(gone), "a dead server's socket is removed");
      assertFalse(Files.exists(plainFile), "a file nobody can answer at is removed");
      assertTrue(Files.exists(justBound), "a socket bound a moment ago is left");
      assertTrue(Files.exists(other), "a file not named as sockets are is left");
      assertTrue(Files.exists(dir.resolve("rpc-127.0.0.9-4004.sock")),
          "a socket a server listens at is left");
      assertTrue(Files.exists(server.localSocket()));
    }
  }

  /**
   * A call written after its server closed the connection fails with nothing of it sent: the
   * client may then send even an increment again, on a new connection. (Through a Unix socket
   * the write itself fails; over TCP the first write after the server's close still succeeds.)
   */
  @Test
  void aCallOnAConnectionItsServerClosedFailsAsNotSent() throws Exception {
    RpcServer server = server(dir, 0);
    DirectConnection d = direct(client(dir), server);
    assertTrue(d.isLocal());
    echoes(d);
    server.close(); // returns once its connections are closed
    CompletableFuture<RpcResponse<StringValue>> late = d.call("Echo", StringValue.of("late"),
        null, StringValue.parser(), TIMEOUT, 0);
    d.await(late);
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> late.get(30, TimeUnit.SECONDS));
    assertInstanceOf(ServerErrorException.class, e.getCause());
    assertTrue(RequestNotSentException.in(e.getCause()), e.getCause().toString());
    assertFalse(d.isOpen());
  }
}
