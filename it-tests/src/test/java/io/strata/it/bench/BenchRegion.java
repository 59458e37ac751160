package io.strata.it.bench;

import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.server.memstore.ChunkPool;
import io.strata.server.region.CompactionService;
import io.strata.server.region.MemStoreLimiter;
import io.strata.server.region.Region;
import io.strata.server.region.RegionContext;
import io.strata.server.region.RegionFlusher;
import io.strata.server.region.RegionOptions;
import io.strata.server.wal.Wal;
import io.strata.server.wal.WalOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** A region with its WAL in a temporary directory, for benchmarks; close deletes it all. */
final class BenchRegion implements AutoCloseable {
  final java.nio.file.Path dir;
  final Wal wal;
  final Region region;
  private final RegionFlusher flusher = new RegionFlusher();
  private final CompactionService compactions = CompactionService.fromConfig(
      io.strata.common.conf.StrataConfiguration.defaults());

  BenchRegion() throws IOException {
    this(true);
  }

  /** {@code seek} false makes reads step over every cell, to measure what seeking buys. */
  BenchRegion(boolean seek) throws IOException {
    this(seek, io.strata.server.region.RegionCaching.NONE);
  }

  /** With a block cache used as {@code caching} says. */
  BenchRegion(boolean seek, io.strata.server.region.RegionCaching caching) throws IOException {
    this(seek, caching, ColumnFamilyDescriptor.of("f"));
  }

  /** With one family {@code family} (name "f"). */
  BenchRegion(boolean seek, io.strata.server.region.RegionCaching caching,
      ColumnFamilyDescriptor family) throws IOException {
    dir = Files.createTempDirectory("strata-bench");
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    Path root = new Path(dir.toUri());
    TableDescriptor table = TableDescriptor.newBuilder(TableName.valueOf("bench"))
        .setColumnFamily(family).build();
    wal = new Wal(fs, new Path(root, "wals/bench"), new Path(root, "oldWALs"), "bench",
        new WalOptions(128L << 20, Duration.ofHours(1), 16384, Duration.ofSeconds(1),
            Duration.ofMinutes(5)), 1, InstantSource.system());
    RegionContext ctx = new RegionContext(fs, root, wal, new ChunkPool(2 << 20, 256),
        new RegionOptions(128L << 20, 30_000, seek), flusher,
        MemStoreLimiter.fromHeap("bench", io.strata.common.conf.StrataConfiguration.defaults(),
            flusher), compactions, InstantSource.system(), caching,
        io.strata.server.fs.RecycledFiles.in(fs, new Path(root, "archive"), 1L << 30));
    region = Region.create(ctx, RegionInfo.newBuilder(table.getTableName()).setRegionId(1)
        .build(), table);
  }

  @Override
  public void close() throws IOException {
    flusher.close();
    compactions.close();
    region.abort();
    wal.close();
    try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
