package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.delete;
import static io.strata.server.region.RegionFixture.put;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a flush and a minor compaction keep (RetainDeletes): a flush applies the family's
 * VERSIONS and TTL as HBase's does, so deleting the newest version does not bring back one past
 * VERSIONS; both keep every delete marker and drop what the markers beside them mask; a minor
 * compaction keeps surplus versions, so when it runs never changes what a read returns.
 */
class RetainDeletesTest {
  private static final long NOW = 1_800_000_000_000L;

  @TempDir
  java.nio.file.Path tmp;

  private RegionFixture fixture(ColumnFamilyDescriptor.Builder family, int versions)
      throws IOException {
    RegionFixture f = new RegionFixture(tmp, RegionFixture.table(family, versions), null,
        RegionFixture.compactions(false, 1000));
    f.fakeNow.set(NOW);
    return f;
  }

  /** Every stored cell of row r, markers included, as "qualifier@ts TYPE=value". */
  private static List<String> stored(RegionFixture f) throws IOException {
    return render(f.region.get(Bytes.toBytes("r"), ScanSpec.row(Bytes.toBytes("r"))
        .withRaw(true).withMaxVersions(100)));
  }

  private static List<String> visible(RegionFixture f) throws IOException {
    return render(f.region.get(Bytes.toBytes("r"), ScanSpec.row(Bytes.toBytes("r"))
        .withMaxVersions(100)));
  }

  private static List<String> render(List<Cell> cells) {
    List<String> out = new ArrayList<>();
    for (Cell c : cells) {
      out.add(Bytes.toString(c.getQualifierArray(), c.getQualifierOffset(),
          c.getQualifierLength()) + "@" + (c.getTimestamp() - NOW) + " " + c.getType()
          + (c.getType() == CellType.PUT ? "=" + Bytes.toString(c.getValueArray(),
          c.getValueOffset(), c.getValueLength()) : ""));
    }
    return out;
  }

  private static void putVersions(RegionFixture f, int from, int to) throws IOException {
    for (int v = from; v <= to; v++) {
      f.mutate("r", put("r", CF1, "q", NOW + v, "v" + v));
    }
  }

  @Test
  void aFlushKeepsTheFamilysVersionsSoDeletingTheNewestBringsNoneBack() throws Exception {
    try (RegionFixture f = fixture(ColumnFamilyDescriptor.newBuilder(CF1), 3)) {
      putVersions(f, 1, 5);
      assertEquals(List.of("q@5 PUT=v5", "q@4 PUT=v4", "q@3 PUT=v3", "q@2 PUT=v2",
          "q@1 PUT=v1"), stored(f), "the memstore holds every version until the flush");
      f.region.flush();
      assertEquals(List.of("q@5 PUT=v5", "q@4 PUT=v4", "q@3 PUT=v3"), stored(f));
      f.mutate("r", delete("r", CF1, "q", NOW + 5, CellType.DELETE));
      assertEquals(List.of("q@4 PUT=v4", "q@3 PUT=v3"), visible(f));
      f.region.flush();
      assertEquals(List.of("q@4 PUT=v4", "q@3 PUT=v3"), visible(f));
      assertEquals(List.of("q@5 DELETE", "q@5 PUT=v5", "q@4 PUT=v4", "q@3 PUT=v3"), stored(f),
          "the marker is kept, to go on masking the older file's version");
      f.region.compact(true);
      assertEquals(List.of("q@4 PUT=v4", "q@3 PUT=v3"), stored(f));
    }
  }

  @Test
  void aFlushDropsWhatItsOwnMarkersMaskAndKeepsTheMarkers() throws Exception {
    try (RegionFixture f = fixture(ColumnFamilyDescriptor.newBuilder(CF1), 5)) {
      f.mutate("r", put("r", CF1, "q", NOW + 1, "old"), put("r", CF1, "p", NOW + 1, "other"));
      f.region.flush();
      f.mutate("r", put("r", CF1, "q", NOW + 2, "masked"), put("r", CF1, "q", NOW + 9, "kept"),
          delete("r", CF1, "q", NOW + 3, CellType.DELETE_COLUMN),
          delete("r", CF1, "", NOW + 1, CellType.DELETE_FAMILY));
      f.region.flush();
      assertEquals(List.of("@1 DELETE_FAMILY", "p@1 PUT=other", "q@9 PUT=kept",
          "q@3 DELETE_COLUMN", "q@1 PUT=old"), stored(f));
      assertEquals(List.of("q@9 PUT=kept"), visible(f));
    }
  }

  @Test
  void aFlushDropsExpiredCellsButKeepsMinVersions() throws Exception {
    try (RegionFixture f = fixture(ColumnFamilyDescriptor.newBuilder(CF1).setTimeToLive(60)
        .setMinVersions(1), 3)) {
      f.mutate("r", put("r", CF1, "old", NOW - 200_000, "a"), put("r", CF1, "old",
          NOW - 100_000, "b"), put("r", CF1, "q", NOW - 90_000, "expired"),
          put("r", CF1, "q", NOW - 1_000, "live"));
      f.region.flush();
      assertEquals(List.of("old@-100000 PUT=b", "q@-1000 PUT=live"), stored(f),
          "MIN_VERSIONS 1 keeps the newest expired version of a column with no live one");
    }
    try (RegionFixture f = new RegionFixture(tmp.resolve("no-min"), RegionFixture.table(
        ColumnFamilyDescriptor.newBuilder(CF1).setTimeToLive(60), 3), null,
        RegionFixture.compactions(false, 1000))) {
      f.fakeNow.set(NOW);
      f.mutate("r", put("r", CF1, "old", NOW - 100_000, "b"), put("r", CF1, "q", NOW - 1_000,
          "live"));
      f.region.flush();
      assertEquals(List.of("q@-1000 PUT=live"), stored(f));
    }
  }

  @Test
  void aMinorCompactionKeepsSurplusVersionsAndDropsMaskedAndExpiredCells() throws Exception {
    try (RegionFixture f = fixture(ColumnFamilyDescriptor.newBuilder(CF1).setTimeToLive(60), 2)) {
      putVersions(f, 1, 2);
      f.mutate("r", put("r", CF1, "p", NOW + 1, "masked"), put("r", CF1, "t", NOW - 30_000,
          "expires"));
      f.region.flush();
      putVersions(f, 3, 4);
      f.region.flush();
      f.mutate("r", delete("r", CF1, "p", NOW + 1, CellType.DELETE));
      f.region.flush();
      f.fakeNow.set(NOW + 60_000); // t is now past its TTL
      List<String> before = visible(f);
      assertEquals(List.of("q@4 PUT=v4", "q@3 PUT=v3"), before);
      assertEquals(3, f.region.compact(false), "the three files merged");
      assertEquals(List.of("p@1 DELETE", "q@4 PUT=v4", "q@3 PUT=v3", "q@2 PUT=v2",
          "q@1 PUT=v1"), stored(f));
      assertEquals(before, visible(f));
      f.mutate("r", delete("r", CF1, "q", NOW + 4, CellType.DELETE));
      assertEquals(List.of("q@3 PUT=v3", "q@2 PUT=v2"), visible(f),
          "as before the compaction: the first flush's versions were within VERSIONS then");
    }
  }

  @Test
  void aMinorCompactionWithoutTtlDropsMaskedCellsOnlyWhenAFileHoldsMarkers() throws Exception {
    try (RegionFixture f = fixture(ColumnFamilyDescriptor.newBuilder(CF1), 1)) {
      for (int v = 1; v <= 3; v++) {
        f.mutate("r", put("r", CF1, "q", NOW + v, "v" + v));
        f.region.flush();
      }
      assertEquals(3, f.region.compact(false));
      assertEquals(List.of("q@3 PUT=v3", "q@2 PUT=v2", "q@1 PUT=v1"), stored(f),
          "nothing to drop: merged as they were, surplus versions kept");
      f.mutate("r", put("r", CF1, "p", NOW + 1, "masked"));
      f.region.flush();
      f.mutate("r", delete("r", CF1, "p", NOW + 1, CellType.DELETE));
      f.region.flush();
      assertEquals(3, f.region.compact(false));
      assertEquals(List.of("p@1 DELETE", "q@3 PUT=v3", "q@2 PUT=v2", "q@1 PUT=v1"), stored(f));
      assertEquals(List.of("q@3 PUT=v3"), visible(f));
    }
  }
}
