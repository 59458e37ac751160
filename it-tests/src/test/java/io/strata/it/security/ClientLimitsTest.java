package io.strata.it.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.BadRequestException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The region server's per-client limits on a mini cluster: cells one get returns, and scanners
 * one connection, and the server, hold open. (Connections per address and calls queued per
 * connection: ConnectionLimitsTest in store-server.)
 */
class ClientLimitsTest {
  private static final TableName T = TableName.valueOf("t");
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  /** A scanner holding its first row, opened as soon as the connection's limit allows. */
  private static ResultScanner openOnceThereIsRoom(Table table) {
    ResultScanner[] opened = new ResultScanner[1];
    MiniCluster.waitFor(() -> {
      try {
        ResultScanner s = table.getScanner(new Scan().setCaching(1));
        try {
          assertNotNull(s.next());
          opened[0] = s;
          return true;
        } catch (BadRequestException e) {
          s.close();
          assertTrue(e.getMessage().contains("open scanners"), e.getMessage());
          return false;
        }
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }, java.time.Duration.ofSeconds(30), "a closed scanner's slot to be freed");
    return opened[0];
  }

  @Test
  void aWideGetAndTooManyOpenScannersAreRefusedSayingWhatToDo() throws Exception {
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.regionserver.get.max.cells", "10")
        .set("strata.regionserver.scanners.max.per.connection", "2")
        .set("strata.regionserver.scanners.max", "3");
    try (MiniCluster c = MiniCluster.start(conf, dir, 1); Connection conn = c.connect()) {
      conn.getAdmin().createTable(TableDescriptor.newBuilder(T)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      Table table = conn.getTable(T);
      Put wide = new Put(Bytes.toBytes("wide"));
      for (int i = 0; i < 11; i++) {
        wide.addColumn(F, Bytes.toBytes("q" + i), Bytes.toBytes(i));
      }
      table.put(wide);
      for (int i = 0; i < 10; i++) {
        table.put(new Put(Bytes.toBytes("row" + i)).addColumn(F, F, Bytes.toBytes(i)));
      }
      // 10 cells are served; the 11th makes the get too wide, without retries.
      assertEquals(10, table.get(new Get(Bytes.toBytes("wide")).addFamily(F)
          .setFilter(new io.strata.common.filter.ColumnCountGetFilter(10))).size());
      BadRequestException wideGet = assertThrows(BadRequestException.class,
          () -> table.get(new Get(Bytes.toBytes("wide"))));
      assertEquals("bad request: a get of row wide would return more than 10 cells, "
          + "strata.regionserver.get.max.cells; read so wide a row with a scan and "
          + "Scan.setBatch, or ask for fewer columns or versions", wideGet.getMessage());
      // The same row scanned in batches is fine.
      try (ResultScanner s = table.getScanner(new Scan().withStartRow(Bytes.toBytes("wide"))
          .withStopRow(Bytes.toBytes("wide"), true).setBatch(5))) {
        int cells = 0;
        for (var r : s) {
          cells += r.size();
        }
        assertEquals(11, cells);
      }

      // Two scanners held open on one connection; the third is refused, saying to close them.
      List<ResultScanner> held = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        ResultScanner s = table.getScanner(new Scan().setCaching(1));
        assertNotNull(s.next()); // open on the server, rows left
        held.add(s);
      }
      IOException third = assertThrows(IOException.class,
          () -> table.getScanner(new Scan().setCaching(1)).next());
      BadRequestException perConnection = assertInstanceOf(BadRequestException.class,
          third instanceof BadRequestException ? third : third.getCause());
      assertEquals("bad request: this connection holds 2 open scanners on this server, its "
          + "strata.regionserver.scanners.max.per.connection; close each ResultScanner when "
          + "done with it", perConnection.getMessage());
      // A scanner's close reaches the server after close() returns: the slot frees then.
      held.remove(0).close();
      held.add(openOnceThereIsRoom(table));

      // Another client may open one more: the server's whole limit is 3, then busy (retryable).
      StrataConfiguration quick = c.configuration().set("strata.client.operation.timeout", "2s");
      try (Connection other = io.strata.client.ConnectionFactory.createConnection(quick)) {
        Table t2 = other.getTable(T);
        ResultScanner one = t2.getScanner(new Scan().setCaching(1));
        assertNotNull(one.next());
        IOException busy = assertThrows(IOException.class,
            () -> t2.getScanner(new Scan().setCaching(1)).next());
        assertTrue(String.valueOf(busy.getMessage()).contains("it holds 3 open scanners, its "
            + "strata.regionserver.scanners.max; scanners close as clients finish or their "
            + "leases expire"), busy.toString());
        one.close();
      }
      for (ResultScanner s : held) {
        s.close();
      }
    }
  }
}
