package io.strata.it.bench;

import com.google.protobuf.ByteString;
import com.google.protobuf.BytesValue;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.RpcKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.rpc.LocalSockets;
import io.strata.common.rpc.NettyTransport;
import io.strata.server.rpc.CallKind;
import io.strata.server.rpc.RpcMethod;
import io.strata.server.rpc.RpcResult;
import io.strata.server.rpc.RpcServer;
import io.strata.server.rpc.RpcServerOptions;
import io.strata.server.rpc.RpcService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One call over the real RPC layer and back, on 127.0.0.1 with client and server in this JVM:
 * the client's frame encoding and Netty event loop, the server's event loop, call queue and
 * handler thread, and the same way back. The method echoes its parameter, a protobuf message of
 * {@code payload} bytes, so what is measured is the transport and not a region. The threads
 * ({@code -t N}) share one connection, as a client's threads share one per server, and each
 * call has the client's default RPC timeout, as the client's calls do. Both configurations are
 * the defaults (2 client network threads, 10 read handlers).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RpcRoundTripBenchmark {
  @Param({"16", "1024"})
  public int payload;

  /**
   * EPOLL (Linux's native transport, the default) or NIO, over TCP; or LOCAL, epoll through the
   * server's local socket (strata.rpc.local.sockets), as a client on the server's machine calls.
   */
  @Param({"EPOLL", "NIO", "LOCAL"})
  public String transport;

  private Path socketDir;

  private RpcServer server;
  private RpcClient client;
  private RpcConnection connection;
  private BytesValue request;
  private Duration timeout;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    boolean local = transport.equals("LOCAL");
    socketDir = Files.createTempDirectory("bench-sockets"); // mode 700
    StrataConfiguration conf = StrataConfiguration.defaults()
        .set(RpcKeys.NATIVE_TRANSPORT, String.valueOf(!transport.equals("NIO")))
        .set(RpcKeys.LOCAL_SOCKETS, String.valueOf(local))
        .set(RpcKeys.LOCAL_SOCKET_DIR, socketDir.toString());
    RpcService echo = new RpcService("EchoService", Map.of("Echo",
        new RpcMethod(BytesValue.parser(), CallKind.READ, (param, cells) -> RpcResult.of(param))));
    server = new RpcServer("bench", RpcServerOptions.fromConfig(conf, "127.0.0.1", 0),
        List.of(echo));
    server.start();
    client = new RpcClient("bench", conf.get(ClientKeys.IO_THREADS),
        NettyTransport.choose(conf.get(RpcKeys.NATIVE_TRANSPORT)), LocalSockets.directory(conf));
    if (local && server.localSocket() == null) {
      throw new IllegalStateException("no local socket: the epoll transport did not load");
    }
    timeout = conf.get(ClientKeys.RPC_TIMEOUT);
    connection = client.connect(server.address(), "EchoService", timeout);
    byte[] bytes = new byte[payload];
    new java.util.Random(1).nextBytes(bytes);
    request = BytesValue.of(ByteString.copyFrom(bytes));
  }

  @TearDown(Level.Trial)
  public void tearDown() throws java.io.IOException {
    connection.close();
    server.close();
    client.close();
    Files.deleteIfExists(socketDir);
  }

  @Benchmark
  public BytesValue echo() throws Exception {
    return connection.call("Echo", request, null, BytesValue.parser(), timeout, 0).get()
        .result();
  }
}
