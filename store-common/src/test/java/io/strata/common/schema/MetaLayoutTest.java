package io.strata.common.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class MetaLayoutTest {
  private static final TableName T = TableName.valueOf("t");

  /** Keys full of the bytes that broke a comma-separated layout: 0x00, ',' and below. */
  private static byte[] key(Random rnd) {
    byte[] k = new byte[1 + rnd.nextInt(4)];
    byte[] alphabet = {0, 1, ',' - 1, ',', ',' + 1, 'a', (byte) 0xFE, (byte) 0xFF};
    for (int i = 0; i < k.length; i++) {
      k[i] = alphabet[rnd.nextInt(alphabet.length)];
    }
    return k;
  }

  @Test
  void metaRowsSortLikeStartKeysAndTheSearchKeyFindsTheHoldingRegion() {
    Random rnd = new Random(5);
    for (int round = 0; round < 200; round++) {
      TreeSet<byte[]> starts = new TreeSet<>(Bytes::compare);
      starts.add(Bytes.EMPTY);
      for (int i = 0; i < 6; i++) {
        starts.add(key(rnd));
      }
      List<byte[]> sorted = new ArrayList<>(starts);
      TreeMap<byte[], RegionInfo> meta = new TreeMap<>(Bytes::compare);
      List<RegionInfo> regions = new ArrayList<>();
      for (int i = 0; i < sorted.size(); i++) {
        RegionInfo r = RegionInfo.newBuilder(T).setStartKey(sorted.get(i))
            .setEndKey(i + 1 < sorted.size() ? sorted.get(i + 1) : Bytes.EMPTY)
            .setRegionId(rnd.nextInt(1 << 30)).build();
        regions.add(r);
        meta.put(MetaLayout.regionRow(r), r);
      }
      assertEquals(regions, new ArrayList<>(meta.values()), "meta rows in start key order");
      // The table's state row and another table's rows stay out of the way.
      meta.put(MetaLayout.tableRow(T), RegionInfo.newBuilder(TableName.valueOf("x")).build());
      for (int i = 0; i < 20; i++) {
        byte[] row = key(rnd);
        RegionInfo found = meta.floorEntry(MetaLayout.regionSearchKey(T, row)).getValue();
        assertTrue(found.containsRow(row), Bytes.toStringBinary(row) + " not in " + found);
      }
      meta.put(Bytes.add(TableName.valueOf("t-next").toBytes(), new byte[] {','}),
          RegionInfo.newBuilder(TableName.valueOf("t-next")).build());
      assertEquals(regions.get(regions.size() - 1),
          meta.floorEntry(MetaLayout.afterRegionRows(T)).getValue(), "the last region");
      for (int i = 1; i < regions.size(); i++) {
        RegionInfo before = meta.floorEntry(MetaLayout.regionBeforeSearchKey(T,
            regions.get(i).getStartKey())).getValue();
        assertEquals(regions.get(i - 1), before);
      }
    }
  }
}
