package io.strata.it.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Delete;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.shell.verify.AcidMain;
import io.strata.shell.verify.ItbllMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verifiers catch what they exist to catch: {@code itbll verify} a node deleted from a
 * complete list (UNDEFINED=1, the key named), {@code acid} a row written in two puts (a torn
 * read). Against a mini cluster, through the tools' own entry points.
 */
class VerifiersCatchLossTest {
  @TempDir
  Path dir;

  private record Ran(int exit, String out) {}

  @Test
  void itbllCountsADeletedNodeAsUndefined() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 2);
        Connection conn = c.connect(c.configuration())) {
      Ran gen = itbll(c, "generate", "--nodes=3000", "--width=100", "--threads=2",
          "--regions=3", "--seed=5");
      assertEquals(0, gen.exit(), gen.out());
      Ran whole = itbll(c, "verify", "--expect=3000");
      assertEquals(0, whole.exit(), whole.out());
      assertTrue(whole.out().contains("REFERENCED=3000\nUNREFERENCED=0\nUNDEFINED=0\n"),
          whole.out());

      byte[] lost;
      TableName t = TableName.valueOf("IntegrationTestBigLinkedList");
      try (Table table = conn.getTable(t); ResultScanner s = table.getScanner(new Scan())) {
        Result first = s.next();
        lost = first.getRow();
        table.delete(new Delete(lost));
      }
      Ran broken = itbll(c, "verify", "--expect=3000");
      assertEquals(1, broken.exit(), broken.out());
      assertTrue(broken.out().contains("UNDEFINED=1\n"), broken.out());
      assertTrue(broken.out().contains("first missing keys:\n"
          + String.format("%016x", Bytes.toLong(lost)) + "\n"), broken.out());
    }
  }

  @Test
  void acidReportsARowWrittenInTwoPuts() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 1);
        Connection conn = c.connect(c.configuration());
        Admin admin = conn.getAdmin()) {
      TableName t = TableName.valueOf("TestAcidGuarantees");
      admin.createTable(TableDescriptor.newBuilder(t).setColumnFamily(ColumnFamilyDescriptor
          .of("A")).setColumnFamily(ColumnFamilyDescriptor.of("B"))
          .setColumnFamily(ColumnFamilyDescriptor.of("C")).build());
      byte[] row = Bytes.toBytes("test_row_3");
      try (Table table = conn.getTable(t)) {
        // Split deliberately: family A in one put, B and C in another, with another value.
        Put a = new Put(row);
        Put bc = new Put(row);
        for (int q = 0; q < 10; q++) {
          a.addColumn(Bytes.toBytes("A"), Bytes.toBytes("col" + q), Bytes.toBytes(1L));
          bc.addColumn(Bytes.toBytes("B"), Bytes.toBytes("col" + q), Bytes.toBytes(2L));
          bc.addColumn(Bytes.toBytes("C"), Bytes.toBytes("col" + q), Bytes.toBytes(2L));
        }
        table.put(a);
        table.put(bc);
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
      int exit = AcidMain.run(new String[] {"--duration=3s", "--writers=0", "--getters=1",
          "--scanners=1", "--rows=10", "--seed=1"}, c.configuration(), print, print);
      String text = out.toString(StandardCharsets.UTF_8);
      assertEquals(1, exit, text);
      assertTrue(text.matches("(?s).*torn reads: [1-9]\\d*\n.*test_row_3.*"), text);
    }
  }

  private static Ran itbll(MiniCluster c, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
    int exit = ItbllMain.run(args, c.configuration(), print, print);
    return new Ran(exit, out.toString(StandardCharsets.UTF_8));
  }
}
