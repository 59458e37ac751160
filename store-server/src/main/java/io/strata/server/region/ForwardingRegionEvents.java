package io.strata.server.region;

import io.strata.common.schema.RegionInfo;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Passes every event to another listener: the base of a listener that adds to a few of them
 * (metrics, automatic splits) and leaves the rest to the one it wraps.
 */
public abstract class ForwardingRegionEvents implements RegionEvents {
  protected final RegionEvents inner;

  protected ForwardingRegionEvents(RegionEvents inner) {
    this.inner = inner;
  }

  @Override
  public void beforeFlush(Region r) throws IOException {
    inner.beforeFlush(r);
  }

  @Override
  public void afterFlush(Region r) {
    inner.afterFlush(r);
  }

  @Override
  public void beforeCompaction(Region r, byte[] family, boolean major) throws IOException {
    inner.beforeCompaction(r, family, major);
  }

  @Override
  public void afterCompaction(Region r, byte[] family, boolean major) {
    inner.afterCompaction(r, family, major);
  }

  @Override
  public void compacted(Region r, byte[] family, long inputBytes, long outputBytes) {
    inner.compacted(r, family, inputBytes, outputBytes);
  }

  @Override
  public void selectingCompaction(Region r, byte[] family, List<String> candidates)
      throws IOException {
    inner.selectingCompaction(r, family, candidates);
  }

  @Override
  public void selectedCompaction(Region r, byte[] family, List<String> selected) {
    inner.selectedCompaction(r, family, selected);
  }

  @Override
  public boolean rewritesCompactions(Region r, byte[] family) {
    return inner.rewritesCompactions(r, family);
  }

  @Override
  public CompactionRows compactionRows(Region r, byte[] family, boolean major,
      CompactionRows rows) throws IOException {
    return inner.compactionRows(r, family, major, rows);
  }

  @Override
  public void beforeReplay(RegionInfo region, Path wal) throws IOException {
    inner.beforeReplay(region, wal);
  }

  @Override
  public void afterReplay(RegionInfo region, Path wal) throws IOException {
    inner.afterReplay(region, wal);
  }
}
