package io.strata.it.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.filter.ByteArrayComparable.RegexStringComparator;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.RowFilter;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A regular expression that makes a backtracking engine run for minutes, {@code (.*a){20}$}
 * against a 31-character row, in a get and a scan: with Java's engine on the network threads it
 * held every read of the server for 135-211 s and gets on other tables timed out (the mini
 * cluster's client gives up after 30 s). Now it is answered, with the right rows, and reads of
 * other tables beside it are too.
 */
class CostlyFilterTest {
  private static final String EVIL = "(.*a){20}$";

  @TempDir
  Path dir;

  @Test
  void aBacktrackingPatternNeitherFreezesReadsNorGetsItsRowsWrong() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Connection conn = cluster.connect();
      byte[] f = Bytes.toBytes("f");
      TableName evil = TableName.valueOf("evil");
      TableName other = TableName.valueOf("other");
      for (TableName t : List.of(evil, other)) {
        conn.getAdmin().createTable(TableDescriptor.newBuilder(t)
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      }
      Table table = conn.getTable(evil);
      byte[] noMatch = Bytes.toBytes("a".repeat(30) + "b"); // 31 characters, the worst case
      byte[] match = Bytes.toBytes("a".repeat(31));
      for (byte[] row : List.of(noMatch, match)) {
        table.put(new Put(row).addColumn(f, f, row));
      }
      conn.getTable(other).put(new Put(f).addColumn(f, f, f));

      RowFilter filter = new RowFilter(CompareOperator.EQUAL, new RegexStringComparator(EVIL));
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<Result>> gets = new ArrayList<>();
        for (int i = 0; i < 4; i++) { // as many as the server has network threads, and more
          gets.add(pool.submit(() -> table.get(new Get(noMatch).setFilter(filter))));
        }
        // Beside them, reads of another table are answered.
        assertArrayEquals(f, conn.getTable(other).get(new Get(f)).getValue(f, f));
        for (Future<Result> g : gets) {
          assertTrue(g.get().isEmpty(), "the row does not match the pattern");
        }
      } finally {
        pool.shutdownNow();
      }
      assertArrayEquals(match, table.get(new Get(match).setFilter(filter)).getValue(f, f));
      List<String> rows = new ArrayList<>();
      try (ResultScanner s = table.getScanner(new Scan().setFilter(filter))) {
        for (Result r : s) {
          rows.add(Bytes.toString(r.getRow()));
        }
      }
      assertEquals(List.of("a".repeat(31)), rows);

      // What a linear-time engine cannot run is refused where the filter is made.
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new RegexStringComparator("(a)\\1"));
      assertTrue(e.getMessage().startsWith("regular expression '(a)\\1' is invalid: "),
          e.getMessage());
      assertTrue(e.getMessage().endsWith(" (backreferences and lookaround cannot run in linear"
          + " time; Strata's regular expressions run on RE2/J)"), e.getMessage());
    }
  }
}
