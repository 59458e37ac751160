package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NoSuchFamilyException;
import io.strata.common.error.TableReadOnlyException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.Durability;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.util.Bytes;
import io.strata.server.memstore.Mvcc;
import io.strata.server.memstore.Segment;
import io.strata.server.memstore.SequencedCell;
import io.strata.server.scan.CellSource;
import io.strata.server.scan.MergingScanner;
import io.strata.server.scan.RowMatcher;
import io.strata.server.scan.ScanSpec;
import io.strata.server.wal.Wal;
import io.strata.server.wal.WalTicket;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A region: one key range of a table, with a store per column family. The RPC layer calls it.
 *
 * <p>Write path ({@link #mutate}): take the updates lock (shared) and the row locks; resolve
 * timestamps; begin an MVCC write; append the whole batch to the WAL as one entry; add the cells
 * to the memstores; wait for the WAL sync; then complete the MVCC write, which makes the edit
 * visible. A failed sync removes the cells again: the edit is neither acknowledged nor visible.
 *
 * <p>Flush ({@link #flush}): under the updates lock (exclusive) snapshot every memstore and take
 * the flush sequence id; then write each snapshot to a block file, move it into place, drop the
 * snapshot and tell the WAL. A failed flush keeps the snapshots and is retried: nothing is lost.
 *
 * <p>Lock order: flush lock, then updates lock, then row locks (sorted by row).
 */
public final class Region implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(Region.class);

  private final RegionContext ctx;
  private final RegionInfo info;
  private final TableDescriptor table;
  private final Path dir;
  private final Map<byte[], Store> stores = new TreeMap<>(Bytes::compare);
  /** The region's bounds, copied once (RegionInfo hands out copies). */
  private final byte[] startKey;
  private final byte[] endKey;
  /** The stores in family order, for reads and for finding a written cell's store. */
  private FamilyStores familyStores;
  /** A family's settings, for the matcher: made once, not per read. */
  private final java.util.function.Function<byte[], ColumnFamilyDescriptor> familySettings =
      family -> {
        Store s = stores.get(family);
        return s == null ? null : s.family();
      };
  private final Mvcc mvcc = new Mvcc(0);
  private final RowLocks rowLocks;
  private final ReentrantReadWriteLock updatesLock = new ReentrantReadWriteLock();
  private final ReentrantLock flushLock = new ReentrantLock();
  /**
   * When the oldest edit of the active memstores and of a flush's snapshot was applied (0:
   * none); set under the updates lock (shared), moved to the snapshot under it (exclusive).
   */
  private volatile long activeSinceMillis;
  private volatile long snapshotSinceMillis;
  private final long flushSize;
  /** Set when the region stops serving reads and writes (under the exclusive updates lock). */
  private volatile boolean closed;
  /** Set once the stores are released; a close whose final flush failed can be retried. */
  private volatile boolean storesClosed;

  private Region(RegionContext ctx, RegionInfo info, TableDescriptor table, Path dir) {
    this.startKey = info.getStartKey();
    this.endKey = info.getEndKey();
    this.ctx = ctx;
    this.info = info;
    this.table = table;
    this.dir = dir;
    this.rowLocks = new RowLocks(info.getRegionNameAsString(), ctx.options().rowLockTimeoutMillis());
    this.flushSize = table.getMemStoreFlushSize() > 0 ? table.getMemStoreFlushSize()
        : ctx.options().flushSize();
  }

  /** Creates the region's directory and {@code .regioninfo} if missing, then opens it. */
  public static Region create(RegionContext ctx, RegionInfo info, TableDescriptor table)
      throws IOException {
    return create(ctx, info, table, List.of());
  }

  /**
   * Creates the region's directory and {@code .regioninfo} if missing, then opens it, replaying
   * its edits from {@code walsToReplay} (see {@link #open}).
   */
  public static Region create(RegionContext ctx, RegionInfo info, TableDescriptor table,
      List<Path> walsToReplay) throws IOException {
    Path dir = RegionLayout.regionDir(ctx.rootDir(), info);
    if (!ctx.fs().exists(new Path(dir, RegionLayout.REGION_INFO_FILE))) {
      RegionInfoFile.write(ctx.fs(), dir, info);
    }
    return open(ctx, info, table, walsToReplay);
  }

  /**
   * Opens the region: checks {@code .regioninfo}, opens every store's files, and replays the
   * region's edits from {@code walsToReplay} that its files do not already hold (replay is
   * idempotent). Replayed edits are flushed before the region serves.
   */
  public static Region open(RegionContext ctx, RegionInfo info, TableDescriptor table,
      List<Path> walsToReplay) throws IOException {
    Path dir = RegionLayout.regionDir(ctx.rootDir(), info);
    RegionInfo onDisk = RegionInfoFile.readIfPresent(ctx.fs(), dir);
    if (onDisk == null) {
      throw new IOException("region " + info.getRegionNameAsString() + " has no "
          + RegionLayout.REGION_INFO_FILE + " in " + dir + "; create the region first");
    }
    if (!onDisk.getEncodedName().equals(info.getEncodedName())) {
      throw new IOException(new Path(dir, RegionLayout.REGION_INFO_FILE) + " describes region "
          + onDisk.getRegionNameAsString() + ", not " + info.getRegionNameAsString());
    }
    SplitRecord split = SplitRecord.readIfPresent(ctx.fs(), dir);
    if (split != null) {
      throw new IOException("region " + info.getRegionNameAsString() + " was split at row '"
          + Bytes.toStringBinary(split.splitRow()) + "' into " + split.daughterA().getEncodedName()
          + " and " + split.daughterB().getEncodedName() + "; open the daughters instead");
    }
    if (ctx.fs().exists(RegionLayout.mergeRecord(dir))) {
      throw new IOException("region " + info.getRegionNameAsString() + " was merged into "
          + MergeRecord.readIfPresent(ctx.fs(), dir).merged().getEncodedName() + "; open that");
    }
    // Daughters of a split that never committed: the parent is still the region.
    ctx.fs().delete(RegionLayout.splitsDir(dir), true);
    ctx.fs().delete(RegionLayout.mergesDir(dir), true); // nor has a merge that never committed
    Region r = new Region(ctx, info, table, dir);
    try {
      for (ColumnFamilyDescriptor f : table.getColumnFamilies()) {
        r.stores.put(f.getName(), Store.open(ctx.fs(), dir,
            RegionLayout.tableDir(ctx.rootDir(), info.getTable()),
            RegionLayout.archiveTableDir(ctx.rootDir(), info.getTable()),
            RegionLayout.archiveFamilyDir(ctx.rootDir(), info, f.getNameAsString()), f,
            ctx.chunkPool(), ctx.caching().forFamily(f), ctx.recycled()));
      }
      r.familyStores = new FamilyStores(r.stores);
      ctx.fs().delete(RegionLayout.tmpDir(dir), true); // leftovers of an interrupted flush
      long maxSeq = -1;
      for (Store s : r.stores.values()) {
        maxSeq = Math.max(maxSeq, s.maxFlushedSequenceId());
      }
      List<Path> recovered = new ArrayList<>();
      Path recoveredDir = RegionLayout.recoveredWalsDir(dir);
      if (ctx.fs().exists(recoveredDir)) {
        for (var st : ctx.fs().listStatus(recoveredDir)) {
          recovered.add(st.getPath());
        }
        recovered.sort(null);
      }
      List<Path> replay = new ArrayList<>(walsToReplay);
      replay.addAll(recovered);
      ctx.limiter().replaying(r);
      long replayedMax = new WalReplayer(r, ctx.events()).replay(replay);
      ctx.wal().advanceSequenceIdTo(Math.max(maxSeq, replayedMax) + 1);
      if (replayedMax >= 0) {
        r.flush();
      }
      // Flushed (or nothing to replay): the recovered edits are in block files now.
      for (Path p : recovered) {
        ctx.fs().delete(p, false);
      }
      ctx.limiter().register(r);
      if (r.hasReferences()) {
        // A daughter reads its parent's files until a compaction rewrites its own.
        ctx.compactions().requestCompaction(r, true);
      }
      return r;
    } catch (IOException | RuntimeException e) {
      ctx.limiter().unregister(r);
      r.closeStores();
      throw e;
    }
  }

  public RegionInfo info() {
    return info;
  }

  public TableDescriptor table() {
    return table;
  }

  public String encodedName() {
    return info.getEncodedName();
  }

  Map<byte[], Store> stores() {
    return stores;
  }

  Mvcc mvcc() {
    return mvcc;
  }

  RegionContext context() {
    return ctx;
  }

  /** The region's directory under the root. */
  Path dir() {
    return dir;
  }

  /** Whether a store still reads a parent's files through references (a fresh daughter). */
  public boolean hasReferences() {
    return stores.values().stream().anyMatch(Store::hasReferences);
  }

  /** Whether a store still reads a snapshot's files through links (a clone not compacted). */
  public boolean hasLinks() {
    return stores.values().stream().anyMatch(Store::hasLinks);
  }


  /**
   * Applies the edits atomically per edit (the batch's logged cells are one WAL entry), each as
   * durably as its own durability (or the table's) asks, and returns once they are visible. A
   * SKIP_WAL edit stays out of the WAL even beside logged ones; the entry is synced as the
   * strongest logged edit asks (ASYNC_WAL beside SYNC_WAL edits is synced with them).
   *
   * <p>Returns whether the edits' cells may still be referenced once this returns, by the WAL's
   * queue: false when the memstores and the WAL hold copies only, so the caller may reuse the
   * arrays the cells lie in.
   */
  public boolean mutate(List<RowEdit> edits) throws IOException {
    checkOpen();
    if (edits.isEmpty()) {
      return false;
    }
    Durability durability = Durability.SKIP_WAL;
    boolean someUnlogged = false;
    byte[][] rows = new byte[edits.size()][];
    for (int i = 0; i < rows.length; i++) {
      RowEdit e = edits.get(i);
      validate(e);
      rows[i] = e.row();
      Durability d = resolveDurability(e.durability());
      someUnlogged |= d == Durability.SKIP_WAL;
      durability = d.ordinal() > durability.ordinal() ? d : durability;
    }
    // Only a batch mixing SKIP_WAL with logged edits needs to tell their cells apart.
    boolean mixed = someUnlogged && durability != Durability.SKIP_WAL;
    Set<KeyValue> unlogged = mixed ? Collections.newSetFromMap(new IdentityHashMap<>())
        : Set.of();
    // The cells are stamped straight into their memstores (CellStamps.stage) when nothing
    // keeps them once the write returns: a synced or unlogged write waits for the WAL to have
    // written them; an ASYNC_WAL one leaves them in the WAL's queue, where a flush could free
    // their chunks first, so those get arrays of their own. So do a network thread's writes,
    // which give up when the WAL is busy and are run again by a handler: staged, each attempt
    // would leave a copy in the MSLAB.
    boolean staged = durability != Durability.ASYNC_WAL && !NO_WAITING.get();
    underRowLocks(rows, durability, unlogged, now -> {
      List<KeyValue> cells = new ArrayList<>(edits.size()); // a cell an edit at least
      for (RowEdit e : edits) {
        boolean skipsWal = resolveDurability(e.durability()) == Durability.SKIP_WAL;
        List<? extends Cell> own = e.cells();
        // Indexed: an edit's list is an array's or List.of's, and their iterators were objects
        // the JIT left on the heap, some 10% of what a buffered write allocated.
        for (int i = 0, n = own.size(); i < n; i++) {
          Cell c = own.get(i);
          KeyValue kv = staged
              ? CellStamps.stage(this, c, now, e.ttlMillis(), familyStores.storeOf(c).memstore())
              : CellStamps.resolve(this, c, now, e.ttlMillis());
          cells.add(kv);
          if (skipsWal && mixed) {
            unlogged.add(kv);
          }
        }
      }
      return cells;
    });
    return !staged;
  }

  /** Adds the amounts to 8-byte counters atomically; returns the new values. */
  public List<Cell> increment(byte[] row, List<ColumnDelta> deltas, Durability durability)
      throws IOException {
    return increment(row, deltas, ReadModifyWrite.of(durability));
  }

  /** As {@link #increment(byte[], List, Durability)}, reading and writing as {@code how} says. */
  public List<Cell> increment(byte[] row, List<ColumnDelta> deltas, ReadModifyWrite how)
      throws IOException {
    return new AtomicRowOps(this).increment(row, deltas, how);
  }

  /** Appends to the columns' values atomically; returns the new values. */
  public List<Cell> append(byte[] row, List<ColumnAppend> appends, Durability durability)
      throws IOException {
    return append(row, appends, ReadModifyWrite.of(durability));
  }

  /** As {@link #append(byte[], List, Durability)}, reading and writing as {@code how} says. */
  public List<Cell> append(byte[] row, List<ColumnAppend> appends, ReadModifyWrite how)
      throws IOException {
    return new AtomicRowOps(this).append(row, appends, how);
  }

  /**
   * Applies {@code action} to the row if {@code condition} holds on its newest values, all
   * under the row lock: a compare-and-set. Returns whether it applied.
   */
  public boolean checkAndMutate(byte[] row, Condition condition, RowEdit action)
      throws IOException {
    return new AtomicRowOps(this).checkAndMutate(row, condition, action);
  }

  /**
   * Increments if {@code condition} holds, atomically; returns the new values, or null when the
   * condition did not hold and nothing was written.
   */
  public List<Cell> checkAndIncrement(byte[] row, Condition condition, List<ColumnDelta> deltas,
      ReadModifyWrite how) throws IOException {
    return new AtomicRowOps(this).checkAndIncrement(row, condition, deltas, how);
  }

  /** As {@link #checkAndIncrement}, appending. */
  public List<Cell> checkAndAppend(byte[] row, Condition condition, List<ColumnAppend> appends,
      ReadModifyWrite how) throws IOException {
    return new AtomicRowOps(this).checkAndAppend(row, condition, appends, how);
  }

  /** Computes, under the row locks, the cells to write; null or empty writes nothing. */
  @FunctionalInterface
  interface LockedWrite {
    List<KeyValue> compute(long now) throws IOException;
  }

  /** Set while a write runs through {@link #withoutWaiting}. */
  private static final ThreadLocal<Boolean> NO_WAITING = ThreadLocal.withInitial(() -> false);

  /** A write of this region's API, run by {@link #withoutWaiting}. */
  @FunctionalInterface
  public interface Write<T> {
    T run() throws IOException;
  }

  /**
   * Runs {@code write} (calls of any region's write methods) on a thread that must not wait for
   * others, a network thread serving many connections: where the write would wait for a row
   * lock, for a flush taking its snapshot or for the WAL (see {@link Wal#tryAppend}), it throws
   * {@link WriteWouldWaitException} instead, before it has changed anything. A write that gets
   * its locks and can sync the WAL itself runs to the end. Reads are unaffected.
   */
  public static <T> T withoutWaiting(Write<T> write) throws IOException {
    NO_WAITING.set(true);
    try {
      return write.run();
    } finally {
      NO_WAITING.set(false);
    }
  }

  List<Cell> underRowLock(byte[] row, Durability durability, LockedWrite write)
      throws IOException {
    return underRowLocks(new byte[][] {row}, durability, Set.of(), write);
  }

  /**
   * Takes the updates lock (shared) and the rows' locks ({@link RowLocks#lockAll}), computes the
   * cells and writes them, all but {@code unlogged} (by identity) to the WAL; returns them, or
   * null when nothing was written because the computation said so.
   */
  private List<Cell> underRowLocks(byte[][] rows, Durability durability,
      Set<KeyValue> unlogged, LockedWrite write) throws IOException {
    checkOpen();
    checkWritable();
    ctx.limiter().checkBeforeWrite();
    checkFileCount();
    // Sized for the batch: grown from ten, a batch of 2,000 rows copied it a dozen times.
    List<RowLocks.Held> held = new ArrayList<>(rows.length);
    List<KeyValue> cells;
    boolean noWaiting = NO_WAITING.get();
    if (!noWaiting) {
      updatesLock.readLock().lock();
    } else if (!updatesLock.readLock().tryLock()) {
      throw new WriteWouldWaitException("a flush of " + info.getEncodedName());
    }
    try {
      // Closing sets the flag under the exclusive lock and then flushes: a write that gets in
      // here before it is in that flush, and none gets in after.
      checkOpen();
      if (!rowLocks.lockAll(rows, noWaiting, held)) {
        throw new WriteWouldWaitException("the lock of a row");
      }
      long now = ctx.clock().millis();
      cells = write.compute(now);
      if (cells != null && !cells.isEmpty()) {
        applyLocked(cells, unlogged, durability, noWaiting);
        if (activeSinceMillis == 0) { // writers racing here set about the same time
          activeSinceMillis = now;
        }
      }
    } finally {
      RowLocks.releaseAll(held);
      updatesLock.readLock().unlock();
    }
    // While a flush runs, the active memstores alone count: what it is writing out must not ask
    // for another flush the moment it ends, which wrote a second, small file after every large
    // one. With none running, a snapshot a failed flush left counts too, so it is retried.
    if ((flushLock.isLocked() ? activeMemStoreSize() : memStoreSize()) >= flushSize) {
      ctx.flushRequester().requestFlush(this);
    }
    ctx.limiter().afterWrite();
    return cells == null ? null : new ArrayList<>(cells);
  }

  private void applyLocked(List<KeyValue> cells, Set<KeyValue> unlogged, Durability durability,
      boolean noWaiting) throws IOException {
    Mvcc.WriteEntry we = mvcc.begin();
    // What was added, for a rollback: two lists in step, no map keyed by each cell.
    List<SequencedCell> added = new ArrayList<>(cells.size());
    List<Store> addedTo = new ArrayList<>(cells.size());
    WalTicket ticket = null;
    try {
      List<KeyValue> logged = cells;
      if (!unlogged.isEmpty()) {
        logged = new ArrayList<>(cells.size() - unlogged.size());
        for (KeyValue c : cells) {
          if (!unlogged.contains(c)) {
            logged.add(c);
          }
        }
      }
      // The memstore cells of SKIP_WAL edits take the entry's sequence id too.
      if (noWaiting) {
        ticket = ctx.wal().tryAppend(info.getEncodedName(), logged, durability);
        if (ticket == null) {
          throw new WriteWouldWaitException("the WAL");
        }
      } else {
        ticket = ctx.wal().append(info.getEncodedName(), logged, durability);
      }
      familyStores.addToMemstores(cells, we.writeNumber(), ticket.sequenceId(), added, addedTo);
      ticket.awaitDurable();
    } catch (IOException | RuntimeException e) {
      for (int i = 0; i < added.size(); i++) {
        addedTo.get(i).memstore().rollback(List.of(added.get(i)));
      }
      if (ticket != null) { // the WAL has the cells, and its queue may still hold them
        keepChunksOfStaged(cells);
      }
      mvcc.complete(we);
      throw e;
    }
    mvcc.completeAndWait(we);
  }

  /**
   * After a write failed once the WAL had its cells: the WAL's queue may still hold cells staged
   * in a memstore's MSLAB (an edit whose sync timed out, or that it had not written when the
   * memstore failed), so the chunks they live in must never be reused.
   */
  private void keepChunksOfStaged(List<KeyValue> cells) {
    for (KeyValue c : cells) {
      if (c instanceof SequencedCell) {
        familyStores.storeOf(c).memstore().keepActiveChunks();
      }
    }
  }

  /**
   * Every write passes here (puts, deletes, increments, appends, check-and-mutates, batches),
   * so a READONLY table refuses them all; WAL replay, flushes and compactions do not.
   */
  private void checkWritable() throws TableReadOnlyException {
    if (table.isReadOnly()) {
      throw new TableReadOnlyException(table.getTableName().getNameAsString());
    }
  }

  /** Writes wait (retryably) while a store has too many files for reads to stay fast. */
  private void checkFileCount() throws io.strata.common.error.ServerBusyException {
    int limit = ctx.compactions().blockingFiles();
    for (Store s : stores.values()) {
      if (s.fileCount() >= limit) {
        ctx.compactions().requestCompaction(this, false);
        throw new io.strata.common.error.ServerBusyException(info.getRegionNameAsString(),
            "family '" + s.family().getNameAsString() + "' has " + s.fileCount()
                + " files, at the limit of " + limit + "; writes resume as compactions catch up");
      }
    }
  }

  void validate(RowEdit e) throws IOException {
    if (e.row() == null || e.row().length == 0) {
      throw new BadRequestException("row key is empty; give every mutation a non-empty row key");
    }
    if (e.row().length > CellLimits.MAX_ROW_LENGTH) {
      throw new BadRequestException("row key of " + e.row().length + " bytes exceeds the "
          + CellLimits.MAX_ROW_LENGTH + "-byte limit; use a shorter row key");
    }
    if (!info.containsRow(e.row())) {
      throw new io.strata.common.error.WrongRegionException(Bytes.toStringBinary(e.row()),
          info.getRegionNameAsString());
    }
    List<? extends Cell> cells = e.cells();
    for (int i = 0, n = cells.size(); i < n; i++) { // indexed: see mutate
      Cell c = cells.get(i);
      if (CellComparator.INSTANCE.compareRow(c, e.row()) != 0) {
        throw new BadRequestException("a cell for row '"
            + Bytes.toStringBinary(c.getRowArray(), c.getRowOffset(), c.getRowLength())
            + "' is in the mutation of row '" + Bytes.toStringBinary(e.row()) + "'");
      }
      if (!familyStores.hasFamilyOf(c)) {
        throw new NoSuchFamilyException(table.getTableName().toString(), Bytes.toStringBinary(
            c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength()),
            table.getColumnFamilyNames());
      }
      if (c.getTimestamp() < 0) {
        throw new BadRequestException("timestamp " + c.getTimestamp()
            + " is negative; timestamps are milliseconds since 1970 and at least 0");
      }
      if (c.getType() == CellType.MINIMUM || c.getType() == CellType.MAXIMUM) {
        throw new BadRequestException("cell type " + c.getType() + " is for seek keys only");
      }
    }
  }

  /** A mutation's durability, or the table's, or SYNC_WAL. */
  Durability resolveDurability(Durability requested) {
    Durability d = requested == Durability.USE_DEFAULT ? table.getDurability() : requested;
    return d == Durability.USE_DEFAULT ? Durability.SYNC_WAL : d;
  }

  /** The visible cells of one row (spec's row range is replaced by the row). */
  public List<Cell> get(byte[] row, ScanSpec spec) throws IOException {
    // The cells are copies; only the list is the scratch's, so it is copied too.
    return readOneRow(row, spec, false, cells -> cells.isEmpty() ? List.of()
        : new ArrayList<>(cells));
  }

  /** Reads the cells of one row given to a {@link #readRow} call. */
  @FunctionalInterface
  public interface RowReader<T> {
    /** {@code cells} (empty if the row has none) are valid only during this call. */
    T read(List<Cell> cells) throws IOException;
  }

  /**
   * A get that copies nothing: {@code reader} sees the row's visible cells where they lie
   * (memstore, heap blocks, off-heap cache memory), held for it until it returns. What it keeps
   * beyond the call it must copy ({@link KeyValue#deepCopy}).
   */
  public <T> T readRow(byte[] row, ScanSpec spec, RowReader<T> reader) throws IOException {
    return readOneRow(row, spec, true, reader);
  }

  /**
   * One row to {@code reader}, through this thread's reusable scanner stack ({@link ReadScratch})
   * unless a read on this thread holds it already; cells in place or copies.
   */
  private <T> T readOneRow(byte[] row, ScanSpec spec, boolean inPlace, RowReader<T> reader)
      throws IOException {
    if (!info.containsRow(row)) { // a stale location: as for writes (validate)
      throw new io.strata.common.error.WrongRegionException(Bytes.toStringBinary(row),
          info.getRegionNameAsString());
    }
    ScanSpec get = rowSpec(row, spec);
    ReadScratch scratch = ReadScratch.take();
    if (scratch == null) { // a read inside a read on this thread
      try (RegionScanner s = inPlace ? scannerInPlace(get) : scanner(get)) {
        s.limitRowCells(ctx.options().maxGetCells());
        List<Cell> cells = s.nextRow();
        return reader.read(cells == null ? List.of() : cells);
      }
    }
    try {
      RegionScanner s = openGet(get, scratch, inPlace);
      try {
        s.limitRowCells(ctx.options().maxGetCells());
        s.nextRow(scratch.row);
        return reader.read(scratch.row);
      } finally {
        s.close();
      }
    } finally {
      scratch.giveBack();
    }
  }

  /**
   * A scanner over the spec's rows as of now (read committed), whose cells are the reader's to
   * keep. Close it.
   */
  public RegionScanner scanner(ScanSpec spec) throws IOException {
    return openScanner(spec);
  }

  /**
   * A scanner whose cells point where they lie, uncopied, valid until its
   * {@link RegionScanner#shipped()} or close: call shipped after each batch is sent, or it holds
   * every cache block it passed. Close it.
   */
  public RegionScanner scannerInPlace(ScanSpec spec) throws IOException {
    return openScanner(spec).inPlace();
  }

  private RegionScanner openScanner(ScanSpec spec) throws IOException {
    checkOpen();
    List<CellSource> sources = new ArrayList<>(4);
    collectSources(spec, sources, SourcePool.ALLOCATING);
    MergingScanner merged = new MergingScanner(sources);
    RowMatcher matcher = new RowMatcher(spec, familySettings, ctx.clock().millis(),
        ctx.options().scanSeek());
    matcher.knowFamilies(familyStores.names());
    try {
      if (spec.reversed()) {
        // The first row is the greatest one at or below the start row (and inside the region).
        byte[] bound = spec.startRow().length > 0 ? Bytes.add(spec.startRow(), new byte[] {0})
            : null;
        if (info.getEndKey().length > 0
            && (bound == null || Bytes.compare(bound, info.getEndKey()) > 0)) {
          bound = info.getEndKey();
        }
        return new RegionScanner(merged, matcher, merged.previousRow(bound), spec.stopRow(),
            info.getStartKey());
      }
      merged.seek(CellKeys.firstOnRowView(firstRow(spec)));
    } catch (IOException | RuntimeException e) {
      merged.close();
      throw e;
    }
    return new RegionScanner(merged, matcher, spec.stopRow(), info.getEndKey());
  }

  /**
   * A get from one thread's reusable objects ({@link ReadScratch}): a scanner over {@code spec}'s
   * single row, positioned at it, whose cells are in place or copies. Close it before giving the
   * scratch back.
   */
  private RegionScanner openGet(ScanSpec spec, ReadScratch scratch, boolean inPlace)
      throws IOException {
    checkOpen();
    collectSources(spec, scratch.sources, scratch);
    scratch.merged.reset(scratch.sources);
    scratch.matcher.reset(spec, familySettings, ctx.clock().millis(), ctx.options().scanSeek());
    scratch.matcher.knowFamilies(familyStores.names());
    try {
      scratch.merged.seek(scratch.seekKey(firstRow(spec)));
    } catch (IOException | RuntimeException e) {
      scratch.merged.close();
      throw e;
    }
    scratch.scanner.reset(spec.stopRow(), endKey);
    return inPlace ? scratch.scanner.inPlace() : scratch.scanner;
  }

  /** Where a forward read starts: the spec's start row, or the region's start if later. */
  private byte[] firstRow(ScanSpec spec) {
    return spec.startRow().length == 0 || Bytes.compare(spec.startRow(), startKey) < 0
        ? startKey : spec.startRow();
  }

  /**
   * Adds the sources of every wanted family to {@code sources}, pinned as of the current read
   * point; on failure closes what it added.
   */
  private void collectSources(ScanSpec spec, List<CellSource> sources, SourcePool pool)
      throws IOException {
    long readPoint = mvcc.readPoint();
    byte[] singleRow = !spec.reversed() && isSingleRow(spec) ? spec.startRow() : null;
    try {
      for (int i = 0; i < familyStores.size(); i++) {
        if (spec.wantsFamily(familyStores.names()[i])) {
          familyStores.store(i).addSources(sources, readPoint, spec, singleRow, pool);
        }
      }
    } catch (IOException | RuntimeException e) {
      sources.forEach(CellSource::close);
      throw e;
    }
    if (closed) {
      // Closing may have released the files before they were pinned: a read now could miss
      // them. The flag is set before the release, so a read that sees it open has valid pins.
      sources.forEach(CellSource::close);
      checkOpen();
    }
  }

  /** The spec with its rows replaced by {@code row} alone (itself if it reads just that). */
  private static ScanSpec rowSpec(byte[] row, ScanSpec spec) {
    if (isSingleRow(spec) && Bytes.equals(spec.startRow(), row)) {
      return spec;
    }
    return spec.withRows(row, Bytes.add(row, new byte[] {0}));
  }

  /** A get: the stop row is the start row followed by one zero byte. */
  private static boolean isSingleRow(ScanSpec spec) {
    byte[] start = spec.startRow();
    byte[] stop = spec.stopRow();
    return start.length > 0 && stop.length == start.length + 1 && stop[start.length] == 0
        && Bytes.equals(start, 0, start.length, stop, 0, start.length);
  }

  /** Bytes held by the memstores of the region that no flush has taken yet. */
  long activeMemStoreSize() {
    long size = 0;
    for (Store s : stores.values()) {
      size += s.memstore().activeDataSize();
    }
    return size;
  }

  /**
   * When the oldest edit not yet in block files was applied (by the region's clock), or -1 when
   * every edit is; a periodic flush goes by it.
   */
  public long oldestUnflushedEditMillis() {
    long snapshot = snapshotSinceMillis;
    long active = activeSinceMillis;
    long oldest = snapshot == 0 ? active : snapshot;
    return oldest == 0 ? -1 : oldest;
  }

  /** Bytes held by every memstore of the region, a flush's snapshot included. */
  public long memStoreSize() {
    long size = 0;
    for (Store s : stores.values()) {
      size += s.memstore().dataSize();
    }
    return size;
  }

  /** Memstore bytes at which the region flushes (the table's MEMSTORE_FLUSHSIZE or the key). */
  long flushSize() {
    return flushSize;
  }

  /**
   * Writes every memstore to block files. Returns the flush sequence id: every edit of this
   * region at or below it is now in block files; -1 once the region is closed or aborted.
   */
  public long flush() throws IOException {
    flushLock.lock();
    try {
      if (storesClosed) {
        return -1; // closed, or aborted: what the memstore held is in the WAL
      }
      ctx.events().beforeFlush(this);
      long startNanos = System.nanoTime();
      Map<Store, Segment> snapshots = new LinkedHashMap<>();
      long flushSeqId;
      long flushedBytes = 0;
      updatesLock.writeLock().lock();
      try {
        for (Store s : stores.values()) {
          Segment snapshot = s.memstore().snapshot();
          snapshots.put(s, snapshot);
          flushedBytes += snapshot.dataSize();
        }
        // No edit of this region is between its WAL append and memstore insert now, so every
        // sequence id below the WAL's next one is either in a snapshot or not this region's.
        flushSeqId = ctx.wal().nextSequenceId() - 1;
        // A failed flush's snapshot is retried first (MemStore.snapshot): the active edits
        // then may stay, and keep their time.
        if (snapshotSinceMillis == 0) {
          snapshotSinceMillis = activeSinceMillis;
          activeSinceMillis = 0;
        }
      } finally {
        updatesLock.writeLock().unlock();
      }
      Path tmpDir = RegionLayout.tmpDir(dir);
      Map<Store, Path> written = new LinkedHashMap<>();
      for (Map.Entry<Store, Segment> e : snapshots.entrySet()) {
        Path tmp = e.getKey().writeSnapshot(e.getValue(), flushSeqId, tmpDir, ctx.clock().millis());
        if (tmp != null) {
          written.put(e.getKey(), tmp);
        }
      }
      for (Map.Entry<Store, Path> e : written.entrySet()) {
        e.getKey().commitFile(e.getValue());
      }
      for (Map.Entry<Store, Segment> e : snapshots.entrySet()) {
        e.getKey().memstore().clearSnapshot(e.getValue());
      }
      snapshotSinceMillis = 0;
      ctx.wal().regionFlushed(info.getEncodedName(), flushSeqId);
      // At INFO, as HBase logs it: an operator whose writes are refused as busy sees here
      // whether flushes keep up with them.
      LOG.info("flushed {} bytes of region {} at sequence id {} into {} file(s) in {} ms",
          flushedBytes, info.getEncodedName(), flushSeqId, written.size(),
          TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos));
      ctx.events().afterFlush(this);
      ctx.compactions().requestIfDue(this, stores.values(), ctx.clock().millis());
      return flushSeqId;
    } finally {
      flushLock.unlock();
    }
  }

  /**
   * Compacts every store: minor merges the files the policy selects, keeping everything that
   * could still matter; major merges all files, dropping deleted, expired and surplus versions.
   * Returns the number of files replaced.
   */
  public int compact(boolean major) throws IOException {
    return compact(major, null);
  }

  /**
   * Compacts one family's store, or every store when {@code family} is null (see
   * {@link #compact(boolean)}). Returns the number of files replaced.
   *
   * @throws NoSuchFamilyException naming the valid families when the table has no such family
   */
  public int compact(boolean major, byte[] family) throws IOException {
    checkOpen();
    List<Store> targets = new ArrayList<>();
    if (family == null) {
      targets.addAll(stores.values());
    } else {
      targets.add(store(family));
    }
    java.util.Set<String> parents = new java.util.HashSet<>();
    stores.values().forEach(s -> parents.addAll(s.referencedRegions()));
    int replaced = 0;
    Path tmpDir = RegionLayout.tmpDir(dir);
    for (Store s : targets) {
      byte[] name = s.family().getName();
      ctx.events().beforeCompaction(this, name, major);
      replaced += s.compact(major, ctx.compactions().policy(), tmpDir,
          ctx.compactions().limiter(), ctx.compactions()::bytesPerSecond, ctx.clock().millis(),
          new Store.Listener(this, ctx.events(), name));
      ctx.events().afterCompaction(this, name, major);
    }
    if (!parents.isEmpty() && !hasReferences()) {
      for (String parent : parents) {
        SplitRecovery.cleanParentIfUnreferenced(ctx.fs(), ctx.rootDir(), info.getTable(),
            parent);
      }
    }
    return replaced;
  }

  /** The family's store, or the error naming the table's families. */
  private Store store(byte[] family) throws NoSuchFamilyException {
    Store s = stores.get(family);
    if (s == null) {
      throw new NoSuchFamilyException(table.getTableName().getNameAsString(),
          Bytes.toStringBinary(family), table.getColumnFamilyNames());
    }
    return s;
  }

  /** Checks that the table has the family, as a family compaction needs before it is queued. */
  public void checkFamily(byte[] family) throws NoSuchFamilyException {
    store(family);
  }

  /** Number of block files of a family. */
  public int fileCount(byte[] family) {
    Store s = stores.get(family);
    return s == null ? 0 : s.fileCount();
  }

  /** Number of block files of the family that has the most: the region's nearest to blocking. */
  public int fullestStoreFiles() {
    return stores.values().stream().mapToInt(Store::fileCount).max().orElse(0);
  }

  /** Number of block files of every family. */
  public int fileCount() {
    return stores.values().stream().mapToInt(Store::fileCount).sum();
  }

  /** Bytes of block files of every family (a reference counts its parent's whole file). */
  public long storeFileBytes() {
    return stores.values().stream().mapToLong(Store::size).sum();
  }

  /** Bytes of block files of the largest family: what a size-based split policy weighs. */
  public long largestStoreBytes() {
    return stores.values().stream().mapToLong(Store::size).max().orElse(0);
  }

  /** The region's share of its table's size on disk, as space quotas count it. */
  public long spaceBytes() {
    return stores.values().stream().mapToLong(Store::spaceBytes).sum();
  }

  /** Whether the region stopped serving (closed, closing, split or aborted). */
  public boolean isClosed() {
    return closed;
  }

  void checkOpen() throws IOException {
    if (closed) {
      throw new io.strata.common.error.NotServingRegionException(info.getRegionNameAsString(),
          "this server");
    }
  }

  /**
   * Flushes and releases the files; the region serves nothing afterwards. A first flush runs
   * while writes continue; then writes are refused and a final flush saves what came meanwhile,
   * so every acknowledged write is in a block file when this returns. Waits for a running
   * compaction to finish.
   */
  @Override
  public synchronized void close() throws IOException {
    if (storesClosed) {
      return;
    }
    if (!closed) {
      flush();
    }
    updatesLock.writeLock().lock();
    try {
      closed = true;
    } finally {
      updatesLock.writeLock().unlock();
    }
    // A throttled compaction could otherwise hold the close, and refuse writes, for minutes.
    stores.values().forEach(Store::stopCompactions);
    flush();
    storesClosed = true;
    ctx.limiter().unregister(this);
    closeStores();
  }

  /**
   * Flushes and runs {@code work} with writes held off, given a sequence id above every edit so
   * far and below every later one (a bulk load's: a replayed WAL then neither loses nor hides).
   */
  <T> T withWritesHeld(HeldWork<T> work) throws IOException {
    flushLock.lock();
    updatesLock.writeLock().lock(); // after the flush lock, as flush takes them (reentrant)
    try {
      checkOpen();
      flush();
      long seq = ctx.wal().nextSequenceId();
      ctx.wal().advanceSequenceIdTo(seq + 1);
      return work.run(seq);
    } finally {
      updatesLock.writeLock().unlock();
      flushLock.unlock();
    }
  }

  /**
   * Closes the region for a split: like {@link #close}, but only if it is open, so that exactly
   * one caller (one split) owns what follows the close. Throws NotServingRegionException when the
   * region is already closing or closed.
   */
  synchronized void closeForSplit() throws IOException {
    checkOpen();
    if (storesClosed) {
      throw new io.strata.common.error.NotServingRegionException(info.getRegionNameAsString(),
          "this server");
    }
    close();
  }

  /**
   * Closes without flushing: for aborts and tests that simulate a crash. The memstore is lost;
   * its edits are in the WAL. Does not wait for a close in progress (which may be stuck).
   */
  public void abort() throws IOException {
    closed = true;
    storesClosed = true;
    ctx.limiter().unregister(this);
    closeStores();
  }

  private void closeStores() {
    for (Store s : stores.values()) {
      s.close();
    }
  }
}
