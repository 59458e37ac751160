package io.strata.it.bench;

import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.SplitAlgorithm;
import io.strata.client.Table;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
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
 * The whole path a Java client takes, over real sockets: the standalone cluster in this JVM, a
 * table of {@code rows} rows (100-byte values, the PE randomRead shape) in 4 regions, flushed so
 * reads come from cached blocks. {@code get}, {@code put} and {@code increment} are one call per
 * operation (run with {@code -t N} for N client threads); {@code scan} reads the whole table.
 */
@State(Scope.Benchmark)
public class ClusterClientBenchmark {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  @Param({"10000"})
  public int rows;

  private TempStandalone cluster;
  private Connection conn;
  private Table table;

  static byte[] row(int i) {
    return Bytes.toBytes(String.format("%08x", (int) ((i * 2654435761L) & 0xFFFFFFFFL)));
  }

  @Setup
  public void setUp() throws Exception {
    cluster = TempStandalone.start();
    conn = ConnectionFactory.createConnection(cluster.clientConfiguration());
    TableName name = TableName.valueOf("bench");
    conn.getAdmin().createTable(TableDescriptor.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(), SplitAlgorithm.HEX_STRING, 4);
    table = conn.getTable(name);
    byte[] value = new byte[100];
    List<Put> puts = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      puts.add(new Put(row(i)).addColumn(CF, Q, value));
      if (puts.size() == 1000) {
        table.put(puts);
        puts = new ArrayList<>();
      }
    }
    table.put(puts);
    conn.getAdmin().flush(name);
  }

  @TearDown
  public void tearDown() throws Exception {
    conn.close();
    cluster.close();
  }

  @Benchmark
  @BenchmarkMode(Mode.Throughput)
  @OutputTimeUnit(TimeUnit.SECONDS)
  public Object get() throws Exception {
    return table.get(new Get(row(ThreadLocalRandom.current().nextInt(rows))));
  }

  @Benchmark
  @BenchmarkMode(Mode.Throughput)
  @OutputTimeUnit(TimeUnit.SECONDS)
  public void put() throws Exception {
    table.put(new Put(row(ThreadLocalRandom.current().nextInt(rows))).addColumn(CF, Q,
        new byte[100]));
  }

  @Benchmark
  @BenchmarkMode(Mode.Throughput)
  @OutputTimeUnit(TimeUnit.SECONDS)
  public long increment() throws Exception {
    return table.incrementColumnValue(Bytes.toBytes("counter"), CF, Q, 1);
  }

  /** Rows per second of a full scan, 1,000 rows a call. */
  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public int scan() throws Exception {
    int n = 0;
    try (ResultScanner s = table.getScanner(new Scan().setCaching(1000))) {
      while (s.next() != null) {
        n++;
      }
    }
    if (n != rows) {
      throw new IllegalStateException("scanned " + n + " rows of " + rows);
    }
    return n;
  }
}
