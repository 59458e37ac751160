package io.strata.server.master;

import io.strata.common.schema.RegionInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * What the normalizer does to one table, as HBase's SimpleRegionNormalizer: with the table's
 * mean region size as the target, a region over twice the target splits, and runs of adjacent
 * regions that together stay within the target merge (only regions old enough, and only in a
 * table of enough regions).
 */
final class NormalizerPlan {
  /** A region of the table with its size on disk. */
  record Sized(RegionInfo region, long bytes) {}

  /** A split of one region, or a merge of adjacent ones. */
  record Action(RegionInfo split, List<RegionInfo> merge) {
    static Action split(RegionInfo r) {
      return new Action(r, null);
    }

    static Action merge(List<RegionInfo> rs) {
      return new Action(null, List.copyOf(rs));
    }
  }

  private NormalizerPlan() {}

  /**
   * The actions for a table whose regions, in start key order, are {@code regions}.
   *
   * @param minRegionsToMerge tables with fewer regions are not merged
   * @param minAgeMillis a region younger than this (by its region id, the time it was made)
   *     is not merged
   */
  static List<Action> plan(List<Sized> regions, int minRegionsToMerge, long minAgeMillis,
      long nowMillis) {
    List<Action> out = new ArrayList<>();
    if (regions.isEmpty()) {
      return out;
    }
    long total = regions.stream().mapToLong(Sized::bytes).sum();
    double target = (double) total / regions.size();
    if (total == 0) {
      return out;
    }
    for (Sized s : regions) {
      if (s.bytes() > 2 * target) {
        out.add(Action.split(s.region()));
      }
    }
    if (regions.size() < minRegionsToMerge) {
      return out;
    }
    List<RegionInfo> run = new ArrayList<>();
    long runBytes = 0;
    for (Sized s : regions) {
      boolean mergeable = nowMillis - s.region().getRegionId() >= minAgeMillis
          && s.bytes() <= 2 * target;
      if (mergeable && runBytes + s.bytes() <= target) {
        run.add(s.region());
        runBytes += s.bytes();
        continue;
      }
      if (run.size() >= 2) {
        out.add(Action.merge(run));
      }
      run = new ArrayList<>();
      runBytes = 0;
      if (mergeable && s.bytes() <= target) {
        run.add(s.region());
        runBytes = s.bytes();
      }
    }
    if (run.size() >= 2) {
      out.add(Action.merge(run));
    }
    return out;
  }
}
