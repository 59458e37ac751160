package io.strata.it.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.proto.RpcProtos.ResponseHeaderProto;
import io.strata.common.rpc.RpcFrame;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Garbage thrown at an RPC port: random bytes, an HTTP request, a future protocol version, a
 * 2 GiB length prefix, lying inner lengths, a truncated frame, a slowloris and 50 half-open
 * connections. After each, {@code stillServes} must succeed. The server must have a short
 * setup timeout (strata.rpc.connection.setup.timeout) for the slowloris to end quickly.
 */
public final class RpcGarbage {
  /** A check that the server still serves a well-formed client. */
  @FunctionalInterface
  public interface Check {
    void run() throws Exception;
  }

  private RpcGarbage() {}

  private static Socket raw(InetSocketAddress address) throws IOException {
    Socket s = new Socket();
    s.connect(address, 30_000);
    s.setSoTimeout(30_000);
    return s;
  }

  /**
   * Reads until the server closes the connection; returns the bytes it sent. A close with some
   * of our garbage still unread in the server's socket reaches us as a reset (how soon the
   * server read all of it depends on the transport): that is a close with nothing sent.
   */
  private static byte[] readToClose(Socket s) throws IOException {
    java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    try {
      for (int n; (n = s.getInputStream().read(buf)) >= 0; ) {
        got.write(buf, 0, n);
      }
    } catch (java.net.SocketException reset) {
      // closed by the server, as above
    }
    return got.toByteArray();
  }

  public static void throwAt(InetSocketAddress address, Check stillServes) throws Exception {
    Random rnd = new Random(3);
    // Random bytes: not the preamble, so the connection is closed without an answer.
    try (Socket s = raw(address)) {
      byte[] junk = new byte[4096];
      rnd.nextBytes(junk);
      junk[0] = 'X';
      s.getOutputStream().write(junk);
      assertEquals(0, readToClose(s).length);
    }
    stillServes.run();
    // An HTTP request to the RPC port.
    try (Socket s = raw(address)) {
      s.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes());
      assertEquals(0, readToClose(s).length);
    }
    // The right magic with a future version: answered with a readable error, then closed.
    try (Socket s = raw(address)) {
      s.getOutputStream().write(new byte[] {'S', 'T', 'R', 'A', 9});
      ResponseHeaderProto header = readErrorFrame(s.getInputStream());
      assertEquals(0, header.getCallId());
      assertEquals("bad request: RPC protocol version 9 is not spoken here; this server speaks "
          + "versions 1 and 2: use a client of the same release",
          header.getException().getMessage());
    }
    stillServes.run();
    // A 2 GiB length prefix after a good preamble.
    try (Socket s = raw(address)) {
      OutputStream out = s.getOutputStream();
      out.write(new byte[] {'S', 'T', 'R', 'A', 1});
      out.write(new byte[] {0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF});
      ResponseHeaderProto header = readErrorFrame(s.getInputStream());
      assertTrue(header.getException().getMessage().contains("a request of 2147483647 bytes is "
          + "larger than strata.rpc.max.request.size"), header.getException().getMessage());
    }
    stillServes.run();
    // A frame whose inner lengths lie.
    try (Socket s = raw(address)) {
      OutputStream out = s.getOutputStream();
      out.write(new byte[] {'S', 'T', 'R', 'A', 1});
      out.write(new byte[] {0, 0, 0, 12, 0, 0, 0x10, 0, 1, 2, 3, 4, 5, 6, 7, 8});
      ResponseHeaderProto header = readErrorFrame(s.getInputStream());
      assertTrue(header.getException().getMessage().startsWith("bad request: malformed frame"),
          header.getException().getMessage());
    }
    // A truncated frame, then the client goes away.
    try (Socket s = raw(address)) {
      OutputStream out = s.getOutputStream();
      out.write(new byte[] {'S', 'T', 'R', 'A', 1, 0, 0, 1, 0, 1, 2, 3});
    }
    stillServes.run();
    // Slowloris: half a preamble, then silence; the setup timeout closes it.
    try (Socket s = raw(address)) {
      s.getOutputStream().write(new byte[] {'S', 'T'});
      long start = System.nanoTime();
      assertEquals(0, readToClose(s).length);
      assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20),
          "closed by the setup timeout, not the test's socket timeout");
    }
    stillServes.run();
    // Many half-open connections at once do not stop a good one.
    List<Socket> idle = new ArrayList<>();
    try {
      for (int i = 0; i < 50; i++) {
        Socket s = raw(address);
        s.getOutputStream().write(new byte[] {'S'});
        idle.add(s);
      }
      stillServes.run();
    } finally {
      for (Socket s : idle) {
        s.close();
      }
    }
  }

  /** Reads one response frame (a connection error) and checks the server then closes. */
  private static ResponseHeaderProto readErrorFrame(InputStream raw) throws IOException {
    DataInputStream in = new DataInputStream(raw);
    int length = in.readInt();
    byte[] body = new byte[length];
    in.readFully(body);
    RpcFrame frame = RpcFrame.read(io.netty.buffer.Unpooled.wrappedBuffer(body));
    ResponseHeaderProto header = ResponseHeaderProto.parseFrom(frame.header());
    assertTrue(header.hasException());
    assertEquals(-1, in.read(), "the server closes the connection after the error");
    return header;
  }
}
