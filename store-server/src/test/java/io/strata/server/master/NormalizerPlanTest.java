package io.strata.server.master;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NormalizerPlanTest {
  private static final long DAY = 86_400_000L;

  private static List<NormalizerPlan.Sized> table(long regionIdMillis, long... mb) {
    List<NormalizerPlan.Sized> out = new ArrayList<>();
    for (int i = 0; i < mb.length; i++) {
      RegionInfo r = RegionInfo.newBuilder(TableName.valueOf("t"))
          .setStartKey(i == 0 ? new byte[0] : Bytes.toBytes("r" + i))
          .setEndKey(i == mb.length - 1 ? new byte[0] : Bytes.toBytes("r" + (i + 1)))
          .setRegionId(regionIdMillis).build();
      out.add(new NormalizerPlan.Sized(r, mb[i] << 20));
    }
    return out;
  }

  private static String describe(List<NormalizerPlan.Action> actions,
      List<NormalizerPlan.Sized> regions) {
    List<String> out = new ArrayList<>();
    List<RegionInfo> infos = regions.stream().map(NormalizerPlan.Sized::region).toList();
    for (NormalizerPlan.Action a : actions) {
      out.add(a.split() != null ? "split " + infos.indexOf(a.split())
          : "merge " + a.merge().stream().map(infos::indexOf).toList());
    }
    return String.join(", ", out);
  }

  @Test
  void splitsRegionsOverTwiceTheMeanAndMergesRunsWithinIt() {
    long now = 100 * DAY;
    // 800 MB in 9 regions, a mean of 88.9 MB: 420 splits (over 177.8); 10+20+30 merge (60
    // within the mean, 150 with the next is not); 90 and 100 stay alone; 15+15 merge.
    List<NormalizerPlan.Sized> t = table(0, 420, 10, 20, 30, 90, 15, 15, 100, 100);
    assertEquals("split 0, merge [1, 2, 3], merge [5, 6]",
        describe(NormalizerPlan.plan(t, 3, 3 * DAY, now), t));
  }

  @Test
  void leavesYoungRegionsAndSmallTablesUnmerged() {
    long now = 100 * DAY;
    List<NormalizerPlan.Sized> young = table(now - DAY, 10, 10, 10, 10, 20);
    assertEquals("", describe(NormalizerPlan.plan(young, 3, 3 * DAY, now), young));
    List<NormalizerPlan.Sized> small = table(0, 10, 10);
    assertEquals("", describe(NormalizerPlan.plan(small, 3, 3 * DAY, now), small));
    List<NormalizerPlan.Sized> even = table(0, 50, 50, 50, 50);
    assertEquals("", describe(NormalizerPlan.plan(even, 3, 3 * DAY, now), even));
  }
}
