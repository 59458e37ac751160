package io.strata.it.crash;

import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.server.memstore.ChunkPool;
import io.strata.server.region.Region;
import io.strata.server.region.RegionContext;
import io.strata.server.region.CompactionService;
import io.strata.server.region.MemStoreLimiter;
import io.strata.server.region.RegionFlusher;
import io.strata.server.region.RegionOptions;
import io.strata.server.wal.Wal;
import io.strata.server.wal.WalOptions;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Hosts one region the way a region server does, in generations: generation N writes its WAL to
 * {@code wals/gen-N} and, on open, replays the WAL files of every earlier generation. Small
 * flush and roll sizes make flushes and WAL rolls happen all the time.
 */
final class RegionHost implements Closeable {
  static final TableDescriptor TABLE = TableDescriptor.newBuilder(TableName.valueOf("crash"))
      .setColumnFamily(ColumnFamilyDescriptor.of("a"))
      .setColumnFamily(ColumnFamilyDescriptor.of("b"))
      .build();
  static final RegionInfo REGION = RegionInfo.newBuilder(TABLE.getTableName()).setRegionId(7)
      .build();

  final Wal wal;
  final Region region;
  private final RegionFlusher flusher = new RegionFlusher();
  private final CompactionService compactions = CompactionService.fromConfig(
      io.strata.common.conf.StrataConfiguration.defaults());

  RegionHost(java.nio.file.Path rootDir, int generation) throws IOException {
    this(rootDir, generation, FileSystem.getLocal(new Configuration()).getRaw());
  }

  RegionHost(java.nio.file.Path rootDir, int generation, FileSystem fs) throws IOException {
    Path root = new Path(rootDir.toUri());
    List<Path> old = new ArrayList<>();
    for (int g = 1; g < generation; g++) {
      Path dir = new Path(root, "wals/gen-" + g);
      if (fs.exists(dir)) {
        for (FileStatus st : fs.listStatus(dir)) {
          old.add(st.getPath());
        }
      }
    }
    old.sort(null);
    wal = new Wal(fs, new Path(root, "wals/gen-" + generation), new Path(root, "oldWALs"),
        "gen-" + generation, new WalOptions(128 * 1024, Duration.ofHours(1), 4096,
            Duration.ofSeconds(1), Duration.ofSeconds(60)), 1, InstantSource.system());
    RegionContext ctx = new RegionContext(fs, root, wal, new ChunkPool(256 * 1024, 8),
        new RegionOptions(256 * 1024, 30_000), flusher,
        new MemStoreLimiter("crash", 1L << 40, 1L << 40, flusher), compactions,
        InstantSource.system());
    region = fs.exists(new Path(root, "data")) ? Region.open(ctx, REGION, TABLE, old)
        : Region.create(ctx, REGION, TABLE);
  }

  @Override
  public void close() throws IOException {
    flusher.close();
    compactions.close();
    region.close();
    wal.close();
  }
}
