package io.strata.server.regionserver;

import io.strata.common.cell.Cell;
import io.strata.common.schema.RegionInfo;
import io.strata.server.coprocessor.WALCoprocessorHost;
import io.strata.server.wal.WalListener;
import java.io.IOException;
import java.util.List;

/** The WAL's edits told to the server's WAL coprocessors, with each edit's region. */
final class WalEdits implements WalListener {
  private final WALCoprocessorHost coprocessors;
  private final OnlineRegions regions;

  WalEdits(WALCoprocessorHost coprocessors, OnlineRegions regions) {
    this.coprocessors = coprocessors;
    this.regions = regions;
  }

  /** The region an edit is for; one closing now is gone from the online set already. */
  private RegionInfo region(String encodedName) {
    OnlineRegions.Hosted h = regions.find(encodedName);
    return h == null ? null : h.region().info();
  }

  @Override
  public void beforeAppend(String region, List<Cell> cells) throws IOException {
    RegionInfo info = region(region);
    if (info != null) {
      coprocessors.preWALWrite(info, cells);
    }
  }

  @Override
  public void afterAppend(String region, long sequenceId, List<Cell> cells) {
    RegionInfo info = region(region);
    if (info != null) {
      coprocessors.postWALWrite(info, sequenceId, cells);
    }
  }
}
