package io.strata.server.region;

import io.strata.server.fs.StorageFileSystems;
import com.google.protobuf.ByteString;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.util.Bytes;
import io.strata.server.blockfile.BlockFileOptions;
import io.strata.server.blockfile.BlockFileReader;
import io.strata.server.blockfile.BlockFileWriter;
import io.strata.server.blockfile.CacheOptions;
import io.strata.server.compaction.CompactionPolicy;
import io.strata.server.compaction.ThroughputLimiter;
import io.strata.server.fs.DirectReader;
import io.strata.server.fs.RecycledFiles;
import io.strata.server.memstore.ChunkPool;
import io.strata.server.memstore.MemStore;
import io.strata.server.memstore.Segment;
import io.strata.server.memstore.SequencedCell;
import io.strata.server.scan.CellSource;
import io.strata.server.scan.MergingScanner;
import io.strata.server.scan.RowMatcher;
import io.strata.server.scan.ScanSpec;
import io.strata.server.scan.SegmentSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.IntToLongFunction;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One column family of a region: its memstore and its block files, newest first. The file list
 * is replaced, never changed, under {@code filesLock}; readers take it lock-free and pin the
 * files they read ({@link StoreFile}). Flushes add files; compactions replace several by one and
 * move the replaced files to the archive directory.
 *
 * <p>A compacted file names its inputs in its file info ({@value #COMPACTED_FROM}); opening a
 * store archives any input still present, finishing a compaction a crash interrupted.
 */
final class Store {
  private static final Logger LOG = LoggerFactory.getLogger(Store.class);
  static final String COMPACTED_FROM = "compacted.from";
  /** Bytes a merge writes between bookings with the compaction throughput limiter. */
  static final int PACE_BYTES = 64 * 1024;

  private static final Comparator<StoreFile> NEWEST_FIRST =
      Comparator.comparingLong(StoreFile::maxSequenceId).reversed();

  private final FileSystem fs;
  private final ColumnFamilyDescriptor family;
  private final Path dir;
  private final Path archiveDir;
  private final MemStore memstore;
  private final Object filesLock = new Object();
  private final Object compactionLock = new Object();
  private volatile List<StoreFile> files;
  /** Set by {@link #close}; compactions then do nothing. Guarded by compactionLock. */
  private boolean closed;
  /** Set when the files are released; a flush finishing later must not add to the list. */
  private boolean released; // guarded by filesLock
  /** Set when the region closes: a running compaction gives up, leaving its inputs in place. */
  private volatile boolean stopCompactions;
  /** Minor compactions done by copying blocks ({@link #writeConcatenated}); for tests. */
  private volatile int copiedCompactions;

  private final CacheOptions caching;
  private final RecycledFiles recycled;

  private Store(FileSystem fs, ColumnFamilyDescriptor family, Path dir, Path archiveDir,
      MemStore memstore, List<StoreFile> files, CacheOptions caching, RecycledFiles recycled) {
    this.caching = caching;
    this.recycled = recycled;
    this.fs = fs;
    this.family = family;
    this.dir = dir;
    this.archiveDir = archiveDir;
    this.memstore = memstore;
    this.files = files;
  }

  /**
   * Opens the family's files in {@code regionDir}; references resolve against
   * {@code tableDir} and, for parents already cleaned up, {@code archiveTableDir}. New files
   * are written over files from {@code recycled}, and files compactions replace go there.
   */
  static Store open(FileSystem fs, Path regionDir, Path tableDir, Path archiveTableDir,
      Path archiveDir, ColumnFamilyDescriptor family, ChunkPool pool, CacheOptions caching,
      RecycledFiles recycled) throws IOException {
    Path dir = RegionLayout.familyDir(regionDir, family.getNameAsString());
    StorageFileSystems.mkdirs(fs, dir);
    List<StoreFile> opened = new ArrayList<>();
    try {
      for (FileStatus st : fs.listStatus(dir)) {
        String name = st.getPath().getName();
        if (!st.isFile() || name.startsWith(".")) {
          continue;
        }
        if (LinkFile.isLinkName(name)) {
          LinkFile link = LinkFile.read(fs, st.getPath());
          Path target = link.resolve(fs, RegionLayout.rootOf(tableDir), family.getNameAsString());
          opened.add(new StoreFile(BlockFileReader.open(fs, target, caching), st.getPath(),
              null, link));
        } else if (ReferenceFile.isReferenceName(name)) {
          ReferenceFile ref = ReferenceFile.read(fs, st.getPath());
          Path target = ref.resolve(fs, tableDir, archiveTableDir, family.getNameAsString());
          opened.add(new StoreFile(BlockFileReader.open(fs, target, caching), st.getPath(),
              ref, null));
        } else {
          opened.add(new StoreFile(BlockFileReader.open(fs, st.getPath(), caching)));
        }
      }
      Set<String> replaced = new HashSet<>();
      for (StoreFile f : opened) {
        // A reference's or link's file info is another store's, whose compactions it names.
        ByteString from = f.isBorrowed() ? null
            : f.reader().fileInfo().getExtraMap().get(COMPACTED_FROM);
        if (from != null && !from.isEmpty()) {
          replaced.addAll(List.of(from.toString(StandardCharsets.UTF_8).split(",")));
        }
      }
      List<StoreFile> live = new ArrayList<>();
      for (StoreFile f : opened) {
        if (replaced.contains(f.name())) {
          f.release();
          archive(fs, f.storePath(), archiveDir);
          LOG.info("archived {}: a compaction that a crash interrupted had replaced it",
              f.storePath());
        } else {
          live.add(f);
        }
      }
      live.sort(NEWEST_FIRST);
      return new Store(fs, family, dir, archiveDir, new MemStore(pool), List.copyOf(live),
          caching, recycled);
    } catch (IOException | RuntimeException e) {
      opened.forEach(StoreFile::release);
      throw e;
    }
  }

  /**
   * Moves a block file into {@code archiveDir}, made if need be, and returns where it went;
   * done too if another process moved it first. Tried twice: the master's cleaner removes
   * empty archive directories, and may do so between the mkdirs and the rename.
   */
  static Path archive(FileSystem fs, Path file, Path archiveDir) throws IOException {
    Path target = new Path(archiveDir, file.getName());
    for (int attempt = 1; ; attempt++) {
      StorageFileSystems.mkdirs(fs, archiveDir);
      if (fs.rename(file, target) || !fs.exists(file)) {
        return target;
      }
      if (attempt == 2) {
        throw new IOException("could not archive " + file + " to " + target);
      }
    }
  }

  ColumnFamilyDescriptor family() {
    return family;
  }

  MemStore memstore() {
    return memstore;
  }

  int fileCount() {
    return files.size();
  }

  /** Creation time of the oldest file, or -1 without files. */
  long oldestFileMillis() {
    long oldest = -1;
    for (StoreFile f : files) {
      long created = f.reader().fileInfo().getCreatedMillis();
      oldest = oldest < 0 ? created : Math.min(oldest, created);
    }
    return oldest;
  }

  /** Highest WAL sequence id already in this store's files; -1 without files. */
  long maxFlushedSequenceId() {
    long max = -1;
    for (StoreFile f : files) {
      max = Math.max(max, f.maxSequenceId());
    }
    return max;
  }

  SequencedCell add(Cell c, long writeNumber, long walSeqId) {
    return memstore.add(c, writeNumber, walSeqId);
  }

  /** As {@link #add} for every cell of one edit; the stored cells go to {@code out}. */
  void addAll(List<? extends Cell> cells, long writeNumber, long walSeqId, SequencedCell[] out) {
    memstore.addAll(cells, writeNumber, walSeqId, out);
  }

  /** The current files, each pinned; release each when done. */
  private List<StoreFile> retainFiles() {
    return retainFiles(new ArrayList<>());
  }

  /** As {@link #retainFiles()}, into {@code held} (cleared first). */
  private List<StoreFile> retainFiles(List<StoreFile> held) {
    while (true) {
      held.clear();
      List<StoreFile> current = files;
      boolean ok = true;
      for (StoreFile f : current) {
        if (f.retain()) {
          held.add(f);
        } else {
          ok = false;
          break;
        }
      }
      if (ok) {
        return held;
      }
      held.forEach(StoreFile::release); // a compaction swapped the list under us: try again
    }
  }

  /**
   * Adds to {@code out} the sources a reader at {@code readPoint} merges for {@code spec}:
   * memstore segments, then the files that may hold something for it, newest first; everything
   * stays pinned until the sources close. {@code singleRow}, when not null, lets bloom filters rule files out.
   */
  void addSources(List<CellSource> out, long readPoint, ScanSpec spec, byte[] singleRow,
      SourcePool pool) throws IOException {
    List<Segment> segments = memstore.retainSegments(pool.segmentList());
    for (int i = segments.size() - 1, rank = 0; i >= 0; i--, rank++) {
      Segment segment = segments.get(i);
      if (segment.isEmpty()) {
        // Nothing visible at readPoint can arrive later: a write is in its segment before its
        // MVCC number completes. So an empty segment (the active one after a flush) is skipped.
        segment.release();
      } else {
        out.add(pool.segmentSource(segment, readPoint, rank));
      }
    }
    long rank = 2;
    List<StoreFile> pinned = retainFiles(pool.fileList());
    for (int i = 0; i < pinned.size(); i++) {
      StoreFile f = pinned.get(i);
      boolean wanted;
      try {
        wanted = (singleRow == null || f.coversRow(singleRow))
            && mayHold(f.reader(), spec, singleRow);
      } catch (IOException | RuntimeException e) {
        for (int j = i; j < pinned.size(); j++) {
          pinned.get(j).release(); // the caller closes what is in out already
        }
        throw e;
      }
      if (wanted) {
        out.add(f.source(rank++, spec.cacheBlocks(), pool));
      } else {
        f.release();
      }
    }
  }

  /**
   * Whether a file can matter to the read. A file entirely older than the time range (the
   * family's own, if the read gives it one) is skipped:
   * its puts are outside it and its markers mask only older puts. (A file entirely newer is kept:
   * its markers may mask puts inside the range.) For one row, the bloom filter must admit the row,
   * or for ROWCOL one of the asked columns or the family-wide marker column.
   */
  private boolean mayHold(BlockFileReader r, ScanSpec spec, byte[] singleRow) throws IOException {
    long minTimestamp = spec.familyTimeRanges().isEmpty() ? spec.minTimestamp()
        : spec.minTimestamp(family.getName());
    if (r.cellCount() == 0 || r.maxTimestamp() < minTimestamp) {
      return false;
    }
    if (singleRow == null) {
      return true;
    }
    if (!r.mightContainRow(singleRow)) {
      return false;
    }
    if (!r.fileInfo().getBloomType().equals("ROWCOL")) {
      return true;
    }
    byte[] name = family.getName();
    java.util.NavigableSet<byte[]> qualifiers = spec.columns().get(name);
    if (qualifiers == null || qualifiers.isEmpty()
        || r.mightContainColumn(singleRow, name, Bytes.EMPTY)) {
      return true;
    }
    for (byte[] q : qualifiers) {
      if (r.mightContainColumn(singleRow, name, q)) {
        return true;
      }
    }
    return false;
  }

  /** Whether some file is a reference to a parent's file (the store is a daughter's). */
  boolean hasReferences() {
    for (StoreFile f : files) {
      if (f.isReference()) {
        return true;
      }
    }
    return false;
  }

  /** Whether some file is a link to another region's file (the store is a clone's). */
  boolean hasLinks() {
    for (StoreFile f : files) {
      if (f.link() != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * The block files the store reads, each where it was written ({@link StoreFileRef}): its own,
   * and a link's target; one consistent set (a compaction swaps the list whole, and moves its
   * inputs to the archive only after). Refused, retryably, while the store reads a split
   * parent's files through references.
   */
  List<StoreFileRef> fileRefs(io.strata.common.schema.RegionInfo region) throws IOException {
    List<StoreFileRef> out = new ArrayList<>();
    for (StoreFile f : files) {
      if (f.isReference()) {
        throw new io.strata.common.error.RegionInTransitionException(
            region.getRegionNameAsString(), "it still reads its split parent's files");
      }
      LinkFile l = f.link();
      out.add(l != null
          ? new StoreFileRef(family.getNameAsString(), l.table(), l.region(), l.fileName(),
              f.reader().length())
          : new StoreFileRef(family.getNameAsString(), region.getTable(),
              region.getEncodedName(), f.name(), f.reader().length()));
    }
    return out;
  }

  /** Encoded names of the regions whose files this store's references read. */
  Set<String> referencedRegions() {
    Set<String> out = new HashSet<>();
    for (StoreFile f : files) {
      if (f.isReference()) {
        out.add(f.reference().parentRegion());
      }
    }
    return out;
  }

  /** Bytes of block files (a reference counts its whole file). */
  long size() {
    long n = 0;
    for (StoreFile f : files) {
      n += f.reader().length();
    }
    return n;
  }

  /**
   * The store's share of the table's size on disk, as space quotas count it: its own files
   * whole, a reference to a split parent's file half of that file (a split cuts near its middle),
   * so that daughters together count their parent's files once.
   */
  long spaceBytes() {
    long n = 0;
    for (StoreFile f : files) {
      n += f.isReference() ? f.reader().length() / 2 : f.reader().length();
    }
    return n;
  }

  /**
   * A row near the middle of the store's data: the row of its largest file's mid key. Null when
   * there are no files or the mid key is in the file's first row (one huge row cannot split).
   */
  byte[] midRow() throws IOException {
    List<StoreFile> pinned = retainFiles(); // a compaction may replace them meanwhile
    try {
      StoreFile largest = null;
      for (StoreFile f : pinned) {
        if (largest == null || f.reader().length() > largest.reader().length()) {
          largest = f;
        }
      }
      if (largest == null) {
        return null;
      }
      Cell mid = largest.reader().midKey();
      Cell first = largest.reader().firstKey();
      if (mid == null || first == null) {
        return null;
      }
      byte[] row = Bytes.copy(mid.getRowArray(), mid.getRowOffset(), mid.getRowLength());
      return CellComparator.INSTANCE.compareRow(first, row) == 0 ? null : row;
    } finally {
      pinned.forEach(StoreFile::release);
    }
  }

  /** Minor compactions of this store that copied blocks rather than merged cells (tests). */
  int copiedCompactions() {
    return copiedCompactions;
  }

  /** Data blocks read from this store's current files (statistics and tests). */
  long dataBlocksRead() {
    long n = 0;
    for (StoreFile f : files) {
      n += f.reader().dataBlocksRead();
    }
    return n;
  }

  /**
   * Writes the snapshot into a new block file under the region's temporary directory and
   * returns it, or null if the snapshot is empty. The file records {@code flushSeqId}. What it
   * keeps at {@code nowMillis}: {@link RetainDeletes#flush}.
   */
  Path writeSnapshot(Segment snapshot, long flushSeqId, Path tmpDir, long nowMillis)
      throws IOException {
    if (snapshot.isEmpty() || !snapshot.retain()) {
      return null;
    }
    Path tmp = newTmpFile(tmpDir);
    BlockFileWriter w;
    try {
      w = BlockFileWriter.create(fs, tmp, recycled.create(fs, tmp),
          BlockFileOptions.forFamily(family), caching);
    } catch (IOException | RuntimeException e) {
      snapshot.release();
      throw e;
    }
    // Every edit in a snapshot has completed: all are read, whatever their write numbers.
    try (MergingScanner cells = new MergingScanner(List.<CellSource>of(
        new SegmentSource(snapshot, Long.MAX_VALUE, 0)))) {
      cells.seek(CellKeys.firstOnRow(Bytes.EMPTY));
      RowMatcher matcher = RetainDeletes.flush(family, nowMillis);
      matcher.keepInPlace(); // the snapshot holds its cells until it is dropped after the flush
      while (cells.peek() != null) {
        for (Cell c : matcher.readRow(cells)) {
          w.append(c);
        }
      }
      w.setMaxSequenceId(flushSeqId);
      w.close();
      return tmp;
    } catch (IOException | RuntimeException e) {
      w.abort();
      throw e;
    }
  }

  private static Path newTmpFile(Path tmpDir) {
    return new Path(tmpDir, UUID.randomUUID().toString().replace("-", ""));
  }

  /** Moves a flushed file into the family directory and makes it readable. */
  void commitFile(Path tmp) throws IOException {
    StoreFile added = moveIntoPlace(tmp);
    synchronized (filesLock) {
      if (released) {
        added.release(); // closed or aborted meanwhile: the file stays for the next open
        return;
      }
      List<StoreFile> next = new ArrayList<>(files);
      next.add(added);
      next.sort(NEWEST_FIRST);
      files = List.copyOf(next);
    }
  }

  /**
   * Adds a bulk-loaded block file as one of the store's, named with {@code sequenceId}
   * ({@link StoreFile#bulkLoadedName}): moved if it is on the store's file system, else copied.
   * The caller holds the region's writes off (a flush must not interleave).
   */
  void addBulkLoaded(FileSystem source, Path file, long sequenceId) throws IOException {
    Path target = new Path(dir, StoreFile.bulkLoadedName(sequenceId));
    if (source.getUri().equals(fs.getUri())) {
      if (!fs.rename(file, target)) {
        throw new IOException("could not move " + file + " to " + target);
      }
    } else if (!org.apache.hadoop.fs.FileUtil.copy(source, file, fs, target, false,
        fs.getConf())) {
      throw new IOException("could not copy " + file + " to " + target);
    }
    StoreFile added = new StoreFile(BlockFileReader.open(fs, target, caching));
    synchronized (filesLock) {
      List<StoreFile> next = new ArrayList<>(files);
      next.add(added);
      next.sort(NEWEST_FIRST);
      files = List.copyOf(next);
    }
  }

  private StoreFile moveIntoPlace(Path tmp) throws IOException {
    Path target = new Path(dir, tmp.getName());
    if (!fs.rename(tmp, target)) {
      throw new IOException("could not move " + tmp + " to " + target);
    }
    return new StoreFile(BlockFileReader.open(fs, target, caching));
  }

  /**
   * Merges files into one. Minor ({@code major} false): the files the policy selects, dropping
   * only older copies of identical keys, since deletes and versions may still mask or be masked
   * by files outside the merge. Major: every file, keeping only what a reader would see now
   * (versions, deletes, TTL applied; markers dropped). Returns the number of files replaced.
   * Paced by {@code limiter} at the rate {@code rate} gives the store's file count.
   */
  int compact(boolean major, CompactionPolicy policy, Path tmpDir, ThroughputLimiter limiter,
      IntToLongFunction rate, long nowMillis, Listener listener) throws IOException {
    synchronized (compactionLock) {
      if (closed) {
        return 0;
      }
      // Only compactions remove files, and they hold this lock: the selection stays valid.
      List<StoreFile> current = listener.candidates(files);
      List<StoreFile> inputs = new ArrayList<>();
      // A daughter's references are rewritten all at once, so the parent's files can go.
      major |= current.stream().anyMatch(StoreFile::isReference);
      if (major) {
        inputs.addAll(current);
      } else {
        List<Long> sizes = new ArrayList<>();
        for (int i = current.size() - 1; i >= 0; i--) {
          sizes.add(current.get(i).reader().length());
        }
        for (int i : policy.select(sizes)) {
          inputs.add(current.get(current.size() - 1 - i));
        }
      }
      if (inputs.isEmpty() || (!major && inputs.size() < 2)) {
        return 0;
      }
      inputs.sort(NEWEST_FIRST);
      listener.selected(inputs);
      boolean rewrite = listener.rewrites();
      Path tmp = newTmpFile(tmpDir);
      List<StoreFile> byKey = major || rewrite ? null : disjointInKeyOrder(inputs);
      boolean copied = byKey != null && writeConcatenated(byKey, tmp, limiter, rate);
      if (copied) {
        copiedCompactions++;
      } else {
        writeMerged(inputs, major, tmp, limiter, rate, nowMillis, rewrite ? listener : null);
      }
      StoreFile merged = moveIntoPlace(tmp);
      synchronized (filesLock) {
        List<StoreFile> next = new ArrayList<>(files);
        next.removeAll(inputs);
        next.add(merged);
        next.sort(NEWEST_FIRST);
        files = List.copyOf(next);
      }
      listener.committed(inputs, merged);
      for (StoreFile f : inputs) {
        f.retire(archive(fs, f.storePath(), archiveDir), recycled);
        f.release();
      }
      LOG.debug("{} compaction of {} file(s) of family {} into {}{}", major ? "major" : "minor",
          inputs.size(), family.getNameAsString(), merged.reader().path().getName(),
          copied ? " by copying their blocks" : "");
      return inputs.size();
    }
  }

  /**
   * Books a merge's written cells with the throughput limiter, {@value #PACE_BYTES} bytes at a
   * time, at the limit for the store's current file count: flushes add files while a compaction
   * runs, and the limit rises with them, lifted at the blocking count, where pacing the
   * compaction would stall writers rather than protect them (and it rises with a fuller store
   * waiting for the compaction's thread: {@link CompactionService#bytesPerSecond}). Booking each
   * cell took a lock and a clock read a cell, a tenth of a merge's CPU for 1,000-byte values;
   * the limiter never waits less than 10 ms, which 64 KB at any configured rate is well under.
   */
  private final class MergePacer {
    private final ThroughputLimiter limiter;
    private final IntToLongFunction rate;
    private long unbooked;

    MergePacer(ThroughputLimiter limiter, IntToLongFunction rate) {
      this.limiter = limiter;
      this.rate = rate;
    }

    void wrote(Cell c) {
      unbooked += c.getValueLength() + CellKeys.keyLength(c);
      if (unbooked >= PACE_BYTES) {
        book();
      }
    }

    void book() {
      if (unbooked > 0) {
        limiter.acquire(unbooked, rate.applyAsLong(files.size()));
        unbooked = 0;
      }
    }
  }

  /**
   * The inputs sorted by first key if no two hold cells in a common key range (as the flushes
   * of rows written in ascending order do), else null. A minor compaction of such files only
   * concatenates their cells: no key is in two of them, so there is no older copy to drop.
   */
  private static List<StoreFile> disjointInKeyOrder(List<StoreFile> inputs) {
    record Bounds(StoreFile file, Cell first, Cell last) {}
    List<Bounds> byKey = new ArrayList<>();
    for (StoreFile f : inputs) {
      Cell first = f.isReference() ? null : f.reader().firstKey();
      if (first == null) {
        return null;
      }
      byKey.add(new Bounds(f, first, f.reader().lastKey()));
    }
    byKey.sort((a, b) -> CellComparator.INSTANCE.compare(a.first(), b.first()));
    List<StoreFile> files = new ArrayList<>();
    for (int i = 0; i < byKey.size(); i++) {
      if (i > 0 && CellComparator.INSTANCE.compare(byKey.get(i - 1).last(),
          byKey.get(i).first()) >= 0) {
        return null;
      }
      files.add(byKey.get(i).file());
    }
    return files;
  }


  /**
   * Writes files whose key ranges do not overlap, in key order, as one by copying their data
   * blocks and bloom chunks as stored ({@link BlockFileWriter#appendFile}): the same cells a
   * merge would write, without decoding or encoding one. Returns false, having made nothing,
   * if some file is stored unlike the family's current settings (an altered family) or in
   * small blocks (see {@link BlockFileWriter#canAppend}): those are merged. The copy is paced
   * by the bytes of data blocks as stored (a merge paces cells' key and value bytes).
   */
  private boolean writeConcatenated(List<StoreFile> byKey, Path tmp, ThroughputLimiter limiter,
      IntToLongFunction rate) throws IOException {
    BlockFileOptions options = BlockFileOptions.forFamily(family);
    for (StoreFile f : byKey) {
      if (!BlockFileWriter.canAppend(options, caching, f.reader())) {
        return false;
      }
    }
    BlockFileWriter w = BlockFileWriter.create(fs, tmp, recycled.create(fs, tmp), options,
        caching);
    try {
      for (StoreFile f : byKey) {
        // Read around the page cache where the server writes so: the file is read once, and
        // is about to be replaced.
        try (DirectReader from = recycled.openForCompaction(fs, f.reader().path())) {
          w.appendFile(f.reader(), from, bytes -> {
            checkNotStopped();
            limiter.acquire(bytes, rate.applyAsLong(files.size()));
          });
        }
      }
      closeCompacted(w, byKey);
      return true;
    } catch (IOException | RuntimeException e) {
      w.abort();
      throw e;
    }
  }

  private static void closeQuietly(DirectReader direct) {
    if (direct != null) {
      try {
        direct.close();
      } catch (IOException e) {
        LOG.debug("closing a compaction's direct reader failed", e);
      }
    }
  }

  private void writeMerged(List<StoreFile> inputs, boolean major, Path tmp,
      ThroughputLimiter limiter, IntToLongFunction rate, long nowMillis, Listener rewriter)
      throws IOException {
    List<CellSource> sources = new ArrayList<>();
    BlockFileWriter w;
    try {
      long rank = 0;
      for (StoreFile f : inputs) {
        // Its reads would only push hot blocks out of the block cache, and, where the server
        // writes around the page cache, out of that too: each input is read once and replaced.
        DirectReader direct = recycled.openForCompaction(fs, f.reader().path());
        sources.add(f.compactionSource(rank++, direct, () -> closeQuietly(direct)));
      }
      w = BlockFileWriter.create(fs, tmp, recycled.create(fs, tmp),
          BlockFileOptions.forFamily(family), caching);
    } catch (Throwable e) {
      sources.forEach(CellSource::close);
      throw e;
    }
    MergePacer pace = new MergePacer(limiter, rate);
    try (MergingScanner merged = new MergingScanner(sources)) {
      merged.seek(CellKeys.firstOnRow(Bytes.EMPTY));
      RowMatcher matcher = major ? new RowMatcher(ScanSpec.all()
          .withMaxVersions(Integer.MAX_VALUE), f -> family, nowMillis)
          : RetainDeletes.minorCompaction(family, inputs, nowMillis);
      if (rewriter != null) {
        writeRewritten(rewriter.rows(major, new MergedRows(merged, matcher,
            this::checkNotStopped)), w, pace);
      } else if (matcher != null) {
        while (merged.peek() != null) {
          checkNotStopped();
          for (Cell c : matcher.readRow(merged)) {
            w.append(c);
            pace.wrote(c);
          }
          merged.shipped(); // written: cache blocks passed over may go back
        }
      } else {
        Cell c;
        while ((c = merged.next()) != null) {
          checkNotStopped();
          if (w.appendIfNewKey(c)) { // else an older copy of the last key
            pace.wrote(c);
          }
          merged.shipped(); // the writer keeps no block: cache blocks passed may go back
        }
      }
      pace.book(); // the rest, so the next compaction's bookings start after these bytes
      closeCompacted(w, inputs);
    } catch (IOException | RuntimeException e) {
      w.abort();
      throw e;
    }
  }

  /** Writes the rows a listener's rewriter gives; the writer refuses cells out of order. */
  private static void writeRewritten(CompactionRows rows, BlockFileWriter w, MergePacer pace)
      throws IOException {
    try (rows) {
      List<Cell> row = new ArrayList<>();
      boolean more;
      do {
        row.clear();
        more = rows.next(row);
        for (Cell c : row) {
          if (w.appendIfNewKey(c)) { // else an older copy of the last key
            pace.wrote(c);
          }
        }
      } while (more);
    }
  }

  /**
   * What a compaction tells the region's listener ({@link RegionEvents}): the candidate files,
   * which it may narrow; the files picked; and, if it rewrites them, the rows written.
   */
  record Listener(Region region, RegionEvents events, byte[] family) {
    List<StoreFile> candidates(List<StoreFile> files) throws IOException {
      if (events == RegionEvents.NONE) {
        return files;
      }
      List<String> names = new ArrayList<>();
      files.forEach(f -> names.add(f.name()));
      events.selectingCompaction(region, family, names);
      Set<String> kept = new HashSet<>(names);
      return files.stream().filter(f -> kept.contains(f.name())).toList();
    }

    void selected(List<StoreFile> inputs) {
      if (events != RegionEvents.NONE) {
        events.selectedCompaction(region, family, inputs.stream().map(StoreFile::name)
            .toList());
      }
    }

    boolean rewrites() {
      return events.rewritesCompactions(region, family);
    }

    void committed(List<StoreFile> inputs, StoreFile merged) {
      long in = 0;
      for (StoreFile f : inputs) {
        in += f.reader().length();
      }
      events.compacted(region, family, in, merged.reader().length());
    }

    CompactionRows rows(boolean major, CompactionRows rows) throws IOException {
      return events.compactionRows(region, family, major, rows);
    }
  }

  /**
   * Closes a compaction's file, recording its inputs' highest sequence id and their names
   * ({@value #COMPACTED_FROM}: an open after a crash archives any left behind).
   */
  private static void closeCompacted(BlockFileWriter w, List<StoreFile> inputs)
      throws IOException {
    long maxSeq = -1;
    List<String> names = new ArrayList<>();
    for (StoreFile f : inputs) {
      maxSeq = Math.max(maxSeq, f.maxSequenceId());
      names.add(f.name());
    }
    w.setMaxSequenceId(maxSeq);
    w.putExtra(COMPACTED_FROM, String.join(",", names).getBytes(StandardCharsets.UTF_8));
    w.close();
  }

  /** Makes a running compaction of this store give up soon, leaving its inputs in place. */
  void stopCompactions() {
    stopCompactions = true;
  }

  private void checkNotStopped() throws java.io.InterruptedIOException {
    if (stopCompactions) {
      throw new java.io.InterruptedIOException("compaction of family '"
          + family.getNameAsString() + "' stopped: its region is closing");
    }
  }

  /** Releases the files; waits for a running compaction of this store to end first. */
  void close() {
    stopCompactions = true;
    synchronized (compactionLock) {
      closed = true;
      synchronized (filesLock) {
        files.forEach(StoreFile::release);
        files = List.of();
        released = true;
      }
    }
  }
}
