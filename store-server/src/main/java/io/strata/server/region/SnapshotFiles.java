package io.strata.server.region;

import io.strata.common.error.RegionInTransitionException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** What a region gives a snapshot: the block files its stores read (docs/formats/snapshot.md). */
public final class SnapshotFiles {
  private SnapshotFiles() {}

  /**
   * Flushes {@code region}'s memstores first when {@code flush}, then names every block file it
   * reads, store by store. A region still reading its split parent's files answers with a
   * retryable error, its compaction asked for, until that compaction is done.
   */
  public static List<StoreFileRef> of(Region region, boolean flush) throws IOException {
    region.checkOpen();
    if (region.hasReferences()) {
      // A fresh daughter: its compaction, asked for at its open, soon rewrites the references.
      region.context().compactions().requestCompaction(region, true);
      throw new RegionInTransitionException(region.info().getRegionNameAsString(), "it still "
          + "reads its split parent's files; the snapshot waits for its compaction to rewrite "
          + "them");
    }
    if (flush) {
      region.flush();
    }
    List<StoreFileRef> out = new ArrayList<>();
    for (Store s : region.stores().values()) {
      out.addAll(s.fileRefs(region.info()));
    }
    return out;
  }
}
