package io.strata.shell.chaos;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The actions on regions and tables of user tables: move, split, merge, flush and major
 * compact, through the Admin API as an operator would.
 */
final class RegionActions {
  private RegionActions() {}

  static ActionResult move(ChaosContext c) throws IOException {
    List<RegionInfo> regions = c.view.userRegions();
    if (regions.isEmpty() || c.view.liveRegionServers().size() < 2) {
      return ActionResult.skipped("no user region, or fewer than 2 region servers");
    }
    RegionInfo r = c.pick(regions);
    c.view.admin().move(r.getEncodedName(), null);
    return ActionResult.done("moved " + r.getRegionNameAsString());
  }

  static ActionResult split(ChaosContext c) throws IOException {
    List<RegionInfo> regions = c.view.userRegions();
    if (regions.isEmpty()) {
      return ActionResult.skipped("no user region");
    }
    RegionInfo r = c.pick(regions);
    c.view.admin().splitRegion(r.getEncodedName(), null);
    return ActionResult.done("split " + r.getRegionNameAsString());
  }

  static ActionResult merge(ChaosContext c) throws IOException {
    List<List<RegionInfo>> pairs = new ArrayList<>();
    for (TableName t : c.view.userTables()) {
      List<RegionInfo> rs = new ArrayList<>(c.view.admin().getRegions(t));
      rs.sort(null);
      for (int i = 0; i + 1 < rs.size(); i++) {
        pairs.add(List.of(rs.get(i), rs.get(i + 1)));
      }
    }
    if (pairs.isEmpty()) {
      return ActionResult.skipped("no table has two regions");
    }
    List<RegionInfo> pair = c.pick(pairs);
    c.view.admin().mergeRegions(List.of(pair.get(0).getEncodedName(),
        pair.get(1).getEncodedName()));
    return ActionResult.done("merged " + pair.get(0).getRegionNameAsString() + " and "
        + pair.get(1).getRegionNameAsString());
  }

  static ActionResult flush(ChaosContext c) throws IOException {
    List<TableName> tables = c.view.userTables();
    if (tables.isEmpty()) {
      return ActionResult.skipped("no user table");
    }
    TableName t = c.pick(tables);
    c.view.admin().flush(t);
    return ActionResult.done("flushed " + t);
  }

  static ActionResult compact(ChaosContext c) throws IOException {
    List<TableName> tables = c.view.userTables();
    if (tables.isEmpty()) {
      return ActionResult.skipped("no user table");
    }
    TableName t = c.pick(tables);
    c.view.admin().majorCompact(t);
    return ActionResult.done("asked for a major compaction of " + t);
  }
}
