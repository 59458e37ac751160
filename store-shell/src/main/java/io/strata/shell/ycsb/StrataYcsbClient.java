package io.strata.shell.ycsb;

import io.strata.client.Admin;
import io.strata.client.BufferedMutator;
import io.strata.client.BufferedMutatorParams;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.cell.Cell;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB's database interface over Strata's public client API. YCSB makes one instance per client
 * thread; they share one {@link Connection}, made by the first {@link #init} and closed by the
 * last {@link #cleanup}. A record is a row whose fields are columns of one family. Properties
 * (HBase's binding's names): see {@link YcsbSettings}.
 *
 * <pre>
 * bin/strata ycsb load -P conf/ycsb/workloada -p recordcount=100000
 * java -cp ... site.ycsb.Client -db io.strata.shell.ycsb.StrataYcsbClient -t -P workloada \
 *     -p strata.zookeeper.quorum=127.0.0.1:2182
 * </pre>
 *
 * <p>Operations answer {@code OK}; a read of a missing row (or of a row without any of the
 * asked fields) {@code NOT_FOUND}; anything else {@code ERROR}, with the cause logged.
 */
public class StrataYcsbClient extends DB {
  private static final Logger LOG = LoggerFactory.getLogger(StrataYcsbClient.class);

  private static final Object SHARED_LOCK = new Object();
  // @GuardedBy("SHARED_LOCK")
  private static Connection shared;
  // @GuardedBy("SHARED_LOCK"): instances between init and cleanup.
  private static int users;
  // Failures of this process's operations, told once when the last instance is cleaned up:
  // YCSB only counts them.
  private static final AtomicLong FAILURES = new AtomicLong();
  private static final AtomicReference<String> FIRST_FAILURE = new AtomicReference<>();

  private YcsbSettings settings;
  private byte[] family;
  private Connection connection;
  // One thread uses an instance: these need no lock. YCSB names the table in every call; it
  // is the configured one unless a workload says otherwise.
  private final Map<String, Table> tables = new HashMap<>();
  private final Map<String, BufferedMutator> mutators = new HashMap<>();

  @Override
  public void init() throws DBException {
    Properties props = getProperties();
    try {
      settings = YcsbSettings.from(props);
    } catch (IllegalArgumentException e) {
      throw new DBException(e.getMessage(), e);
    }
    family = settings.familyBytes();
    synchronized (SHARED_LOCK) {
      if (shared == null) {
        shared = connect(props, settings);
      }
      connection = shared;
      users++;
    }
  }

  /** Connects and checks that the table and its family are there, so a run fails at once. */
  private static Connection connect(Properties props, YcsbSettings settings)
      throws DBException {
    Connection conn;
    try {
      conn = ConnectionFactory.createConnection(YcsbSettings.configuration(props, null));
    } catch (IOException | IllegalArgumentException e) {
      throw new DBException("cannot connect: " + e.getMessage() + "; to use another cluster, "
          + "give -p strata.zookeeper.quorum=host:port", e);
    }
    String problem;
    try (Admin admin = conn.getAdmin()) {
      problem = tableProblem(admin, settings);
    } catch (IOException e) {
      problem = "cannot check table '" + settings.table() + "': " + e.getMessage();
    }
    if (problem != null) {
      closeQuietly(conn);
      throw new DBException(problem);
    }
    return conn;
  }

  /**
   * What keeps the table of {@code settings} from being used, or null when it is ready: it is
   * missing, or it lacks the family.
   */
  static String tableProblem(Admin admin, YcsbSettings settings) throws IOException {
    TableName name = settings.table();
    if (!admin.tableExists(name)) {
      return "table '" + name + "' does not exist; load it first: bin/strata ycsb load -P "
          + "<workload file> (with the same -p table and -p columnfamily)";
    }
    TableDescriptor d = admin.getDescriptor(name);
    if (!d.hasColumnFamily(settings.familyBytes())) {
      return "table '" + name + "' has no family '" + settings.family() + "'; pass -p "
          + YcsbSettings.COLUMN_FAMILY + "=" + String.join("|", d.getColumnFamilyNames())
          + ", or drop the table and load again";
    }
    return null;
  }

  @Override
  public void cleanup() throws DBException {
    IOException failure = null;
    for (BufferedMutator m : mutators.values()) {
      try {
        m.close(); // flushes what is buffered
      } catch (IOException e) {
        failure = e;
        failed("flush of buffered writes to " + m.getName(), e);
      }
    }
    mutators.clear();
    tables.values().forEach(Table::close);
    tables.clear();
    if (connection != null) {
      connection = null;
      release();
    }
    if (failure != null) {
      throw new DBException("buffered writes failed when flushed at cleanup: "
          + failure.getMessage(), failure);
    }
  }

  private static void release() {
    synchronized (SHARED_LOCK) {
      if (--users > 0) {
        return;
      }
      closeQuietly(shared);
      shared = null;
      long failures = FAILURES.getAndSet(0);
      if (failures > 0) {
        System.err.println("Strata: " + failures + " operation(s) failed; the first: "
            + FIRST_FAILURE.getAndSet(null) + " (each failure is in the log)");
      }
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields,
      Map<String, ByteIterator> result) {
    Get get = new Get(Bytes.toBytes(key));
    if (fields == null) {
      get.addFamily(family);
    } else {
      for (String field : fields) {
        get.addColumn(family, Bytes.toBytes(field));
      }
    }
    Result r;
    try {
      r = table(table).get(get);
    } catch (IOException | RuntimeException e) {
      return failed("read of row " + key + " in " + table, e);
    }
    if (r.isEmpty()) {
      debug("read %s: not found", key);
      return Status.NOT_FOUND;
    }
    copyFields(r, result);
    debug("read %s: %s", key, result.keySet());
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    if (recordcount < 1) {
      return Status.OK; // nothing asked for (and a Scan takes no caching of 0 rows)
    }
    Scan scan = new Scan().withStartRow(Bytes.toBytes(startkey))
        .setLimit(recordcount).setCaching(recordcount);
    if (fields == null) {
      scan.addFamily(family);
    } else {
      for (String field : fields) {
        scan.addColumn(family, Bytes.toBytes(field));
      }
    }
    try (ResultScanner scanner = table(table).getScanner(scan)) {
      for (Result r = scanner.next(); r != null && result.size() < recordcount;
          r = scanner.next()) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        copyFields(r, row);
        result.add(row);
      }
    } catch (IOException | RuntimeException e) {
      return failed("scan of " + recordcount + " rows from " + startkey + " in " + table, e);
    }
    debug("scan from %s: %d rows", startkey, result.size());
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Put put = new Put(Bytes.toBytes(key));
    for (Map.Entry<String, ByteIterator> field : values.entrySet()) {
      put.addColumn(family, Bytes.toBytes(field.getKey()), field.getValue().toArray());
    }
    return write("write of row " + key + " in " + table, table, put);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return update(table, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    return write("delete of row " + key + " in " + table, table, new Delete(Bytes.toBytes(key)));
  }

  private Status write(String what, String table, Mutation m) {
    m.setDurability(settings.durability());
    try {
      if (settings.clientBuffering()) {
        mutator(table).mutate(m);
      } else if (m instanceof Put p) {
        table(table).put(p);
      } else {
        table(table).delete((Delete) m);
      }
    } catch (IOException | RuntimeException e) {
      return failed(what, e);
    }
    debug("%s", what);
    return Status.OK;
  }

  private Table table(String name) {
    return tables.computeIfAbsent(name, n -> connection.getTable(TableName.valueOf(n)));
  }

  private BufferedMutator mutator(String name) {
    return mutators.computeIfAbsent(name, n -> connection.getBufferedMutator(
        new BufferedMutatorParams(TableName.valueOf(n))
            .writeBufferSize(settings.writeBufferSize())));
  }

  private void copyFields(Result r, Map<String, ByteIterator> out) {
    for (Cell c : r.rawCells()) {
      out.put(Bytes.toString(c.getQualifierArray(), c.getQualifierOffset(),
          c.getQualifierLength()), new ByteArrayByteIterator(c.getValueArray(),
          c.getValueOffset(), c.getValueLength()));
    }
  }

  private static Status failed(String what, Exception e) {
    LOG.error("{} failed", what, e);
    FAILURES.incrementAndGet();
    FIRST_FAILURE.compareAndSet(null, what + ": " + e);
    return Status.ERROR;
  }

  private void debug(String format, Object... args) {
    // To standard error, not the log: debug is for someone watching a small run.
    if (settings.debug()) {
      System.err.println("[strata ycsb] " + String.format(format, args));
    }
  }

  private static void closeQuietly(Connection conn) {
    try {
      conn.close();
    } catch (IOException e) {
      LOG.warn("closing the YCSB client's connection failed", e);
    }
  }
}
