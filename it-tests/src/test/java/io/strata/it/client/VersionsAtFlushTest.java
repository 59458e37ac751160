package io.strata.it.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What HBase's documentation says a client sees of versions and TTL around a flush, through the
 * client on a mini cluster: a family of VERSIONS 3 written 5 versions keeps 3 once flushed, so
 * deleting the newest leaves 2, none brought back; cells past the family's TTL are gone from the
 * flushed file (a raw scan shows what is stored), but for the newest MIN_VERSIONS of a column.
 */
class VersionsAtFlushTest {
  private static final byte[] V = Bytes.toBytes("v");
  private static final byte[] T = Bytes.toBytes("t");
  private static final byte[] E = Bytes.toBytes("e");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final byte[] ROW = Bytes.toBytes("row");

  @TempDir
  Path dir;

  /** Every stored cell of the row, markers included, as "family:qualifier@ts TYPE=value". */
  private static List<String> stored(Table t) throws Exception {
    List<String> out = new ArrayList<>();
    try (ResultScanner s = t.getScanner(new Scan().setRaw(true).readAllVersions())) {
      for (Result r : s) {
        for (Cell c : r.rawCells()) {
          out.add(describe(c));
        }
      }
    }
    return out;
  }

  private static List<String> visible(Table t) throws Exception {
    List<String> out = new ArrayList<>();
    for (Cell c : t.get(new Get(ROW).readAllVersions()).rawCells()) {
      out.add(describe(c));
    }
    return out;
  }

  private static String describe(Cell c) {
    String s = Bytes.toString(CellUtil.cloneFamily(c)) + ":" + Bytes.toString(
        CellUtil.cloneQualifier(c)) + "@" + (c.getTimestamp() < 100 ? c.getTimestamp() : "old")
        + " " + c.getType();
    return CellUtil.isPut(c) ? s + "=" + Bytes.toString(CellUtil.cloneValue(c)) : s;
  }

  @Test
  void aFlushKeepsVersionsAndDropsExpiredCellsAsHBasesDoes() throws Exception {
    TableName name = TableName.valueOf("versions");
    try (MiniCluster cluster = MiniCluster.start(dir, 1);
        Connection conn = cluster.connect();
        Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptor.newBuilder(V).setMaxVersions(3).build())
          .setColumnFamily(ColumnFamilyDescriptor.newBuilder(T).setMaxVersions(3)
              .setTimeToLive(60).setMinVersions(1).build())
          .setColumnFamily(ColumnFamilyDescriptor.newBuilder(E).setTimeToLive(60).build())
          .build());
      Table t = conn.getTable(name);
      for (long ts = 1; ts <= 5; ts++) {
        t.put(new Put(ROW, ts).addColumn(V, Q, Bytes.toBytes("v" + ts)));
      }
      long hourAgo = System.currentTimeMillis() - 3_600_000;
      t.put(new Put(ROW).addColumn(T, Q, hourAgo, Bytes.toBytes("older"))
          .addColumn(T, Q, hourAgo + 1, Bytes.toBytes("newest expired"))
          .addColumn(E, Q, hourAgo, Bytes.toBytes("gone")));
      List<String> before = List.of("e:q@old PUT=gone", "t:q@old PUT=newest expired",
          "t:q@old PUT=older", "v:q@5 PUT=v5", "v:q@4 PUT=v4", "v:q@3 PUT=v3", "v:q@2 PUT=v2",
          "v:q@1 PUT=v1");
      assertEquals(before, stored(t), "the memstore keeps everything written");
      assertEquals(List.of("t:q@old PUT=newest expired", "v:q@5 PUT=v5", "v:q@4 PUT=v4",
          "v:q@3 PUT=v3"), visible(t));

      admin.flush(name);
      assertEquals(List.of("t:q@old PUT=newest expired", "v:q@5 PUT=v5", "v:q@4 PUT=v4",
          "v:q@3 PUT=v3"), stored(t), "the flush applied VERSIONS, TTL and MIN_VERSIONS");

      t.delete(new Delete(ROW).addColumn(V, Q)); // the newest version
      assertEquals(List.of("t:q@old PUT=newest expired", "v:q@4 PUT=v4", "v:q@3 PUT=v3"),
          visible(t), "no version past VERSIONS comes back");
      admin.flush(name);
      assertEquals(List.of("t:q@old PUT=newest expired", "v:q@4 PUT=v4", "v:q@3 PUT=v3"),
          visible(t));
      assertEquals(List.of("t:q@old PUT=newest expired", "v:q@5 DELETE", "v:q@5 PUT=v5",
          "v:q@4 PUT=v4", "v:q@3 PUT=v3"), stored(t), "the marker is kept until a major "
          + "compaction, masking the version in the older file");
    }
  }
}
