package io.strata.it.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.BufferedMutator;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.proto.RpcProtos.ConnectionHeaderProto;
import io.strata.common.proto.RpcProtos.RequestHeaderProto;
import io.strata.common.rpc.RpcFrame;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The slow-request attack against a standalone server in a child JVM of 512 MB: seven
 * connections each declare a 40 MB request and send it a byte at a time, beside a client
 * writing and reading. Before the in-flight budget, the server sized each request's array from
 * its declared length and ran out of memory; now one request fits the budget (a tenth of the
 * heap), the others are answered SERVER_BUSY as their headers arrive and the rest of them
 * skipped, and every trickling connection is closed for its rate. The client's writes and reads
 * all succeed, and the server lives on.
 */
class SlowRequestAttackTest {
  private static final int ATTACKERS = 7;
  private static final int DECLARED = 40 << 20;

  @TempDir
  Path dir;

  @Test
  void tricklingLargeRequestsNeitherExhaustTheHeapNorStopTheServer() throws Exception {
    try (StandaloneChild child = StandaloneChild.start(dir.resolve("root"), dir.resolve("info"),
        List.of("-Dstrata.rpc.frame.rate.period=2s", "-Dstrata.rpc.frame.min.rate=256k"))) {
      StrataConfiguration conf = StrataConfiguration.defaults()
          .set("strata.zookeeper.quorum", child.zookeeper());
      TableName t = TableName.valueOf("t");
      byte[] f = Bytes.toBytes("f");
      try (Connection conn = ConnectionFactory.createConnection(conf)) {
        conn.getAdmin().createTable(TableDescriptor.newBuilder(t)
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
        String[] hostPort = child.regionServer().split(":");
        InetSocketAddress server = new InetSocketAddress(hostPort[0],
            Integer.parseInt(hostPort[1]));
        List<Socket> attackers = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(ATTACKERS + 1);
        try {
          List<Future<String>> answers = new ArrayList<>();
          AtomicReferenceArray<String> heard = new AtomicReferenceArray<>(ATTACKERS);
          for (int i = 0; i < ATTACKERS; i++) {
            Socket s = new Socket();
            s.connect(server, 10_000);
            attackers.add(s);
            s.getOutputStream().write(start(DECLARED));
            s.getOutputStream().flush();
            int at = i;
            answers.add(pool.submit(() -> trickleUntilClosed(s, heard, at)));
          }
          MiniCluster.waitFor(() -> busyAnswers(heard) == ATTACKERS - 1, Duration.ofSeconds(30),
              "all attackers but the one the budget took to be answered busy");
          // The client's work meanwhile: 20,000 buffered puts of 1 KB, then a get of each tenth.
          byte[] value = new byte[1000];
          try (BufferedMutator m = conn.getBufferedMutator(t)) {
            for (int i = 0; i < 20_000; i++) {
              m.mutate(new Put(Bytes.toBytes(String.format("row%05d", i)))
                  .addColumn(f, f, value));
            }
          }
          Table table = conn.getTable(t);
          for (int i = 0; i < 20_000; i += 10) {
            assertArrayEquals(value, table.get(new Get(Bytes.toBytes(String.format("row%05d",
                i)))).getValue(f, f), "row " + i);
          }
          int busy = 0;
          for (Future<String> a : answers) {
            String answer = a.get(60, TimeUnit.SECONDS); // each connection was closed
            if (answer.contains("strata.rpc.max.inflight.bytes")) {
              busy++;
            }
          }
          assertEquals(ATTACKERS - 1, busy, "all but the one the budget took were answered busy");
        } finally {
          pool.shutdownNow();
          for (Socket s : attackers) {
            s.close();
          }
        }
        assertTrue(child.process().isAlive(), child.output());
        // Still serving after the attack.
        assertArrayEquals(new byte[1000], conn.getTable(t).get(new Get(Bytes.toBytes(
            "row00000"))).getValue(f, f));
        MiniCluster.waitFor(() -> countOf(child.output(), "slower than strata.rpc.frame.min.rate")
            == ATTACKERS, Duration.ofSeconds(30), "a logged reason for each closed connection");
      }
    }
  }

  /** The preamble, the connection header, and the start of a Get's frame of {@code length}. */
  private static byte[] start(int length) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write(RpcFrame.MAGIC);
    bytes.write(RpcFrame.VERSION);
    DataOutputStream out = new DataOutputStream(bytes);
    byte[] conn = ConnectionHeaderProto.newBuilder().setService("ClientService")
        .setUser("attacker").setCellCodec("keyvalue").build().toByteArray();
    out.writeInt(4 + conn.length + 4);
    out.writeInt(conn.length);
    out.write(conn);
    out.writeInt(0);
    byte[] header = RequestHeaderProto.newBuilder().setCallId(1).setMethod("Get")
        .setTimeoutMillis(600_000).build().toByteArray();
    out.writeInt(length);
    out.writeInt(header.length);
    out.write(header);
    out.writeInt(length - 8 - header.length); // a parameter as long as the frame allows
    return bytes.toByteArray();
  }

  /**
   * Sends a byte every 100 ms until the server closes the connection; returns what the server
   * sent meanwhile, as text.
   */
  private static String trickleUntilClosed(Socket s, AtomicReferenceArray<String> heard,
      int index) throws IOException {
    s.setSoTimeout(100);
    InputStream in = s.getInputStream();
    ByteArrayOutputStream answer = new ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      try {
        s.getOutputStream().write(0);
      } catch (IOException closed) {
        return drain(in, answer, buf);
      }
      try {
        int n = in.read(buf);
        if (n < 0) {
          return answer.toString(StandardCharsets.ISO_8859_1);
        }
        answer.write(buf, 0, n);
        heard.set(index, answer.toString(StandardCharsets.ISO_8859_1));
      } catch (java.net.SocketTimeoutException nothingYet) {
        // a byte at a time: on with the trickle
      } catch (IOException reset) {
        return answer.toString(StandardCharsets.ISO_8859_1);
      }
    }
    throw new AssertionError("the server never closed a trickling connection");
  }

  private static String drain(InputStream in, ByteArrayOutputStream answer, byte[] buf) {
    try {
      for (int n; (n = in.read(buf)) > 0; ) {
        answer.write(buf, 0, n);
      }
    } catch (IOException e) {
      // closed: what came is what there is
    }
    return answer.toString(StandardCharsets.ISO_8859_1);
  }

  private static int busyAnswers(AtomicReferenceArray<String> heard) {
    int n = 0;
    for (int i = 0; i < heard.length(); i++) {
      String h = heard.get(i);
      if (h != null && h.contains("strata.rpc.max.inflight.bytes")) {
        n++;
      }
    }
    return n;
  }

  private static int countOf(String text, String what) {
    int n = 0;
    for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
      n++;
    }
    return n;
  }
}
