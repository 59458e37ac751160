package io.strata.it.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.StringValue;
import io.strata.client.internal.rpc.DirectConnection;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcResponse;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.rpc.CellBlock;
import io.strata.it.minicluster.MiniCluster;
import io.strata.server.rpc.CallKind;
import io.strata.server.rpc.RpcMethod;
import io.strata.server.rpc.RpcResult;
import io.strata.server.rpc.RpcServer;
import io.strata.server.rpc.RpcServerOptions;
import io.strata.server.rpc.RpcService;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Direct connections over real sockets: the threads that wait read the answers themselves, so
 * every answer must reach its own caller whoever reads it, a lost server must fail every waiting
 * call, and timeouts must hold with nobody else reading.
 */
class DirectConnectionTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final long SPIN = TimeUnit.MICROSECONDS.toNanos(100);

  private RpcServer server;
  private RpcClient client;
  private final List<DirectConnection> connections = new ArrayList<>();
  private final CountDownLatch release = new CountDownLatch(1);
  /** Block calls that have reached a handler and wait there for {@link #release}. */
  private final java.util.concurrent.atomic.AtomicInteger blocked =
      new java.util.concurrent.atomic.AtomicInteger();

  private RpcService service() {
    return new RpcService("TestService", Map.of(
        "Echo", new RpcMethod(StringValue.parser(), CallKind.READ,
            (param, cells) -> new RpcResult(param, cells)),
        "Missing", new RpcMethod(StringValue.parser(), CallKind.WRITE, (param, cells) -> {
          throw new TableNotFoundException(((StringValue) param).getValue());
        }),
        "Block", new RpcMethod(StringValue.parser(), CallKind.WRITE, (param, cells) -> {
          blocked.incrementAndGet();
          try {
            release.await(30, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return RpcResult.of(param);
        })));
  }

  private void start() throws IOException {
    server = new RpcServer("test-server", RpcServerOptions.fromConfig(
        StrataConfiguration.defaults(), "127.0.0.1", 0), List.of(service()));
    server.start();
    client = new RpcClient("tester", 1);
  }

  private DirectConnection connect(long spinNanos) throws IOException {
    DirectConnection c = client.connectDirect(server.address(), "TestService", TIMEOUT,
        spinNanos);
    connections.add(c);
    return c;
  }

  @AfterEach
  void stop() {
    release.countDown();
    connections.forEach(DirectConnection::close);
    if (server != null) {
      server.close();
    }
    if (client != null) {
      client.close();
    }
  }

  /** Calls and waits the way a blocking operation does: its own thread reads the answer. */
  private static <T> T call(DirectConnection c, String method, StringValue param, byte[] cells,
      Duration timeout, com.google.protobuf.Parser<T> parser) throws Exception {
    CompletableFuture<RpcResponse<T>> f =
        c.call(method, param, CellBlock.Writer.encoded(cells), parser, timeout, 0);
    c.await(f);
    assertTrue(f.isDone(), "await returned before the answer");
    return f.get().result();
  }

  private static Throwable failure(CompletableFuture<?> f) throws Exception {
    try {
      f.get(0, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    }
    throw new AssertionError("the call succeeded");
  }

  @Test
  void threadsSharingAConnectionEachGetTheirOwnAnswers() throws Exception {
    start();
    for (long spin : new long[] {0, SPIN}) {
      DirectConnection c = connect(spin);
      List<Thread> threads = new ArrayList<>();
      List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
      for (int t = 0; t < 6; t++) {
        long seed = t;
        threads.add(new Thread(() -> {
          Random rnd = new Random(seed);
          try {
            for (int i = 0; i < 150; i++) {
              // Now and then an answer larger than the connection's 64 KiB read buffer.
              int size = rnd.nextInt(10) == 0 ? 70_000 + rnd.nextInt(200_000)
                  : rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(5000);
              byte[] cells = new byte[size];
              rnd.nextBytes(cells);
              String s = "call " + seed + "/" + i;
              CompletableFuture<RpcResponse<StringValue>> f = c.call("Echo", StringValue.of(s),
                  CellBlock.Writer.encoded(cells), StringValue.parser(), TIMEOUT, 0);
              c.await(f);
              assertEquals(s, f.get().result().getValue());
              assertArrayEquals(size == 0 ? new byte[0] : cells, f.get().cellBlock(), s);
            }
          } catch (Throwable e) {
            failures.add(e);
          }
        }));
      }
      threads.forEach(Thread::start);
      for (Thread t : threads) {
        t.join();
      }
      assertEquals(List.of(), failures, "spin " + spin);
      assertTrue(c.isOpen());
    }
  }

  @Test
  void errorsAndTimeoutsReachTheWaitingThread() throws Exception {
    start();
    DirectConnection c = connect(SPIN);
    CompletableFuture<RpcResponse<StringValue>> missing = c.call("Missing",
        StringValue.of("ns:users"), null, StringValue.parser(), TIMEOUT, 0);
    c.await(missing);
    Throwable e = failure(missing);
    assertInstanceOf(TableNotFoundException.class, e);
    assertEquals(new TableNotFoundException("ns:users").getMessage(), e.getMessage());

    // Nobody else reads: the waiting thread itself must notice its deadline. The deadline runs
    // from the call, so the time is taken before it (taken after, the call's own microseconds
    // made the wait look shorter than the timeout now and then).
    long start = System.nanoTime();
    CompletableFuture<RpcResponse<StringValue>> slow = c.call("Block", StringValue.of("late"),
        null, StringValue.parser(), Duration.ofMillis(200), 0);
    c.await(slow);
    assertInstanceOf(CallTimeoutException.class, failure(slow));
    assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(200),
        "timed out after " + (System.nanoTime() - start) / 1000 + " µs");
    release.countDown();
    // The late answer arrives for a call nobody waits for; the next call still gets its own.
    assertEquals("after", call(c, "Echo", StringValue.of("after"), null, TIMEOUT,
        StringValue.parser()).getValue());
  }

  @Test
  void aLostServerFailsEveryWaitingCallAndAnIdleConnectionNoticesIt() throws Exception {
    start();
    DirectConnection busy = connect(SPIN);
    DirectConnection idle = connect(SPIN);
    assertEquals("x", call(idle, "Echo", StringValue.of("x"), null, TIMEOUT,
        StringValue.parser()).getValue());
    List<CompletableFuture<RpcResponse<StringValue>>> calls = new ArrayList<>();
    List<Thread> waiters = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      CompletableFuture<RpcResponse<StringValue>> f = busy.call("Block", StringValue.of("b"),
          null, StringValue.parser(), Duration.ZERO, 0);
      calls.add(f);
      waiters.add(new Thread(() -> busy.await(f)));
    }
    waiters.forEach(Thread::start);
    // Every call in a handler before the server goes: one that arrived while it was stopping
    // would be refused as "server busy" (retryable, never run), not lost with the server.
    MiniCluster.waitFor(() -> blocked.get() == 3, Duration.ofSeconds(30),
        "the three calls to reach their handlers");
    InetSocketAddress address = server.address();
    new Thread(() -> server.close()).start(); // waits for the blocked handlers: release them
    MiniCluster.waitFor(() -> {
      release.countDown();
      return !idle.isOpen();
    }, Duration.ofSeconds(30), "the idle connection to notice the server is gone");
    for (Thread t : waiters) {
      t.join(30_000);
      assertFalse(t.isAlive(), "a waiter still waits after the server went away");
    }
    for (CompletableFuture<RpcResponse<StringValue>> f : calls) {
      assertTrue(f.isDone());
      if (f.isCompletedExceptionally()) {
        assertInstanceOf(ServerErrorException.class, failure(f));
      } else {
        assertEquals("b", f.get().result().getValue()); // answered before the server closed
      }
    }
    // Answered just before the server closed, it is taken as open for a moment (its quiet
    // window), then looked at.
    MiniCluster.waitFor(() -> !busy.isOpen(), Duration.ofSeconds(30),
        "the busy connection to notice the server is gone");
    CompletableFuture<RpcResponse<StringValue>> after = busy.call("Echo", StringValue.of("y"),
        null, StringValue.parser(), TIMEOUT, 0);
    assertInstanceOf(ServerErrorException.class, failure(after));
    server = null;
    IOException refused = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
        () -> client.connectDirect(address, "TestService", TIMEOUT, SPIN));
    assertTrue(refused.getMessage().startsWith("cannot connect to " + address),
        refused.getMessage());
  }

  @Test
  void anInterruptedWaiterReturnsAndTheCallIsStillAnsweredLater() throws Exception {
    start();
    DirectConnection c = connect(SPIN);
    CompletableFuture<RpcResponse<StringValue>> f = c.call("Block", StringValue.of("i"), null,
        StringValue.parser(), TIMEOUT, 0);
    Thread.currentThread().interrupt();
    c.await(f);
    assertTrue(Thread.interrupted(), "await keeps the interrupt for the caller");
    assertFalse(f.isDone());
    release.countDown();
    c.await(f);
    assertEquals("i", f.get().result().getValue());
  }
}
