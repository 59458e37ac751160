package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.delete;
import static io.strata.server.region.RegionFixture.put;
import static io.strata.server.region.RegionFixture.render;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.common.cell.CellType;
import io.strata.common.schema.BloomType;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSkippingTest {
  @TempDir
  java.nio.file.Path tmp;

  private static RegionFixture fixture(java.nio.file.Path dir, BloomType bloom)
      throws IOException {
    return new RegionFixture(dir, RegionFixture.table(ColumnFamilyDescriptor.newBuilder(CF1)
        .setBloomFilterType(bloom), 3), null, RegionFixture.compactions(false, 1000));
  }

  private static long blocksRead(RegionFixture f) {
    return f.region.stores().get(CF1).dataBlocksRead();
  }

  @Test
  void rowBloomsKeepAGetToTheOneFileHoldingTheRow() throws IOException {
    try (RegionFixture f = fixture(tmp, BloomType.ROW)) {
      for (int file = 0; file < 8; file++) {
        for (int r = 0; r < 20; r++) {
          String row = "f" + file + "-r" + r;
          f.mutate(row, put(row, CF1, "q", 1, "v" + file));
        }
        f.region.flush();
      }
      long before = blocksRead(f);
      assertEquals(List.of("a:q@1=v5"), render(f.region.get(Bytes.toBytes("f5-r7"),
          ScanSpec.all())));
      assertEquals(1, blocksRead(f) - before, "only the file holding the row was read");
      before = blocksRead(f);
      assertEquals(List.of(), f.region.get(Bytes.toBytes("absent"), ScanSpec.all()));
      assertEquals(0, blocksRead(f) - before);
    }
  }

  @Test
  void rowColBloomsStillSeeFamilyDeleteMarkers() throws IOException {
    try (RegionFixture f = fixture(tmp, BloomType.ROWCOL)) {
      f.mutate("r", put("r", CF1, "q", 1, "v"));
      f.region.flush();
      f.mutate("r", delete("r", CF1, "", 5, CellType.DELETE_FAMILY));
      f.region.flush();
      f.mutate("r", put("r", CF1, "other", 1, "o"));
      f.region.flush();
      // The marker's file holds no cell of column q, but its family marker masks q.
      assertEquals(List.of(), f.region.get(Bytes.toBytes("r"),
          ScanSpec.row(Bytes.toBytes("r")).withColumn(CF1, Bytes.toBytes("q"))));
      long before = blocksRead(f);
      f.region.get(Bytes.toBytes("r"), ScanSpec.row(Bytes.toBytes("r"))
          .withColumn(CF1, Bytes.toBytes("q")));
      assertEquals(2, blocksRead(f) - before, "the file with only 'other' was skipped");
    }
  }

  @Test
  void filesOlderThanTheTimeRangeAreSkippedButNewerMarkersStillMask() throws IOException {
    try (RegionFixture f = fixture(tmp, BloomType.NONE)) {
      f.mutate("r", put("r", CF1, "q", 5, "old"));
      f.region.flush();
      f.mutate("r", put("r", CF1, "q", 50, "new"));
      f.region.flush();
      f.mutate("r", put("r", CF1, "gone", 40, "g"));
      f.region.flush();
      f.mutate("r", delete("r", CF1, "gone", 100, CellType.DELETE_COLUMN));
      f.region.flush();
      long before = blocksRead(f);
      ScanSpec recent = ScanSpec.all().withTimeRange(30, 60);
      assertEquals(List.of("a:q@50=new"), render(f.region.get(Bytes.toBytes("r"), recent)));
      assertEquals(3, blocksRead(f) - before, "the file of timestamp 5 was skipped");
    }
  }
}
