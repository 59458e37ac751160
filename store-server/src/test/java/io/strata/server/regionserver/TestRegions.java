package io.strata.server.regionserver;

import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.compaction.CompactionPolicy;
import io.strata.server.compaction.CompactionThroughput;
import io.strata.server.memstore.ChunkPool;
import io.strata.server.region.CompactionService;
import io.strata.server.region.MemStoreLimiter;
import io.strata.server.region.Region;
import io.strata.server.region.RegionContext;
import io.strata.server.region.RegionFlusher;
import io.strata.server.region.RegionOptions;
import io.strata.server.region.RowEdit;
import io.strata.server.wal.Wal;
import io.strata.server.wal.WalOptions;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Real regions of table "t" (family "f") for the region server's tests: on the local file
 * system under a test's directory, sharing one real WAL, flusher and compaction service, and
 * registered in {@link #regions} as a server hosts them.
 */
final class TestRegions implements Closeable {
  static final byte[] CF = Bytes.toBytes("f");

  final OnlineRegions regions = new OnlineRegions("server");
  final RegionFlusher flusher = new RegionFlusher();
  final Wal wal;
  private final CompactionService compactions;
  private final RegionContext ctx;

  /** WAL files roll at {@code walRollBytes}; time comes from {@code clock}. */
  TestRegions(java.nio.file.Path dir, long walRollBytes, InstantSource clock)
      throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    Path root = new Path(dir.toUri().toString());
    wal = new Wal(fs, new Path(root, "wals/server"), new Path(root, "oldWALs"), "server",
        new WalOptions(walRollBytes, Duration.ofDays(1), 64, Duration.ofSeconds(1),
            Duration.ofSeconds(30)), 1, clock);
    compactions = new CompactionService(new CompactionPolicy(3, 10, 1.2, 1L << 31),
        CompactionThroughput.fixed(0, 1000), Duration.ofDays(7), 1, false);
    ctx = new RegionContext(fs, root, wal, new ChunkPool(64 * 1024, 4),
        new RegionOptions(64L << 20, 2000), flusher,
        new MemStoreLimiter("server", 1L << 40, 1L << 40, flusher), compactions, clock);
  }

  /** Creates and hosts the region of rows [start, end). */
  Region open(String start, String end) throws IOException {
    TableDescriptor table = TableDescriptor.newBuilder(TableName.valueOf("t"))
        .setColumnFamily(ColumnFamilyDescriptor.newBuilder(CF).build()).build();
    RegionInfo info = RegionInfo.newBuilder(table.getTableName())
        .setStartKey(Bytes.toBytes(start)).setEndKey(Bytes.toBytes(end)).setRegionId(1).build();
    Region r = Region.create(ctx, info, table);
    regions.add(r, 0, null);
    return r;
  }

  /** Writes one cell now. */
  static void put(Region r, byte[] row, byte[] qualifier, byte[] value) throws IOException {
    r.mutate(List.of(new RowEdit(row, List.of(KeyValue.of(row, CF, qualifier,
        CellLimits.LATEST_TIMESTAMP, CellType.PUT, value)))));
  }

  @Override
  public void close() throws IOException {
    for (OnlineRegions.Hosted h : regions.all()) {
      h.region().close();
    }
    flusher.close();
    compactions.close();
    wal.close();
  }
}
