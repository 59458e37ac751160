package io.strata.server.region;

import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import io.strata.server.memstore.Mvcc;
import io.strata.server.wal.WalEntry;
import io.strata.server.wal.WalReader;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Re-applies a region's edits from WAL files on open. An edit is applied to a store only if its
 * sequence id is above the highest one in that store's files, so replaying twice, or replaying
 * edits a flush already saved, changes nothing.
 */
final class WalReplayer {
  private static final Logger LOG = LoggerFactory.getLogger(WalReplayer.class);

  /** Entries replayed between looks at the heap the memstores take. */
  private static final int HEAP_CHECK_EVERY = 64;

  private final Region region;
  private final RegionEvents events;

  WalReplayer(Region region, RegionEvents events) {
    this.region = region;
    this.events = events;
  }

  /** Returns the highest sequence id replayed, or -1 if none was. */
  long replay(List<Path> wals) throws IOException {
    Map<byte[], Long> flushed = new java.util.TreeMap<>(Bytes::compare);
    region.stores().forEach((f, s) -> flushed.put(f, s.maxFlushedSequenceId()));
    long max = -1;
    long applied = 0;
    Map<String, Long> skippedFamilies = new HashMap<>();
    MemStoreLimiter limiter = region.context().limiter();
    int sinceCheck = 0;
    for (Path p : wals) {
      events.beforeReplay(region.info(), p);
      try (WalReader r = WalReader.open(region.context().fs(), p)) {
        WalEntry e;
        while ((e = r.next()) != null) {
          if (!e.region().equals(region.encodedName())) {
            continue;
          }
          Mvcc.WriteEntry we = region.mvcc().begin();
          for (KeyValue c : e.cells()) {
            byte[] family = Bytes.copy(c.getFamilyArray(), c.getFamilyOffset(),
                c.getFamilyLength());
            Store s = region.stores().get(family);
            if (s == null) {
              skippedFamilies.merge(Bytes.toStringBinary(family), 1L, Long::sum);
              continue;
            }
            if (e.sequenceId() > flushed.get(family)) {
              s.add(c, we.writeNumber(), e.sequenceId());
              applied++;
              max = Math.max(max, e.sequenceId());
            }
          }
          region.mvcc().complete(we);
          if (++sinceCheck == HEAP_CHECK_EVERY) {
            sinceCheck = 0;
            if (limiter.mustFlushReplay(region, region.flushSize())) {
              // The flush's sequence id must cover the edits replayed so far.
              region.context().wal().advanceSequenceIdTo(max + 1);
              region.flush();
            }
          }
        }
        if (r.tornTailOffset() >= 0) {
          LOG.info("WAL {} ends in a torn entry at offset {}; it was never acknowledged", p,
              r.tornTailOffset());
        }
      }
      events.afterReplay(region.info(), p);
    }
    if (!skippedFamilies.isEmpty()) {
      LOG.warn("region {}: skipped replayed cells of families the table no longer has: {}",
          region.encodedName(), skippedFamilies);
    }
    if (applied > 0) {
      LOG.info("region {}: replayed {} cell(s) up to sequence id {}", region.encodedName(),
          applied, max);
    }
    return max;
  }
}
