package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.put;
import static io.strata.server.region.RegionFixture.putNow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An edit whose cells the write path owns ({@link RowEdit#cellsOwned}, the RPC layer's copy of
 * a request) gets "now" written into its put cells; every other cell is left as it came, and
 * what is stored is the same either way.
 */
class OwnedCellsTest {
  private static final long NOW = 1_700_000_000_000L;

  @TempDir
  java.nio.file.Path tmp;

  private static RowEdit edit(String row, boolean owned, long ttl, KeyValue... cells) {
    return new RowEdit(Bytes.toBytes(row), List.of(cells), Durability.USE_DEFAULT, ttl,
        Map.of(), owned);
  }

  private static List<String> row(RegionFixture f, String row) throws IOException {
    return RegionFixture.render(f.region.get(Bytes.toBytes(row), ScanSpec.all()));
  }

  @Test
  void anOwnedPutOfNowIsStampedInPlaceAndStoredAsACopyWouldBe() throws Exception {
    try (RegionFixture f = new RegionFixture(tmp, 3)) {
      f.fakeNow.set(NOW);
      KeyValue owned = putNow("a", CF1, "q", "1");
      KeyValue explicit = put("a", CF1, "r", 7, "2");
      KeyValue notOwned = putNow("b", CF1, "q", "3");
      f.region.mutate(List.of(edit("a", true, Tag.NO_TTL, owned, explicit),
          edit("b", false, Tag.NO_TTL, notOwned)));

      assertEquals(NOW, owned.getTimestamp());
      assertEquals(7, explicit.getTimestamp());
      assertEquals(CellLimits.LATEST_TIMESTAMP, notOwned.getTimestamp());
      assertEquals(List.of("a:q@" + NOW + "=1", "a:r@7=2"), row(f, "a"));
      assertEquals(List.of("a:q@" + NOW + "=3"), row(f, "b"));
      // The WAL holds the stamped time: a replay brings back the same cells.
      f.crash();
      f.restart();
      assertEquals(List.of("a:q@" + NOW + "=1", "a:r@7=2"), row(f, "a"));
      assertEquals(List.of("a:q@" + NOW + "=3"), row(f, "b"));
    }
  }

  @Test
  void anOwnedPutWithATtlAndAnOwnedDeleteOfTheLatestAreCopiesAsBefore() throws Exception {
    try (RegionFixture f = new RegionFixture(tmp, 3)) {
      f.fakeNow.set(NOW);
      f.mutate("a", put("a", CF1, "q", 5, "old"), put("a", CF1, "q", 9, "newest"));
      KeyValue withTtl = putNow("b", CF1, "q", "t");
      KeyValue deleteLatest = KeyValue.of(Bytes.toBytes("a"), CF1, Bytes.toBytes("q"),
          CellLimits.LATEST_TIMESTAMP, CellType.DELETE, Bytes.EMPTY);
      f.region.mutate(List.of(edit("b", true, 60_000, withTtl),
          edit("a", true, Tag.NO_TTL, deleteLatest)));

      assertEquals(CellLimits.LATEST_TIMESTAMP, withTtl.getTimestamp());
      assertEquals(CellLimits.LATEST_TIMESTAMP, deleteLatest.getTimestamp());
      List<Cell> b = f.region.get(Bytes.toBytes("b"), ScanSpec.all());
      assertEquals(List.of("a:q@" + NOW + "=t"), RegionFixture.render(b));
      assertEquals(60_000, Tag.ttlMillis(b.get(0)));
      // The delete of the latest version took the newest one's time (9), leaving 5.
      assertEquals(List.of("a:q@5=old"), row(f, "a"));
    }
  }
}
