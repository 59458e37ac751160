package io.strata.server.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.StringValue;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.ServerBusyException;
import io.strata.common.rpc.NettyTransport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The per-client limits of an RPC server, against the real client over TCP: connections from
 * one address, and calls of one connection waiting for handlers.
 */
class ConnectionLimitsTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private RpcServer server;
  private RpcClient client;
  private final CountDownLatch started = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);

  @AfterEach
  void stop() {
    release.countDown();
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private void start(StrataConfiguration conf) throws IOException {
    RpcMethod echo = new RpcMethod(StringValue.parser(), CallKind.READ,
        (p, cells) -> RpcResult.of(p));
    RpcMethod wait = new RpcMethod(StringValue.parser(), CallKind.READ, (p, cells) -> {
      started.countDown();
      try {
        release.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return RpcResult.of(p);
    });
    server = new RpcServer("test-server", RpcServerOptions.fromConfig(conf
        .set("strata.rpc.local.sockets", "false"), "127.0.0.1", 0),
        List.of(new RpcService("TestService", Map.of("Echo", echo, "Wait", wait))));
    server.start();
    client = new RpcClient("tester", 2, NettyTransport.choose(false), null);
  }

  private RpcConnection connect() throws IOException {
    return client.connect(new InetSocketAddress("127.0.0.1", server.address().getPort()),
        "TestService", TIMEOUT);
  }

  private static CompletableFuture<String> call(RpcConnection c, String method, String text) {
    return c.call(method, StringValue.of(text), null, StringValue.parser(), TIMEOUT, 0)
        .thenApply(r -> r.result().getValue());
  }

  private static Throwable failure(CompletableFuture<?> f) {
    return assertThrows(ExecutionException.class, () -> f.get(30, TimeUnit.SECONDS)).getCause();
  }

  @Test
  void aConnectionPastItsAddressLimitIsAnsweredBusyUntilAnotherCloses() throws Exception {
    start(StrataConfiguration.defaults().set("strata.rpc.connections.max.per.address", "2"));
    RpcConnection a = connect();
    RpcConnection b = connect();
    assertEquals("a", call(a, "Echo", "a").get(30, TimeUnit.SECONDS));
    assertEquals("b", call(b, "Echo", "b").get(30, TimeUnit.SECONDS));
    Throwable refused = failure(call(connect(), "Echo", "c"));
    assertInstanceOf(ServerBusyException.class, refused);
    assertEquals("server test-server is too busy: it holds 2 connections from 127.0.0.1, its "
        + "strata.rpc.connections.max.per.address; share one Connection among a process's "
        + "threads; retry after backing off", refused.getMessage());
    assertTrue(((ServerBusyException) refused).isRetryable());
    a.close();
    // The server frees the slot once it sees the close: a new connection is served then.
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (true) {
      try {
        assertEquals("d", call(connect(), "Echo", "d").get(30, TimeUnit.SECONDS));
        break;
      } catch (ExecutionException e) {
        assertInstanceOf(ServerBusyException.class, e.getCause());
        assertTrue(System.nanoTime() < deadline, "the closed connection's slot was not freed");
        Thread.sleep(10);
      }
    }
  }

  @Test
  void callsOfOneConnectionPastItsQueueLimitAreAnsweredBusyWhileOthersQueue() throws Exception {
    start(StrataConfiguration.defaults().set("strata.rpc.read.handlers", "1")
        .set("strata.rpc.reads.on.io.thread", "false")
        .set("strata.rpc.max.queued.calls.per.connection", "2"));
    RpcConnection a = connect();
    CompletableFuture<String> running = call(a, "Wait", "running");
    assertTrue(started.await(30, TimeUnit.SECONDS), "the only handler never took the call");
    List<CompletableFuture<String>> queued = new ArrayList<>();
    queued.add(call(a, "Echo", "q1"));
    queued.add(call(a, "Echo", "q2"));
    Throwable busy = failure(call(a, "Echo", "q3"));
    assertEquals("server test-server is too busy: this connection has 2 calls waiting for "
        + "handlers, its strata.rpc.max.queued.calls.per.connection; wait for answers before "
        + "sending more; retry after backing off", busy.getMessage());
    // Another connection's calls still queue.
    RpcConnection b = connect();
    queued.add(call(b, "Echo", "other"));
    release.countDown();
    assertEquals("running", running.get(30, TimeUnit.SECONDS));
    List<String> answers = new ArrayList<>();
    for (CompletableFuture<String> f : queued) {
      answers.add(f.get(30, TimeUnit.SECONDS));
    }
    assertEquals(List.of("q1", "q2", "other"), answers);
    // Served, the queue has room again.
    assertEquals("q4", call(a, "Echo", "q4").get(30, TimeUnit.SECONDS));
  }
}
