package io.strata.it.bench;

import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.CoprocessorSpec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.examples.coprocessor.WaterfallClient;
import io.strata.examples.coprocessor.WaterfallEndpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The seed's bond-pricing waterfall over {@code rows} rows and 5 sources (a family each, 10
 * fields, each source holding a field with probability 40%), a standalone cluster in this JVM
 * and the table in 4 regions, flushed: one waterfall of the 10 fields through {@link
 * WaterfallEndpoint} (one call per region) against the same answer from the seed's client-side
 * loop (each source asked in turn for what is missing) and from a client scanning every source
 * whole. {@code transport}: TCP as a client on another host, or the local socket and lane.
 */
@State(Scope.Benchmark)
public class WaterfallBenchmark {
  private static final int SOURCES = 5;
  private static final int FIELDS = 10;

  @Param({"1000"})
  public int rows;

  @Param({"TCP", "LOCAL"})
  public String transport;

  private TempStandalone cluster;
  private Connection conn;
  private WaterfallClient client;
  private final TableName name = TableName.valueOf("bonds");
  private final List<String> order = List.of("s3", "s0", "s4", "s1", "s2");
  /** The fields a request names: every field the sources hold. */
  private final List<byte[]> fields = new ArrayList<>();

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("bond%06d", i));
  }

  @Setup
  public void setUp() throws Exception {
    cluster = TempStandalone.start();
    conn = ConnectionFactory.createConnection(cluster.clientConfiguration()
        .set("strata.rpc.local.sockets", String.valueOf(transport.equals("LOCAL"))));
    TableDescriptor.Builder d = TableDescriptor.newBuilder(name).addCoprocessor(
        new CoprocessorSpec(WaterfallEndpoint.class.getName(), null,
            CoprocessorSpec.PRIORITY_USER, java.util.Map.of()));
    for (int s = 0; s < SOURCES; s++) {
      d.setColumnFamily(ColumnFamilyDescriptor.of("s" + s));
    }
    byte[][] splits = {row(rows / 4), row(rows / 2), row(3 * rows / 4)};
    conn.getAdmin().createTable(d.build(), splits);
    Random rnd = new Random(52);
    List<Put> puts = new ArrayList<>();
    try (Table t = conn.getTable(name)) {
      for (int r = 0; r < rows; r++) {
        Put p = new Put(row(r));
        for (int s = 0; s < SOURCES; s++) {
          for (int f = 0; f < FIELDS; f++) {
            if (rnd.nextInt(100) < 40) {
              p.addColumn(Bytes.toBytes("s" + s), Bytes.toBytes("field" + f),
                  Bytes.toBytes(String.format("%.4f", 90 + rnd.nextDouble() * 20)));
            }
          }
        }
        if (!p.isEmpty()) {
          puts.add(p);
        }
      }
      t.put(puts);
    }
    conn.getAdmin().flush(name);
    for (int f = 0; f < FIELDS; f++) {
      fields.add(Bytes.toBytes("field" + f));
    }
    client = new WaterfallClient(conn);
    Object viaEndpoint = endpoint();
    if (!viaEndpoint.equals(clientLoop()) || !viaEndpoint.equals(sourceScans())) {
      throw new IllegalStateException("the endpoint and the client's ways disagree");
    }
  }

  @TearDown
  public void tearDown() throws Exception {
    conn.close();
    cluster.close();
  }

  /** One waterfall over every row through the endpoint. */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public Object endpoint() throws Exception {
    return client.viaEndpoint(name, row(0), row(rows), order, fields);
  }

  /** The same waterfall through the seed's loop: each source asked for what is missing. */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public Object clientLoop() throws Exception {
    return client.viaClientLoop(name, row(0), row(rows), order, fields);
  }

  /** The same waterfall by a client reading every source whole, a scan each. */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public Object sourceScans() throws Exception {
    return client.viaSourceScans(name, row(0), row(rows), order, fields);
  }
}
