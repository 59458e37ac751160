package io.strata.it.bench;

import io.strata.common.rpc.SharedLane;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The bare round trip of {@code payload} bytes to another thread that sends them straight back,
 * with no RPC layer: through a {@link SharedLane}'s two pipes ({@code PIPE}) or through a Unix
 * domain socket ({@code SOCKET}, what a client and a server on one machine use today). Both ends
 * poll without sleeping, yielding between looks, as a waiting client and a server's network
 * thread do: what is measured is what moving the bytes costs, the system calls of the socket
 * against the copies and cache lines of shared memory. Run with {@code -t 1}; the echo thread
 * takes the other core.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SharedPipeBenchmark {
  @Param({"PIPE", "SOCKET"})
  public String via;

  @Param({"16", "1024"})
  public int payload;

  private Path dir;
  private SharedLane lane;
  private ServerSocketChannel listener;
  private SocketChannel near;
  private SocketChannel far;
  private Thread echo;
  private volatile boolean stop;
  private ByteBuffer out;
  private ByteBuffer in;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    Path shm = Path.of("/dev/shm");
    dir = Files.createTempDirectory(Files.isDirectory(shm) ? shm
        : Path.of(System.getProperty("java.io.tmpdir")), "strata-pipe-bench");
    out = ByteBuffer.allocateDirect(payload);
    in = ByteBuffer.allocateDirect(payload);
    if (via.equals("PIPE")) {
      lane = SharedLane.create(dir, SharedLane.MIN_CAPACITY);
      lane.unlink();
      echo = new Thread(this::echoPipe, "pipe-echo");
    } else {
      Path socket = dir.resolve("echo.sock");
      listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
      listener.bind(UnixDomainSocketAddress.of(socket));
      near = SocketChannel.open(UnixDomainSocketAddress.of(socket));
      far = listener.accept();
      near.configureBlocking(false);
      far.configureBlocking(false);
      echo = new Thread(this::echoSocket, "socket-echo");
    }
    echo.setDaemon(true);
    echo.start();
  }

  private void echoPipe() {
    ByteBuffer buf = ByteBuffer.allocateDirect(64 * 1024);
    try {
      while (!stop) {
        buf.clear();
        if (lane.toServer().read(buf) == 0) {
          Thread.yield();
          continue;
        }
        buf.flip();
        while (buf.hasRemaining() && !stop) {
          lane.toClient().write(buf);
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private void echoSocket() {
    ByteBuffer buf = ByteBuffer.allocateDirect(64 * 1024);
    try {
      while (!stop) {
        buf.clear();
        if (far.read(buf) <= 0) {
          Thread.yield();
          continue;
        }
        buf.flip();
        while (buf.hasRemaining() && !stop) {
          far.write(buf);
        }
      }
    } catch (IOException e) {
      if (!stop) {
        throw new IllegalStateException(e);
      }
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    stop = true;
    echo.join(10_000);
    if (near != null) {
      near.close();
      far.close();
      listener.close();
    }
    try (var files = Files.list(dir)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        Files.deleteIfExists(p);
      }
    }
    Files.deleteIfExists(dir);
  }

  @Benchmark
  public int roundTrip() throws IOException {
    out.clear();
    in.clear();
    if (lane != null) {
      while (out.hasRemaining()) {
        lane.toServer().write(out);
      }
      while (in.hasRemaining()) {
        if (lane.toClient().read(in) == 0) {
          Thread.yield();
        }
      }
    } else {
      while (out.hasRemaining()) {
        near.write(out);
      }
      while (in.hasRemaining()) {
        if (near.read(in) == 0) {
          Thread.yield();
        }
      }
    }
    return in.get(0);
  }
}
