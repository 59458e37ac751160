package io.strata.it.minicluster;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.util.TreeMap;

/**
 * What the cluster tests ask of a cluster while it changes under them: rows spread over the
 * key space, the live servers and a table's regions (-1 while the master cannot say), and a
 * table read whole, in order, with no row twice.
 */
public final class ClusterChecks {
  private ClusterChecks() {}

  /** Row {@code i}: eight hex digits of a multiplicative hash, so rows spread evenly. */
  public static byte[] row(int i) {
    return Bytes.toBytes(String.format("%08x", (int) ((i * 2654435761L) & 0xFFFFFFFFL)));
  }

  /** Live region servers, or -1 while the master does not answer. */
  public static int liveServers(Admin admin) {
    try {
      return admin.getClusterStatus().liveServers().size();
    } catch (Exception e) {
      return -1;
    }
  }

  /** The table's regions, or -1 while the master does not answer. */
  public static int regions(Admin admin, TableName table) {
    try {
      return admin.getRegions(table).size();
    } catch (Exception e) {
      return -1;
    }
  }

  /**
   * Every row of the table with the value of {@code family:qualifier}, failing if rows come out
   * of order or one comes twice.
   */
  public static TreeMap<String, byte[]> scanInOrder(Connection conn, TableName table,
      byte[] family, byte[] qualifier) throws java.io.IOException {
    TreeMap<String, byte[]> out = new TreeMap<>();
    byte[] previous = null;
    try (Table t = conn.getTable(table); ResultScanner s = t.getScanner(new Scan())) {
      for (Result r : s) {
        if (previous != null && Bytes.compare(previous, r.getRow()) >= 0) {
          throw new AssertionError("rows out of order or repeated at "
              + Bytes.toStringBinary(r.getRow()));
        }
        previous = r.getRow();
        out.put(Bytes.toString(r.getRow()), r.getValue(family, qualifier));
      }
    }
    return out;
  }
}
