package io.strata.server.regionserver;

import io.strata.common.cell.Cell;
import io.strata.common.schema.RegionInfo;
import io.strata.server.coprocessor.InternalScanner;
import io.strata.server.coprocessor.RegionCoprocessorHost;
import io.strata.server.region.CompactionRows;
import io.strata.server.region.Region;
import io.strata.server.region.RegionEvents;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * A region's own work told to its coprocessors: flushes, compactions (the files picked, the rows
 * written) and, while it opens, the replay of WAL files. The region knows nothing of
 * coprocessors, only of {@link RegionEvents}.
 */
final class CoprocessorEvents implements RegionEvents {
  private final OnlineRegions regions;
  private final Map<String, RegionCoprocessorHost> opening;

  /** {@code opening}: the coprocessors of regions opening now (not serving yet). */
  CoprocessorEvents(OnlineRegions regions, Map<String, RegionCoprocessorHost> opening) {
    this.regions = regions;
    this.opening = opening;
  }

  private RegionCoprocessorHost of(Region r) {
    OnlineRegions.Hosted h = regions.find(r.encodedName());
    return h == null ? null : h.coprocessors();
  }

  @Override
  public void beforeFlush(Region r) throws IOException {
    RegionCoprocessorHost cp = of(r);
    if (cp != null) {
      cp.preFlush();
    }
  }

  @Override
  public void afterFlush(Region r) {
    RegionCoprocessorHost cp = of(r);
    if (cp != null) {
      cp.postFlush();
    }
  }

  @Override
  public void beforeCompaction(Region r, byte[] family, boolean major) throws IOException {
    RegionCoprocessorHost cp = of(r);
    if (cp != null) {
      cp.preCompact(family, major);
    }
  }

  @Override
  public void afterCompaction(Region r, byte[] family, boolean major) {
    RegionCoprocessorHost cp = of(r);
    if (cp != null) {
      cp.postCompact(family, major);
    }
  }

  @Override
  public void selectingCompaction(Region r, byte[] family, List<String> candidates)
      throws IOException {
    RegionCoprocessorHost cp = of(r);
    if (cp != null) {
      cp.preCompactSelection(family, candidates);
    }
  }

  @Override
  public void selectedCompaction(Region r, byte[] family, List<String> selected) {
    RegionCoprocessorHost cp = of(r);
    if (cp != null) {
      cp.postCompactSelection(family, selected);
    }
  }

  @Override
  public boolean rewritesCompactions(Region r, byte[] family) {
    RegionCoprocessorHost cp = of(r);
    return cp != null && cp.rewritesCompactions();
  }

  @Override
  public CompactionRows compactionRows(Region r, byte[] family, boolean major,
      CompactionRows rows) throws IOException {
    RegionCoprocessorHost cp = of(r);
    if (cp == null) {
      return rows;
    }
    InternalScanner wrapped = cp.preCompactScanner(family, new InternalScanner() {
      @Override
      public boolean next(List<Cell> row) throws IOException {
        return rows.next(row);
      }

      @Override
      public void close() {
        rows.close();
      }
    }, major);
    return new CompactionRows() {
      @Override
      public boolean next(List<Cell> row) throws IOException {
        return wrapped.next(row);
      }

      @Override
      public void close() {
        wrapped.close();
      }
    };
  }

  @Override
  public void beforeReplay(RegionInfo region, Path wal) throws IOException {
    RegionCoprocessorHost cp = opening.get(region.getEncodedName());
    if (cp != null) {
      cp.preReplayWALs(wal);
    }
  }

  @Override
  public void afterReplay(RegionInfo region, Path wal) throws IOException {
    RegionCoprocessorHost cp = opening.get(region.getEncodedName());
    if (cp != null) {
      cp.postReplayWALs(wal);
    }
  }
}
