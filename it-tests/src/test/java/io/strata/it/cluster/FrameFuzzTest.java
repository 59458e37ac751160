package io.strata.it.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.MessageLite;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.GetRequest;
import io.strata.common.proto.ClientProtos.RegionSpecifierProto;
import io.strata.common.proto.ClientProtos.ScanProto;
import io.strata.common.proto.ClientProtos.ScanRequest;
import io.strata.common.proto.RpcProtos.ConnectionHeaderProto;
import io.strata.common.proto.RpcProtos.RequestHeaderProto;
import io.strata.common.rpc.RpcFrame;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 100,000 frames sent to a standalone server in a child JVM of 512 MB that exits on running out
 * of heap: read calls with bytes flipped, lengths changed, fields cut short, and random bytes,
 * 100 on each of 1,000 connections, with a fixed seed. The server then still runs and serves,
 * and holds exactly the rows it held: a mangled frame is refused or answered with an error, and
 * never crashes the server, exhausts its heap or changes data.
 */
class FrameFuzzTest {
  private static final int CONNECTIONS = 1_000;
  private static final int FRAMES_PER_CONNECTION = 100;
  private static final int ROWS = 1_000;
  private static final TableName T = TableName.valueOf("t");
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void mangledFramesNeitherStopTheServerNorExhaustItsHeapNorChangeData() throws Exception {
    try (StandaloneChild child = StandaloneChild.start(dir.resolve("root"), dir.resolve("info"),
        List.of("-XX:+ExitOnOutOfMemoryError"))) {
      StrataConfiguration conf = StrataConfiguration.defaults()
          .set("strata.zookeeper.quorum", child.zookeeper());
      try (Connection conn = ConnectionFactory.createConnection(conf)) {
        conn.getAdmin().createTable(TableDescriptor.newBuilder(T)
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
        Table table = conn.getTable(T);
        for (int i = 0; i < ROWS; i++) {
          table.put(new Put(row(i)).addColumn(F, F, Bytes.toBytes(i)));
        }
        String region = conn.getRegionLocator(T).getAllRegionLocations().get(0).region()
            .getEncodedName();
        String[] hostPort = child.regionServer().split(":");
        InetSocketAddress server = new InetSocketAddress(hostPort[0],
            Integer.parseInt(hostPort[1]));

        Random rnd = new Random(57);
        int sent = 0;
        for (int c = 0; c < CONNECTIONS; c++) {
          ByteArrayOutputStream stream = new ByteArrayOutputStream();
          stream.write(rnd.nextInt(50) == 0 ? random(rnd, 5) : preamble());
          byte[] header = frame(ConnectionHeaderProto.newBuilder().setService("ClientService")
              .setUser("fuzzer").setCellCodec("keyvalue").build(), null, 0);
          stream.write(rnd.nextInt(20) == 0 ? mangle(rnd, header) : header);
          for (int f = 0; f < FRAMES_PER_CONNECTION; f++) {
            stream.write(mangle(rnd, call(rnd, region, f + 1)));
            sent++;
          }
          send(server, stream.toByteArray());
        }
        assertEquals(CONNECTIONS * FRAMES_PER_CONNECTION, sent);

        assertTrue(child.process().isAlive(), child.output());
        assertFalse(child.output().contains("OutOfMemoryError"), child.output());
        // Every row as written, and nothing else.
        int seen = 0;
        try (ResultScanner s = table.getScanner(new Scan())) {
          for (Result r : s) {
            assertArrayEquals(row(seen), r.getRow());
            assertArrayEquals(Bytes.toBytes(seen), r.getValue(F, F));
            assertEquals(1, r.size());
            seen++;
          }
        }
        assertEquals(ROWS, seen);
        table.put(new Put(Bytes.toBytes("after")).addColumn(F, F, Bytes.toBytes("ok")));
        assertArrayEquals(Bytes.toBytes("ok"),
            table.get(new Get(Bytes.toBytes("after"))).getValue(F, F));
      }
    }
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%04d", i));
  }

  /** A read call: a get of a row (there or not), a one-call scan, or an unknown method. */
  private static byte[] call(Random rnd, String region, int callId) throws IOException {
    RegionSpecifierProto where = RegionSpecifierProto.newBuilder().setEncodedName(region).build();
    return switch (rnd.nextInt(3)) {
      case 0 -> frame(RequestHeaderProto.newBuilder().setCallId(callId).setMethod("Get")
          .setTimeoutMillis(10_000).build(), GetRequest.newBuilder().setRegion(where)
          .setGet(GetProto.newBuilder().setRow(ByteString.copyFrom(row(rnd.nextInt(ROWS * 2)))))
          .build(), 0);
      case 1 -> frame(RequestHeaderProto.newBuilder().setCallId(callId).setMethod("Scan")
          .setTimeoutMillis(10_000).build(), ScanRequest.newBuilder().setRegion(where)
          .setScan(ScanProto.newBuilder().setStartRow(ByteString.copyFrom(
              row(rnd.nextInt(ROWS))))).setNumberOfRows(5).setCloseScanner(true).build(), 0);
      default -> frame(RequestHeaderProto.newBuilder().setCallId(callId).setMethod("Nope")
          .build(), GetRequest.newBuilder().setRegion(where).build(), rnd.nextInt(64));
    };
  }

  /**
   * The frame as it is, or with 1-3 bytes flipped, its length changed, cut short, or replaced
   * by random bytes.
   */
  private static byte[] mangle(Random rnd, byte[] frame) {
    byte[] out = frame.clone();
    switch (rnd.nextInt(6)) {
      case 0 -> {
        return out;
      }
      case 1, 2 -> {
        for (int i = 1 + rnd.nextInt(3); i > 0; i--) {
          out[rnd.nextInt(out.length)] ^= (byte) (1 + rnd.nextInt(255));
        }
        return out;
      }
      case 3 -> {
        int length = rnd.nextBoolean() ? rnd.nextInt() : out.length - 4 + rnd.nextInt(64) - 32;
        out[0] = (byte) (length >>> 24);
        out[1] = (byte) (length >>> 16);
        out[2] = (byte) (length >>> 8);
        out[3] = (byte) length;
        return out;
      }
      case 4 -> {
        return java.util.Arrays.copyOf(out, rnd.nextInt(out.length));
      }
      default -> {
        return random(rnd, 1 + rnd.nextInt(200));
      }
    }
  }

  private static byte[] random(Random rnd, int n) {
    byte[] b = new byte[n];
    rnd.nextBytes(b);
    return b;
  }

  private static byte[] preamble() {
    byte[] p = new byte[5];
    System.arraycopy(RpcFrame.MAGIC, 0, p, 0, 4);
    p[4] = (byte) RpcFrame.VERSION;
    return p;
  }

  /** A whole frame: length, header, parameter and a cell block of {@code cells} zero bytes. */
  private static byte[] frame(MessageLite header, MessageLite param, int cells)
      throws IOException {
    byte[] h = header.toByteArray();
    byte[] p = param == null ? new byte[0] : param.toByteArray();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(4 + h.length + 4 + p.length + cells);
    out.writeInt(h.length);
    out.write(h);
    out.writeInt(p.length);
    out.write(p);
    out.write(new byte[cells]);
    return bytes.toByteArray();
  }

  /** Writes {@code bytes} on a new connection and closes it; the server may close it first. */
  private static void send(InetSocketAddress server, byte[] bytes) throws IOException {
    try (Socket s = new Socket()) {
      s.connect(server, 10_000);
      s.setSoLinger(true, 0);
      try {
        s.getOutputStream().write(bytes);
        s.getOutputStream().flush();
      } catch (IOException closedByTheServer) {
        // a mangled frame made the server close the connection: on to the next
      }
    }
  }
}
