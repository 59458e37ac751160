package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.put;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.error.BadRequestException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RegionMerger on the file system: a split's daughters, refused while they read their parent,
 * merge back once compacted into a region that reads the same rows through references; a merge
 * run again finishes or changes nothing; the daughters go once the merged region compacted.
 */
class MergeRegionsTest {
  @TempDir
  java.nio.file.Path tmp;

  private static Region open(RegionFixture f, RegionInfo info) throws IOException {
    return Region.open(f.context(), info, f.table, List.of());
  }

  @Test
  void daughtersMergeBackIntoARegionWithTheSameRows() throws Exception {
    try (RegionFixture f = new RegionFixture(tmp, RegionFixture.table(
        ColumnFamilyDescriptor.newBuilder(CF1), 3), null, RegionFixture.compactions(false, 1000))) {
      for (int r = 0; r < 300; r++) {
        String row = String.format("row%03d", r);
        f.mutate(row, put(row, CF1, "q", 10, "v" + r));
        if (r % 100 == 99) {
          f.region.flush();
        }
      }
      List<String> before = SplitTest.rows(f.region, false);
      RegionSplitter.Daughters d = RegionSplitter.split(f.region, Bytes.toBytes("row150"));
      List<RegionInfo> parents = List.of(d.a(), d.b());
      BadRequestException refs = assertThrows(BadRequestException.class,
          () -> RegionMerger.checkMergeable(f.fs, f.root, f.table, parents));
      assertTrue(refs.getMessage().contains("major_compact it, then merge"), refs.getMessage());
      for (RegionInfo p : parents) {
        try (Region r = open(f, p)) {
          r.compact(true);
        }
      }
      RegionMerger.checkMergeable(f.fs, f.root, f.table, parents);
      RegionInfo merged = RegionMerger.mergedRegion(parents, 0);
      assertArrayEquals(new byte[0], merged.getStartKey());
      assertArrayEquals(new byte[0], merged.getEndKey());
      assertTrue(merged.getRegionId() > d.a().getRegionId());
      RegionMerger.merge(f.fs, f.root, f.table, parents, merged, 1);
      RegionMerger.merge(f.fs, f.root, f.table, parents, merged, 2); // again: nothing changes
      for (RegionInfo p : parents) {
        IOException reopen = assertThrows(IOException.class, () -> open(f, p));
        assertTrue(reopen.getMessage().contains("was merged into " + merged.getEncodedName()),
            reopen.getMessage());
      }
      assertEquals(List.of(merged), SplitRecovery.liveRegions(f.fs, f.root, f.info.getTable()));
      try (Region m = open(f, merged)) {
        assertTrue(m.hasReferences());
        assertEquals(before, SplitTest.rows(m, false));
        m.compact(true);
        assertFalse(m.hasReferences());
        assertEquals(before, SplitTest.rows(m, false));
      }
      for (RegionInfo p : parents) {
        assertFalse(f.fs.exists(RegionLayout.regionDir(f.root, p)),
            "the parent " + p.getEncodedName() + " goes once the merged region compacted");
      }
      assertEquals(List.of(merged), SplitRecovery.liveRegions(f.fs, f.root, f.info.getTable()));
    }
  }

  @Test
  void regionsThatDoNotFollowOneAnotherAreRefused() {
    List<RegionInfo> apart = new ArrayList<>();
    for (String[] keys : new String[][] {{"", "b"}, {"c", "d"}}) {
      apart.add(RegionInfo.newBuilder(io.strata.common.schema.TableName.valueOf("t"))
          .setStartKey(Bytes.toBytes(keys[0])).setEndKey(Bytes.toBytes(keys[1])).setRegionId(5)
          .build());
    }
    BadRequestException e = assertThrows(BadRequestException.class,
        () -> RegionMerger.mergedRegion(apart, 0));
    assertTrue(e.getMessage().contains("are not adjacent"), e.getMessage());
    assertThrows(BadRequestException.class, () -> RegionMerger.mergedRegion(apart.subList(0, 1),
        0));
  }
}
