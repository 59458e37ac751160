package io.strata.it.crash;

import io.strata.common.error.NotServingRegionException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.memstore.ChunkPool;
import io.strata.server.region.CompactionService;
import io.strata.server.region.MemStoreLimiter;
import io.strata.server.region.Region;
import io.strata.server.region.RegionContext;
import io.strata.server.region.RegionFlusher;
import io.strata.server.region.RegionOptions;
import io.strata.server.region.RegionSplitter;
import io.strata.server.region.RowEdit;
import io.strata.server.region.SplitRecovery;
import io.strata.server.wal.Wal;
import io.strata.server.wal.WalOptions;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Hosts the regions of one table the way a region server does, in generations: generation N
 * writes its WAL to {@code wals/gen-N} and, on open, finds the table's live regions on the file
 * system (finishing any split a crash interrupted) and opens each, replaying the WAL files of
 * every generation since the last clean shutdown. Small flush and roll sizes make flushes and
 * WAL rolls happen all the time; {@link #splitLargest} splits regions as a server would.
 */
final class RegionHost implements Closeable {
  static final TableDescriptor TABLE = TableDescriptor.newBuilder(TableName.valueOf("crash"))
      .setColumnFamily(ColumnFamilyDescriptor.newBuilder(Bytes.toBytes("a")).setBlockSize(4096)
          .build())
      .setColumnFamily(ColumnFamilyDescriptor.of("b"))
      .build();
  static final RegionInfo FIRST_REGION = RegionInfo.newBuilder(TABLE.getTableName())
      .setRegionId(7).build();
  /** Written when a generation closed every region (all edits flushed): older WALs are done. */
  private static final String CLEAN_MARKER = "clean-shutdown";

  final Wal wal;
  private final FileSystem fs;
  private final Path root;
  private final int generation;
  private final RegionContext ctx;
  private final RegionFlusher flusher = new RegionFlusher();
  private final CompactionService compactions = CompactionService.fromConfig(
      io.strata.common.conf.StrataConfiguration.defaults());
  /** Open regions by start key; replaced whole when a split swaps a parent for daughters. */
  private volatile TreeMap<byte[], Region> regions = new TreeMap<>(Bytes::compare);

  RegionHost(java.nio.file.Path rootDir, int generation) throws IOException {
    this(rootDir, generation, FileSystem.getLocal(new Configuration()).getRaw());
  }

  RegionHost(java.nio.file.Path rootDir, int generation, FileSystem fs) throws IOException {
    this.fs = fs;
    this.root = new Path(rootDir.toUri());
    this.generation = generation;
    List<Path> old = new ArrayList<>();
    for (int g = 1; g < generation; g++) {
      Path dir = new Path(root, "wals/gen-" + g);
      if (fs.exists(new Path(dir, CLEAN_MARKER))) {
        old.clear();
      } else if (fs.exists(dir)) {
        for (FileStatus st : fs.listStatus(dir)) {
          old.add(st.getPath());
        }
      }
    }
    old.sort(null);
    wal = new Wal(fs, new Path(root, "wals/gen-" + generation), new Path(root, "oldWALs"),
        "gen-" + generation, new WalOptions(128 * 1024, Duration.ofHours(1), 4096,
            Duration.ofSeconds(1), Duration.ofSeconds(60)), 1, InstantSource.system());
    ctx = new RegionContext(fs, root, wal, new ChunkPool(256 * 1024, 8),
        new RegionOptions(256 * 1024, 30_000), flusher,
        new MemStoreLimiter("crash", 1L << 40, 1L << 40, flusher), compactions,
        InstantSource.system());
    TreeMap<byte[], Region> opened = new TreeMap<>(Bytes::compare);
    try {
      List<RegionInfo> live = SplitRecovery.liveRegions(fs, root, TABLE.getTableName());
      if (live.isEmpty()) {
        opened.put(Bytes.EMPTY, Region.create(ctx, FIRST_REGION, TABLE));
      }
      for (RegionInfo r : live) {
        opened.put(r.getStartKey(), Region.open(ctx, r, TABLE, old));
      }
    } catch (IOException | RuntimeException e) {
      for (Region r : opened.values()) {
        r.abort();
      }
      wal.close();
      throw e;
    }
    regions = opened;
  }

  /** The open regions in key order. */
  List<Region> regions() {
    return new ArrayList<>(regions.values());
  }

  /**
   * Writes the row to the region holding it. While a split swaps the region for its daughters
   * the write waits for the swap, as a client would relocate; while the region has too many
   * files the writer compacts it, as the server's compaction threads would catch up.
   */
  void mutate(RowEdit edit) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
    while (true) {
      Region r = regions.floorEntry(edit.row()).getValue();
      try {
        r.mutate(List.of(edit));
        return;
      } catch (NotServingRegionException e) {
        awaitSwapOf(r, edit, deadline);
      } catch (io.strata.common.error.ServerBusyException e) {
        try {
          r.compact(false);
        } catch (NotServingRegionException closed) {
          awaitSwapOf(r, edit, deadline);
        }
      }
    }
  }

  /** Waits until the row's region is no longer {@code r}: a split replaced it. */
  private synchronized void awaitSwapOf(Region r, RowEdit edit, long deadline)
      throws IOException, InterruptedException {
    while (regions.floorEntry(edit.row()).getValue() == r) {
      long left = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
      if (left <= 0) {
        throw new IOException("row '" + Bytes.toStringBinary(edit.row())
            + "' still refused after 60 s: region " + r.info() + " is closed and not replaced");
      }
      wait(left);
    }
  }

  /**
   * Splits the region holding the most bytes at its mid row and opens the daughters, or does
   * nothing when that region cannot split yet (it still holds references). Returns whether it
   * split.
   */
  boolean splitLargest() throws IOException {
    if (regions.size() >= 16) {
      return false; // enough regions to crash among; more would only slow the test
    }
    Region largest = null;
    for (Region r : regions.values()) {
      if (!r.hasReferences() && (largest == null || r.memStoreSize() + sizeOnDisk(r)
          > largest.memStoreSize() + sizeOnDisk(largest))) {
        largest = r;
      }
    }
    if (largest == null) {
      return false;
    }
    RegionSplitter.Daughters d;
    try {
      d = RegionSplitter.split(largest, null);
    } catch (io.strata.common.error.BadRequestException e) {
      return false; // nothing to split at yet
    }
    TreeMap<byte[], Region> next = new TreeMap<>(regions);
    next.put(d.a().getStartKey(), Region.open(ctx, d.a(), TABLE, List.of()));
    next.put(d.b().getStartKey(), Region.open(ctx, d.b(), TABLE, List.of()));
    synchronized (this) {
      regions = next;
      notifyAll(); // writers waiting for the swap
    }
    return true;
  }

  private long sizeOnDisk(Region r) throws IOException {
    long n = 0;
    Path dir = io.strata.server.region.RegionLayout.regionDir(root, r.info());
    for (ColumnFamilyDescriptor f : TABLE.getColumnFamilies()) {
      Path family = new Path(dir, f.getNameAsString());
      if (fs.exists(family)) {
        n += fs.getContentSummary(family).getLength();
      }
    }
    return n;
  }

  @Override
  public void close() throws IOException {
    flusher.close();
    compactions.close();
    for (Map.Entry<byte[], Region> e : regions.entrySet()) {
      e.getValue().close();
    }
    wal.close();
    fs.create(new Path(root, "wals/gen-" + generation + "/" + CLEAN_MARKER), true).close();
  }
}
