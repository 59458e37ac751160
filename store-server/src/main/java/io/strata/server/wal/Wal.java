package io.strata.server.wal;

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.ExceptionHandler;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.ProducerType;
import io.strata.common.cell.Cell;
import io.strata.common.schema.Durability;
import io.strata.common.util.ByteOutput;
import io.strata.common.util.SpinWait;
import io.strata.server.fs.RecycledFiles;
import java.io.Closeable;
import java.io.IOException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server's write-ahead log: one sequence of files shared by every region of the server.
 *
 * <p>Writers call {@link #append}, which gives the edit the next sequence id, claims a slot in an
 * LMAX disruptor ring, fills it and publishes it. One consumer thread encodes the published
 * edits into the current file and, at the end of each batch of available slots, flushes (hflush)
 * or forces (hsync, when any edit asked FSYNC_WAL) once for the whole batch: group commit. Only
 * then are the batch's tickets completed, so a writer is answered only after the sync that
 * covers its edit.
 *
 * <p>A writer that finds the ring empty and the file free ({@code strata.wal.sync.direct})
 * writes and syncs its own edit instead: handing a lone edit to the consumer and waiting for it
 * costs two thread wake-ups, more than the sync itself on a local file system. Writers that come
 * meanwhile find the file taken and queue in the ring; the consumer syncs them together once
 * the file is free. The file is guarded by {@code fileLock}, so the two paths never interleave
 * bytes. Entries of one region may then be in the file out of sequence-id order, but never those
 * of one row: a row's next edit waits for its row lock, which the previous one holds until its
 * edit is durable, so replaying in file order replays each row in order.
 *
 * <p>Files roll by size and age; a rolled file moves to the archive once every region's edits in
 * it are flushed ({@link #regionFlushed}). A failed write or sync fails the tickets it covers and
 * rolls to a new file. The WAL knows regions only as opaque names.
 *
 * <pre>{@code
 * WalTicket t = wal.append(region.getEncodedName(), cells, Durability.SYNC_WAL);
 * memstore.add(cells, t.sequenceId());
 * t.awaitDurable();            // throws if the edit is not durable: do not acknowledge it
 * }</pre>
 */
public final class Wal implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(Wal.class);
  private static final int MAX_BATCH_BYTES = 4 << 20;
  private static final int DIRECT_BUFFER = 4 << 10;

  private enum Kind { EDIT, FLUSH, ROLL }

  /** A ring slot; reused, so the consumer clears references once done. */
  private static final class Slot {
    Kind kind;
    String region;
    List<? extends Cell> cells;
    Durability durability;
    long sequenceId;
    long writeTime;
    CompletableFuture<Void> done;
  }

  private final FileSystem fs;
  private final Path dir;
  private final RecycledFiles recycled;
  private final String server;
  private final WalOptions options;
  private final InstantSource clock;
  private final WalFiles files;
  private final Disruptor<Slot> disruptor;
  private final RingBuffer<Slot> ring;
  private final ScheduledExecutorService ticker;
  /** Where one writer at a time polls for its sync before sleeping. */
  private final SpinWait syncSpin;
  /** The sequence id the next edit gets; only grows. */
  private final AtomicLong nextSeqId;
  /** Guards the current file and what describes it, for the consumer and direct writers. */
  private final ReentrantLock fileLock = new ReentrantLock();
  private static final CompletableFuture<Void> DURABLE = CompletableFuture.completedFuture(null);
  private volatile boolean asyncPending;
  // Age checks run on the ticker thread, which must not touch the consumer's writer.
  private volatile long currentFileCreatedMillis;
  private final java.util.concurrent.atomic.AtomicBoolean ageRollRequested =
      new java.util.concurrent.atomic.AtomicBoolean();
  private volatile boolean closed;
  /** Told of each logged edit (the server's WAL coprocessors); null when none listens. */
  private volatile WalListener listener;
  private volatile WalObserver observer = WalObserver.NONE;
  private final java.util.concurrent.CountDownLatch consumerDone =
      new java.util.concurrent.CountDownLatch(1);

  // Under fileLock.
  private WalWriter writer;
  private long fileNumber;
  private volatile long lastFlushMillis; // read by the consumer before it takes the lock
  private boolean fileClosed;
  private ByteOutput direct = new ByteOutput(DIRECT_BUFFER);
  // Written under fileLock, read by anyone: how well group commit batches.
  private volatile long syncs;
  /** Writes or syncs failed in a row, the last failure, and when a new file may be tried. */
  private int failedInARow;
  private IOException lastFailure;
  private long retryAtMillis;
  private static final long FIRST_PAUSE_MILLIS = 100;
  private static final long MAX_PAUSE_MILLIS = 5_000;
  private volatile long syncedEdits;
  // Consumer thread only.
  // The consumer's batch: entries' heads and whole entries in batch, piece i ending at
  // batchEnds[i] and followed by batchCells.get(i) from where they lie when that is not null;
  // batchBytes counts the cells too. A write buffer's 2 MB batch was copied into an array here
  // first, and then from it into the file's buffer.
  private final ByteOutput batch = new ByteOutput(1 << 16);
  private final List<List<? extends Cell>> batchCells = new ArrayList<>();
  private int[] batchEnds = new int[64];
  private long batchBytes;
  private final List<CompletableFuture<Void>> waiting = new ArrayList<>();
  // Users and sequence ids of the edits in the batch, attributed to a file once it is written.
  private final List<String> batchUsers = new ArrayList<>();
  private final List<Long> batchSeqIds = new ArrayList<>();
  private boolean batchWantsHsync;

  /**
   * Opens a new WAL in {@code dir}, archiving into {@code archiveDir}; the first edit gets
   * sequence id {@code firstSequenceId}.
   */
  public Wal(FileSystem fs, Path dir, Path archiveDir, String server, WalOptions options,
      long firstSequenceId, InstantSource clock) throws IOException {
    this(fs, dir, archiveDir, RecycledFiles.NONE, server, options, firstSequenceId, clock);
  }

  /**
   * As {@link #Wal(FileSystem, Path, Path, String, WalOptions, long, InstantSource)}, with new
   * files written over files of {@code recycled}'s pool, and archived files going into that
   * pool while it has room (then they go to {@code archiveDir}).
   */
  public Wal(FileSystem fs, Path dir, Path archiveDir, RecycledFiles recycled, String server,
      WalOptions options, long firstSequenceId, InstantSource clock) throws IOException {
    this.fs = fs;
    this.dir = dir;
    this.recycled = recycled;
    this.server = server;
    this.options = options;
    this.clock = clock;
    this.files = new WalFiles(fs, archiveDir, dir.getName(), recycled);
    this.nextSeqId = new AtomicLong(firstSequenceId);
    if (!fs.mkdirs(dir)) {
      throw new IOException("cannot create the WAL directory " + dir + "; check that the root"
          + " directory is writable by this user");
    }
    // Never reuse a file name: continue after any file a previous instance left here.
    for (var st : fs.listStatus(dir)) {
      String name = st.getPath().getName();
      if (name.matches("wal\\.\\d{20}")) {
        fileNumber = Math.max(fileNumber, Long.parseLong(name.substring(4)));
      }
    }
    openNextFile();
    this.disruptor = new Disruptor<>(Slot::new, options.ringSize(), r -> {
      Thread t = new Thread(r, "wal-writer-" + server);
      t.setDaemon(true);
      return t;
    }, ProducerType.MULTI, options.spin().isZero() ? new BlockingWaitStrategy()
        : new SpinThenBlockWaitStrategy(options.spin().toNanos()));
    this.syncSpin = new SpinWait(options.spin().toNanos());
    disruptor.handleEventsWith(new Consumer());
    disruptor.setDefaultExceptionHandler(new ExceptionHandler<Slot>() {
      @Override
      public void handleEventException(Throwable ex, long sequence, Slot event) {
        LOG.error("WAL consumer failed on slot {}", sequence, ex);
      }

      @Override
      public void handleOnStartException(Throwable ex) {
        LOG.error("WAL consumer failed to start", ex);
      }

      @Override
      public void handleOnShutdownException(Throwable ex) {
        LOG.error("WAL consumer failed to shut down", ex);
      }
    });
    this.ring = disruptor.start();
    this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "wal-async-flush-" + server);
      t.setDaemon(true);
      return t;
    });
    long interval = options.asyncFlushInterval().toMillis();
    ticker.scheduleWithFixedDelay(() -> {
      if (closed) {
        return;
      }
      if (asyncPending) {
        publish(Kind.FLUSH, null, null, Durability.ASYNC_WAL, null);
      }
      // An idle WAL still rolls by age, so its old file can be archived.
      if (clock.millis() - currentFileCreatedMillis >= options.rollPeriod().toMillis()
          && ageRollRequested.compareAndSet(false, true)) {
        publish(Kind.ROLL, null, null, Durability.SYNC_WAL, null);
      }
    }, interval, interval, TimeUnit.MILLISECONDS);
  }

  /**
   * Logs the cells of one atomic edit for {@code region}. Durability must be resolved (not
   * USE_DEFAULT). SKIP_WAL edits get a sequence id but are not written.
   */
  public WalTicket append(String region, List<? extends Cell> cells, Durability durability)
      throws IOException {
    return append(region, cells, durability, true);
  }

  /**
   * As {@link #append}, for a thread that must not wait for another: returns null, having
   * logged nothing, when a SYNC_WAL or FSYNC_WAL edit cannot be written and synced at once by
   * this thread (the WAL is busy, or {@code strata.wal.sync.direct} is off), or when the ring
   * has no free slot for another edit. A ticket it returns is durable as asked already.
   */
  public WalTicket tryAppend(String region, List<? extends Cell> cells, Durability durability)
      throws IOException {
    return append(region, cells, durability, false);
  }

  private WalTicket append(String region, List<? extends Cell> cells, Durability durability,
      boolean mayWait) throws IOException {
    if (durability == Durability.USE_DEFAULT) {
      throw new IllegalArgumentException("resolve USE_DEFAULT to the table's durability before "
          + "appending to the WAL");
    }
    if (closed) {
      throw closedForWrites();
    }
    WalListener l = listener;
    if (l != null && durability != Durability.SKIP_WAL && !cells.isEmpty()) {
      if (!mayWait) {
        return null; // the listener's hooks may wait, which this thread must not
      }
      List<Cell> view = java.util.Collections.unmodifiableList(cells);
      l.beforeAppend(region, view);
      WalTicket t = appendNow(region, cells, durability, true);
      l.afterAppend(region, t.sequenceId(), view);
      return t;
    }
    return appendNow(region, cells, durability, mayWait);
  }

  /** As {@link #append(String, List, Durability, boolean)}, told to no listener. */
  private WalTicket appendNow(String region, List<? extends Cell> cells, Durability durability,
      boolean mayWait) throws IOException {
    boolean sync = durability == Durability.SYNC_WAL || durability == Durability.FSYNC_WAL;
    if (sync && options.directSync() && ring.remainingCapacity() == ring.getBufferSize()
        && fileLock.tryLock()) {
      try {
        return new WalTicket(appendDirect(region, cells, durability), DURABLE,
            options.syncTimeout(), syncSpin);
      } finally {
        fileLock.unlock();
      }
    }
    if (!mayWait && sync) {
      return null;
    }
    CompletableFuture<Void> done = sync ? new CompletableFuture<>() : DURABLE;
    long seqId = publish(Kind.EDIT, region, cells, durability, done, mayWait);
    return seqId < 0 ? null : new WalTicket(seqId, done, options.syncTimeout(), syncSpin);
  }

  private IOException closedForWrites() {
    return new IOException("the WAL of " + server + " is closed; the write is not accepted");
  }

  /**
   * Writes and syncs one edit on the caller's thread, the file lock held; returns its sequence
   * id. A failure closes the file (the next write opens another) and fails this edit only.
   */
  private long appendDirect(String region, List<? extends Cell> cells, Durability durability)
      throws IOException {
    if (fileClosed) {
      throw closedForWrites();
    }
    long seqId = nextSeqId.getAndIncrement();
    direct.reset();
    boolean inPlace = WalFormat.appendEntry(direct, region, seqId, clock.millis(), cells);
    try {
      if (writer == null) {
        openUnlessPausing();
      }
      files.written(writer.path(), region, seqId);
      long start = System.nanoTime();
      if (inPlace) {
        writer.write(direct, cells);
      } else {
        writer.write(direct);
      }
      long written = System.nanoTime();
      if (durability == Durability.FSYNC_WAL) {
        writer.hsync();
      } else {
        writer.hflush();
      }
      observer.synced(1, written - start, System.nanoTime() - written);
      lastFlushMillis = clock.millis();
      syncs++;
      syncedEdits++;
      failedInARow = 0;
    } catch (IOException | RuntimeException e) {
      IOException io = e instanceof IOException x ? x : new IOException("WAL write failed: " + e,
          e);
      if (!pausing(io)) {
        LOG.error("WAL write or sync failed on {}; failing the edit and rolling",
            writer == null ? "(no file)" : writer.path(), e);
      }
      closeFailedWriter(io);
      throw io;
    } finally {
      if (direct.size() > MAX_BATCH_BYTES) {
        direct = new ByteOutput(DIRECT_BUFFER); // one large edit does not keep a large buffer
      }
    }
    rollIfDue();
    return seqId;
  }

  private long publish(Kind kind, String region, List<? extends Cell> cells,
      Durability durability, CompletableFuture<Void> done) {
    return publish(kind, region, cells, durability, done, true);
  }

  /**
   * Fills the next ring slot; returns the edit's sequence id (-1 for other kinds), or -1 having
   * published nothing when the ring is full and {@code mayWait} is false.
   */
  private long publish(Kind kind, String region, List<? extends Cell> cells,
      Durability durability, CompletableFuture<Void> done, boolean mayWait) {
    long slot;
    if (mayWait) {
      slot = ring.next();
    } else {
      try {
        slot = ring.tryNext();
      } catch (com.lmax.disruptor.InsufficientCapacityException full) {
        return -1;
      }
    }
    long seqId = kind == Kind.EDIT ? nextSeqId.getAndIncrement() : -1;
    try {
      Slot s = ring.get(slot);
      s.kind = kind;
      s.region = region;
      s.cells = cells;
      s.durability = durability;
      s.sequenceId = seqId;
      s.writeTime = clock.millis();
      s.done = done;
    } finally {
      ring.publish(slot);
    }
    return seqId;
  }

  /**
   * Makes every later edit's sequence id at least {@code next}: regions opened with edits up to
   * some id must never see a smaller one reused.
   */
  public void advanceSequenceIdTo(long next) {
    nextSeqId.accumulateAndGet(next, Math::max);
  }

  /** The next sequence id that would be handed out (an upper bound of every id so far + 1). */
  public long nextSequenceId() {
    return nextSeqId.get();
  }

  /**
   * Syncs (hflush or hsync) made for batches of edits so far, rolls excluded. With
   * {@link #syncedEditCount()} it says how many edits one sync covers: group commit at work.
   */
  public long syncCount() {
    return syncs;
  }

  /** SYNC_WAL and FSYNC_WAL edits made durable so far. */
  public long syncedEditCount() {
    return syncedEdits;
  }

  /** WAL files not yet archived, the current one included. */
  public int fileCount() {
    return files.liveFiles().size();
  }

  /**
   * The regions whose unflushed edits keep the oldest WAL file from the archive (none when it
   * is the current file): flushing them lets it go.
   */
  public List<String> regionsKeepingOldestFile() {
    return files.usersKeepingOldest();
  }

  /** Reports that {@code region}'s edits up to {@code flushedSeqId} are in block files. */
  public void regionFlushed(String region, long flushedSeqId) throws IOException {
    files.flushed(region, flushedSeqId);
    files.archiveFlushed(currentFile());
  }

  /** Tells {@code o} of every sync and roll from now on (null: nobody). */
  public void observe(WalObserver o) {
    observer = o == null ? WalObserver.NONE : o;
  }

  /** Tells {@code l} of every edit logged from now on (null: nobody). */
  public void setListener(WalListener l) {
    listener = l;
  }

  /** Asks the consumer to start a new file now; returns once it has. */
  public void roll() throws IOException {
    CompletableFuture<Void> done = new CompletableFuture<>();
    publish(Kind.ROLL, null, null, Durability.SYNC_WAL, done);
    new WalTicket(-1, done, options.syncTimeout(), syncSpin).awaitDurable();
  }

  /** Files that may hold unflushed edits, oldest first; the last is being written. */
  public List<Path> liveFiles() {
    return files.liveFiles();
  }

  private Path currentFile() {
    List<Path> live = files.liveFiles();
    return live.isEmpty() ? null : live.get(live.size() - 1);
  }

  /** Starts the next file; the file lock held (or the consumer not yet started). */
  private void openNextFile() throws IOException {
    fileNumber++;
    Path p = new Path(dir, String.format("wal.%020d", fileNumber));
    writer = WalWriter.create(fs, recycled, p, server, clock.millis());
    files.opened(p);
    lastFlushMillis = clock.millis();
    currentFileCreatedMillis = writer.createdMillis();
    ageRollRequested.set(false);
  }

  /** Encodes, writes and syncs on the one consumer thread; see the class comment. */
  private final class Consumer implements EventHandler<Slot> {
    @Override
    public void onEvent(Slot s, long slot, boolean endOfBatch) {
      try {
        switch (s.kind) {
          case EDIT -> encode(s);
          case FLUSH -> asyncPending = true;
          case ROLL -> {
            finishBatch(true);
            fileLock.lock();
            try {
              roll(s.done);
            } finally {
              fileLock.unlock();
            }
          }
          default -> throw new IllegalStateException("unknown slot kind " + s.kind);
        }
      } finally {
        s.cells = null;
        s.region = null;
        s.done = null;
      }
      if (endOfBatch || batchBytes >= MAX_BATCH_BYTES) {
        finishBatch(false);
      }
    }

    private void encode(Slot s) {
      if (s.durability == Durability.SKIP_WAL) {
        return;
      }
      List<? extends Cell> cells = s.cells;
      int before = batch.size();
      boolean inPlace = WalFormat.appendEntry(batch, s.region, s.sequenceId, s.writeTime, cells);
      batchCells.add(inPlace ? cells : null);
      batchBytes += WalFormat.entryLength(batch.array(), before);
      if (batchCells.size() > batchEnds.length) {
        batchEnds = java.util.Arrays.copyOf(batchEnds, batchEnds.length * 2);
      }
      batchEnds[batchCells.size() - 1] = batch.size();
      batchUsers.add(s.region);
      batchSeqIds.add(s.sequenceId);
      if (s.durability == Durability.ASYNC_WAL) {
        asyncPending = true;
      } else {
        waiting.add(s.done);
        batchWantsHsync |= s.durability == Durability.FSYNC_WAL;
      }
    }

    /** Writes the batch; syncs if a writer waits or async edits are due. */
    private void finishBatch(boolean force) {
      boolean dueAsync = asyncPending
          && clock.millis() - lastFlushMillis >= options.asyncFlushInterval().toMillis();
      if (batchCells.isEmpty() && waiting.isEmpty() && !dueAsync && !force) {
        return;
      }
      fileLock.lock();
      try {
        if (fileClosed) {
          throw new IOException("the WAL of " + server + " is closed");
        }
        if (writer == null) {
          openUnlessPausing();
        }
        for (int i = 0; i < batchUsers.size(); i++) {
          files.written(writer.path(), batchUsers.get(i), batchSeqIds.get(i));
        }
        long start = System.nanoTime();
        writer.write(batch, batchEnds, batchCells, batchCells.size());
        if (!waiting.isEmpty() || dueAsync || force) {
          long written = System.nanoTime();
          if (batchWantsHsync) {
            writer.hsync();
          } else {
            writer.hflush();
          }
          observer.synced(waiting.size(), written - start, System.nanoTime() - written);
          lastFlushMillis = clock.millis();
          asyncPending = false;
          syncs++;
          failedInARow = 0;
          syncedEdits += waiting.size();
          waiting.forEach(f -> f.complete(null));
          waiting.clear();
          batchWantsHsync = false;
        }
        rollIfDue();
      } catch (IOException | RuntimeException e) {
        failBatch(e);
      } finally {
        fileLock.unlock();
        batch.reset();
        batchCells.clear();
        batchBytes = 0;
        batchUsers.clear();
        batchSeqIds.clear();
      }
    }

    private void failBatch(Exception e) {
      IOException io = e instanceof IOException x ? x
          : new IOException("WAL write failed: " + e, e);
      if (!pausing(io)) {
        LOG.error("WAL write or sync failed on {}; failing {} waiting edit(s) and rolling",
            writer == null ? "(no file)" : writer.path(), waiting.size(), e);
      }
      waiting.forEach(f -> f.completeExceptionally(io));
      waiting.clear();
      batchWantsHsync = false;
      closeFailedWriter(io);
    }

    @Override
    public void onShutdown() {
      fileLock.lock();
      try {
        if (writer != null || !batchCells.isEmpty()) {
          finishBatch(true);
        }
        fileClosed = true; // direct writers find it closed from now on
        closeWriter("closing WAL {} failed");
      } finally {
        fileLock.unlock();
      }
      consumerDone.countDown();
    }
  }

  /**
   * Closes a file a write or sync failed on; the next write opens a new one, at once after a
   * first failure, after a pause that doubles (from 100 ms to 5 s) after each further one in a
   * row: a file system that keeps failing (a full disk) would otherwise get a new file, and the
   * log a stack trace, for every edit. File lock held.
   */
  private void closeFailedWriter(IOException why) {
    if (writer != null || !pausing(why)) {
      failedInARow++;
      lastFailure = why;
      long pause = failedInARow < 2 ? 0
          : Math.min(FIRST_PAUSE_MILLIS << Math.min(failedInARow - 2, 10), MAX_PAUSE_MILLIS);
      retryAtMillis = clock.millis() + pause;
    }
    closeWriter("closing the failed WAL {} failed too");
  }

  /** Whether {@code e} is the refusal of a write made while pausing after failures. */
  private boolean pausing(IOException e) {
    return e instanceof PausingException;
  }

  /** Opens the next file, unless a pause after failed writes is still running. File lock held. */
  private void openUnlessPausing() throws IOException {
    long left = retryAtMillis - clock.millis();
    if (failedInARow >= 2 && left > 0) {
      throw new PausingException("the WAL of " + server + " failed " + failedInARow
          + " times in a row (last: " + lastFailure.getMessage() + "); edits fail for another "
          + left + " ms before it tries a new file", lastFailure);
    }
    openNextFile();
  }

  /** An edit refused, without touching the file system, while the WAL pauses after failures. */
  private static final class PausingException extends IOException {
    PausingException(String message, IOException cause) {
      super(message, cause);
    }
  }

  /** Closes the current file, if any, logging (not throwing) a failure. File lock held. */
  private void closeWriter(String failureMessage) {
    if (writer != null) {
      try {
        writer.close();
      } catch (IOException e) {
        LOG.warn(failureMessage, writer.path(), e);
      }
      writer = null;
    }
  }

  /**
   * Rolls when the current file is big or old enough, or its HDFS pipeline lost a DataNode (the
   * new file gets a whole pipeline of live ones). File lock held.
   */
  private void rollIfDue() {
    if (writer == null) {
      return;
    }
    if (writer.pipelineShrank()) {
      LOG.warn("the WAL {} lost a DataNode of its pipeline ({} at its start); rolling to a new "
          + "file", writer.path(), writer.replicas());
      roll(null);
    } else if (writer.length() >= options.rollSize()
        || clock.millis() - writer.createdMillis() >= options.rollPeriod().toMillis()) {
      roll(null);
    }
  }

  /** Closes the current file and starts the next. File lock held. */
  private void roll(CompletableFuture<Void> done) {
    try {
      if (writer != null) {
        writer.hflush();
        writer.close();
      }
      writer = null;
      openNextFile();
      observer.rolled();
      files.archiveFlushed(writer.path());
      if (done != null) {
        done.complete(null);
      }
    } catch (IOException e) {
      writer = null;
      LOG.error("rolling the WAL failed", e);
      if (done != null) {
        done.completeExceptionally(e);
      }
    }
  }

  /** Writes and syncs what is pending, stops the consumer and closes the current file. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    ticker.shutdownNow();
    disruptor.shutdown(); // drains the ring; the consumer syncs and closes the file (onShutdown)
    try {
      if (!consumerDone.await(options.syncTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IOException("the WAL consumer of " + server + " did not stop within "
            + options.syncTimeout());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted closing the WAL of " + server);
    }
  }
}
