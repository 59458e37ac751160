package io.strata.server.region;

import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.util.Bytes;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The regions of one table hosted as a region server would host them, on a {@link RegionFixture}
 * (its file system, WAL generations and clock): rows go to the region holding them, splits swap
 * a parent for its daughters, and restarts reopen whatever regions the file system says are live.
 */
final class TableFixture implements Closeable {
  final RegionFixture server;
  private final TreeMap<byte[], Region> regions = new TreeMap<>(Bytes::compare);

  TableFixture(java.nio.file.Path dir, TableDescriptor table, RegionCaching caching)
      throws IOException {
    server = new RegionFixture(dir, table, null, RegionFixture.compactions(false, 1000),
        caching);
    regions.put(Bytes.EMPTY, server.region);
  }

  Region regionFor(byte[] row) {
    return regions.floorEntry(row).getValue();
  }

  List<Region> regions() {
    return new ArrayList<>(regions.values());
  }

  /** Splits the region (at its mid row when {@code row} is null) and opens the daughters. */
  RegionSplitter.Daughters split(Region region, byte[] row) throws IOException {
    RegionSplitter.Daughters d = RegionSplitter.split(region, row);
    regions.remove(region.info().getStartKey());
    regions.put(d.a().getStartKey(), Region.open(server.context(), d.a(), server.table,
        List.of()));
    regions.put(d.b().getStartKey(), Region.open(server.context(), d.b(), server.table,
        List.of()));
    return d;
  }

  void flush() throws IOException {
    for (Region r : regions.values()) {
      r.flush();
    }
  }

  /** Loses every memstore as a killed process would; the WAL files stay. */
  void crash() throws IOException {
    for (Region r : regions.values()) {
      r.abort();
    }
    server.wal.close();
  }

  void cleanRestart() throws IOException {
    for (Region r : regions.values()) {
      r.close();
    }
    server.wal.close();
    restart();
  }

  /** Opens the live regions the file system lists, replaying the earlier WALs. */
  void restart() throws IOException {
    server.restartWal();
    regions.clear();
    List<RegionInfo> live = SplitRecovery.liveRegions(server.fs, server.root,
        server.table.getTableName());
    for (RegionInfo info : live) {
      regions.put(info.getStartKey(), Region.open(server.context(), info, server.table,
          server.oldWalFiles()));
    }
  }

  @Override
  public void close() throws IOException {
    try {
      for (Region r : regions.values()) {
        r.close();
      }
    } finally {
      server.close();
    }
  }
}
