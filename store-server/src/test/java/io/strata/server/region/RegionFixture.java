package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.fs.FaultInjectingFileSystem;
import io.strata.server.fs.RecycledFiles;
import io.strata.server.memstore.ChunkPool;
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
 * A region on the real local file system with its own WAL, as a region server would host it.
 * {@link #crash()} drops everything without flushing; {@link #restart()} opens a new WAL and
 * reopens the region replaying the old WAL files, as recovery does.
 */
final class RegionFixture implements Closeable {
  static final byte[] CF1 = Bytes.toBytes("a");
  static final byte[] CF2 = Bytes.toBytes("b");

  final FaultInjectingFileSystem fs;
  final Path root;
  final TableDescriptor table;
  final RegionInfo info;
  final ChunkPool pool = new ChunkPool(64 * 1024, 16);
  final RegionFlusher flusher = new RegionFlusher();
  private int generation;
  Wal wal;
  Region region;

  MemStoreLimiter limiter;
  /** Milliseconds the region's clock reads; 0 means the system clock. */
  final java.util.concurrent.atomic.AtomicLong fakeNow = new java.util.concurrent.atomic.AtomicLong();
  /** Minor compactions run by themselves once a store has 3 files; blocking at 1,000 files. */
  final CompactionService compactions;
  final RegionCaching caching;
  /** Block files compactions replaced, for new ones to be written over; NONE unless asked. */
  final RecycledFiles recycled;
  /** Whether the region writes through the local file system itself, with no faults injected. */
  private final boolean local;

  static CompactionService compactions(boolean automatic, int blockingFiles) {
    return compactions(automatic, blockingFiles, 0);
  }

  /** As {@link #compactions(boolean, int)}, paced at {@code bytesPerSecond} (0: unlimited). */
  static CompactionService compactions(boolean automatic, int blockingFiles,
      long bytesPerSecond) {
    return new CompactionService(
        new io.strata.server.compaction.CompactionPolicy(3, 10, 1.2, 1L << 31),
        io.strata.server.compaction.CompactionThroughput.fixed(bytesPerSecond, blockingFiles),
        Duration.ofDays(7), 1, automatic);
  }

  static TableDescriptor table(ColumnFamilyDescriptor.Builder cf1, int maxVersions) {
    return TableDescriptor.newBuilder(TableName.valueOf("t"))
        .setColumnFamily(cf1.setMaxVersions(maxVersions).build())
        .setColumnFamily(ColumnFamilyDescriptor.newBuilder(CF2).setMaxVersions(maxVersions)
            .build())
        .build();
  }

  RegionFixture(java.nio.file.Path dir, int maxVersions) throws IOException {
    this(dir, maxVersions, null);
  }

  RegionFixture(java.nio.file.Path dir, int maxVersions, MemStoreLimiter limiter)
      throws IOException {
    this(dir, table(ColumnFamilyDescriptor.newBuilder(CF1), maxVersions), limiter,
        compactions(true, 1000));
  }

  /** With {@code limiter} null, memstores are effectively unlimited. */
  RegionFixture(java.nio.file.Path dir, TableDescriptor table, MemStoreLimiter limiter,
      CompactionService compactions) throws IOException {
    this(dir, table, limiter, compactions, RegionCaching.NONE);
  }

  /** With a block cache used as {@code caching} says. */
  RegionFixture(java.nio.file.Path dir, TableDescriptor table, MemStoreLimiter limiter,
      CompactionService compactions, RegionCaching caching) throws IOException {
    this(dir, table, limiter, compactions, caching, false);
  }

  /**
   * With {@code recycling}, the region writes through the local file system itself (no faults
   * injected) and recycles block files as a region server does, in a pool of 1 GB.
   */
  RegionFixture(java.nio.file.Path dir, TableDescriptor table, MemStoreLimiter limiter,
      CompactionService compactions, RegionCaching caching, boolean recycling)
      throws IOException {
    this(dir, table, limiter, compactions, caching, recycling, false);
  }

  /**
   * As above; with {@code directIo} too, block files are written (and read for a copying
   * compaction) around the page cache, as a region server's are by default.
   */
  RegionFixture(java.nio.file.Path dir, TableDescriptor table, MemStoreLimiter limiter,
      CompactionService compactions, RegionCaching caching, boolean recycling, boolean directIo)
      throws IOException {
    this.caching = caching;
    this.local = recycling || directIo;
    this.compactions = compactions;
    this.limiter = limiter != null ? limiter
        : new MemStoreLimiter("test", 1L << 40, 1L << 40, flusher);
    fs = new FaultInjectingFileSystem(FileSystem.getLocal(new Configuration()).getRaw());
    root = new Path(dir.toUri().toString(), "root");
    recycled = local ? RecycledFiles.in(fs.getRawFileSystem(), new Path(root, "archive"),
        recycling ? 1L << 30 : 0, directIo) : RecycledFiles.NONE;
    this.table = table;
    info = RegionInfo.newBuilder(table.getTableName()).setRegionId(1).build();
    wal = newWal(1);
    region = Region.create(context(), info, table);
  }

  private Wal newWal(long firstSeq) throws IOException {
    generation++;
    return new Wal(fs, new Path(root, "wals/server," + generation), new Path(root, "oldWALs"),
        "server," + generation, new WalOptions(1 << 20, Duration.ofHours(1), 1024,
            Duration.ofMillis(100), Duration.ofSeconds(30), Duration.ZERO, walDirectSync),
        firstSeq, InstantSource.system());
  }

  RegionContext context() {
    return new RegionContext(local ? fs.getRawFileSystem() : fs, root, wal, pool,
        new RegionOptions(64L << 20, 2000), flusher, limiter,
        compactions, () -> java.time.Instant.ofEpochMilli(
            fakeNow.get() == 0 ? System.currentTimeMillis() : fakeNow.get()), caching,
        recycled);
  }

  /** WAL files of earlier generations, oldest first. */
  List<Path> oldWalFiles() throws IOException {
    List<Path> files = new ArrayList<>();
    for (int g = 1; g < generation; g++) {
      Path dir = new Path(root, "wals/server," + g);
      if (fs.exists(dir)) {
        for (FileStatus st : fs.listStatus(dir)) {
          files.add(st.getPath());
        }
      }
    }
    files.sort(null);
    return files;
  }

  /** Loses the memstore as a killed process would; the WAL files stay. */
  void crash() throws IOException {
    region.abort();
    wal.close();
  }

  /**
   * Whether a lone writer syncs its own WAL edit (as by default) rather than handing it to the
   * WAL's thread; taken by the next WAL ({@link #cleanRestart}).
   */
  boolean walDirectSync = true;

  void restart() throws IOException {
    restartWal();
    region = Region.open(context(), info, table, oldWalFiles());
  }

  /** A new WAL generation, as a restarted server has; opens no region. */
  void restartWal() throws IOException {
    wal = newWal(1);
  }

  void cleanRestart() throws IOException {
    region.close();
    wal.close();
    restart();
  }

  static KeyValue put(String row, byte[] family, String qualifier, long ts, String value) {
    return KeyValue.of(Bytes.toBytes(row), family, Bytes.toBytes(qualifier), ts, CellType.PUT,
        Bytes.toBytes(value));
  }

  static KeyValue delete(String row, byte[] family, String qualifier, long ts, CellType type) {
    return KeyValue.of(Bytes.toBytes(row), family, Bytes.toBytes(qualifier), ts, type,
        Bytes.EMPTY);
  }

  static KeyValue putNow(String row, byte[] family, String qualifier, String value) {
    return put(row, family, qualifier, CellLimits.LATEST_TIMESTAMP, value);
  }

  void mutate(String row, KeyValue... cells) throws IOException {
    region.mutate(List.of(new RowEdit(Bytes.toBytes(row), List.of(cells))));
  }

  /** The row as "family:qualifier@ts=value" strings, in order. */
  static List<String> render(List<Cell> cells) {
    List<String> out = new ArrayList<>();
    for (Cell c : cells) {
      out.add(Bytes.toStringBinary(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength())
          + ":" + Bytes.toStringBinary(c.getQualifierArray(), c.getQualifierOffset(),
          c.getQualifierLength()) + "@" + c.getTimestamp() + "="
          + Bytes.toStringBinary(c.getValueArray(), c.getValueOffset(), c.getValueLength()));
    }
    return out;
  }

  @Override
  public void close() throws IOException {
    try {
      region.close();
    } finally {
      wal.close();
      flusher.close();
      compactions.close();
    }
  }
}
