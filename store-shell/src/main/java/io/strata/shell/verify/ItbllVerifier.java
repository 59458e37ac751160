package io.strata.shell.verify;

import io.strata.client.Connection;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.io.PrintStream;

/**
 * {@code itbll verify}: one full scan of the {@code prev} column, collecting the row keys
 * (defined nodes) and the prev values (referenced nodes), then {@link LinkCounts}. Every node
 * row has a prev cell (empty while it points at nothing), so the one column finds every node.
 *
 * <p>The result goes to {@code out} as exactly these lines, for scripts to read:
 * <pre>
 * REFERENCED=n
 * UNREFERENCED=n
 * UNDEFINED=n
 * first missing keys:      (only when UNDEFINED &gt; 0, then up to 10 keys in hex)
 * </pre>
 * Progress and warnings go to {@code err}.
 */
final class ItbllVerifier {
  private static final int CACHING = 10_000;
  private static final long PROGRESS_NANOS = 5_000_000_000L;

  private ItbllVerifier() {}

  /**
   * Scans {@code table}; 0 when every node is defined and pointed to (and, when {@code expect}
   * is not negative, there are exactly that many), 1 otherwise.
   */
  static int run(Connection conn, TableName name, long expect, PrintStream out, PrintStream err)
      throws IOException {
    LongList defined = new LongList();
    LongList referenced = new LongList();
    long malformed = 0;
    long start = System.nanoTime();
    long nextProgress = start + PROGRESS_NANOS;
    Scan scan = new Scan().addColumn(ItbllTable.FAMILY, ItbllTable.PREV).setCaching(CACHING)
        .setCacheBlocks(false);
    try (Table table = conn.getTable(name); ResultScanner rows = table.getScanner(scan)) {
      for (Result r = rows.next(); r != null; r = rows.next()) {
        byte[] row = r.getRow();
        byte[] prev = r.getValue(ItbllTable.FAMILY, ItbllTable.PREV);
        if (row.length != 8 || (prev != null && prev.length != 0 && prev.length != 8)) {
          if (malformed++ == 0) {
            err.println("itbll: row " + Bytes.toStringBinary(row) + " is not a node (keys and "
                + "prev values are 8 bytes); is --table the generator's table?");
          }
          continue;
        }
        defined.add(Bytes.toLong(row));
        if (prev != null && prev.length == 8) {
          referenced.add(Bytes.toLong(prev));
        }
        if (System.nanoTime() > nextProgress) {
          nextProgress += PROGRESS_NANOS;
          err.println("itbll: scanned " + defined.size() + " nodes");
        }
      }
    }
    err.printf("itbll: scanned %d nodes in %.1f s%n", defined.size(),
        (System.nanoTime() - start) / 1e9);
    LinkCounts c = LinkCounts.count(defined.drain(), referenced.drain());
    out.println("REFERENCED=" + c.referenced());
    out.println("UNREFERENCED=" + c.unreferenced());
    out.println("UNDEFINED=" + c.undefined());
    if (c.undefined() > 0) {
      out.println("first missing keys:");
      for (long key : c.firstMissing()) {
        out.println(LinkCounts.hex(key));
      }
    }
    boolean good = c.undefined() == 0 && c.unreferenced() == 0 && malformed == 0
        && (expect < 0 || c.referenced() == expect);
    if (expect >= 0 && c.referenced() != expect) {
      err.println("itbll: expected " + expect + " referenced nodes, found " + c.referenced());
    }
    if (malformed > 0) {
      err.println("itbll: " + malformed + " row(s) were not nodes and were left out");
    }
    return good ? 0 : 1;
  }
}
