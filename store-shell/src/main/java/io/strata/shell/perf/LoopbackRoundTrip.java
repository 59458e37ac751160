package io.strata.shell.perf;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Arrays;

/**
 * The floor under every TCP figure of the suite: a round trip through loopback TCP between two
 * threads of one JVM that spin on non-blocking sockets with {@code TCP_NODELAY}, a get's sizes
 * each way and no work between. A cached get over TCP cannot take less than this; what it takes
 * beyond it is the client's and the server's own.
 */
final class LoopbackRoundTrip {
  /** A get's request and a 1,000-byte row's answer, framed, as pe sends and reads them. */
  static final int REQUEST_BYTES = 100;
  static final int ANSWER_BYTES = 1_100;

  private LoopbackRoundTrip() {}

  /** The p50 of {@code trips} round trips, in µs, after as many to warm up. */
  static double p50Micros(int trips) throws IOException {
    try (ServerSocketChannel listener = ServerSocketChannel.open()) {
      listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      Thread echo = new Thread(() -> answer(listener), "loopback-round-trip-server");
      echo.setDaemon(true);
      echo.start();
      try (SocketChannel ch = SocketChannel.open(listener.getLocalAddress())) {
        ch.configureBlocking(false);
        ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
        ByteBuffer out = ByteBuffer.allocateDirect(REQUEST_BYTES);
        ByteBuffer in = ByteBuffer.allocateDirect(ANSWER_BYTES);
        long[] nanos = new long[trips];
        for (int round = 0; round < 2; round++) { // the first warms the JIT and the sockets
          for (int i = 0; i < trips; i++) {
            long start = System.nanoTime();
            writeFully(ch, out.clear());
            readFully(ch, in.clear());
            nanos[i] = System.nanoTime() - start;
          }
        }
        Arrays.sort(nanos);
        return nanos[trips / 2] / 1_000.0;
      }
    }
  }

  private static void answer(ServerSocketChannel listener) {
    try (SocketChannel ch = listener.accept()) {
      ch.configureBlocking(false);
      ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
      ByteBuffer in = ByteBuffer.allocateDirect(REQUEST_BYTES);
      ByteBuffer out = ByteBuffer.allocateDirect(ANSWER_BYTES);
      while (true) {
        readFully(ch, in.clear());
        writeFully(ch, out.clear());
      }
    } catch (IOException e) {
      // the measuring side closed its socket: done
    }
  }

  private static void readFully(SocketChannel ch, ByteBuffer buf) throws IOException {
    while (buf.hasRemaining()) {
      if (ch.read(buf) < 0) {
        throw new EOFException("the other side closed");
      }
    }
  }

  private static void writeFully(SocketChannel ch, ByteBuffer buf) throws IOException {
    while (buf.hasRemaining()) {
      ch.write(buf);
    }
  }
}
