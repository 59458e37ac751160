package io.strata.server.wal;

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.ExceptionHandler;
import com.lmax.disruptor.PhasedBackoffWaitStrategy;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.ProducerType;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.schema.Durability;
import io.strata.common.util.ByteOutput;
import io.strata.common.util.SpinWait;
import java.io.Closeable;
import java.io.IOException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server's write-ahead log: one sequence of files shared by every region of the server.
 *
 * <p>Writers call {@link #append}, which claims a slot in an LMAX disruptor ring (the slot number
 * gives the edit its sequence id), fills it and publishes it. One consumer thread encodes the
 * published edits into the current file and, at the end of each batch of available slots,
 * flushes (hflush) or forces (hsync, when any edit asked FSYNC_WAL) once for the whole batch:
 * group commit. Only then are the batch's tickets completed, so a writer is answered only after
 * the sync that covers its edit.
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
  private final String server;
  private final WalOptions options;
  private final InstantSource clock;
  private final WalFiles files;
  private final Disruptor<Slot> disruptor;
  private final RingBuffer<Slot> ring;
  private final ScheduledExecutorService ticker;
  /** Where one writer at a time polls for its sync before sleeping. */
  private final SpinWait syncSpin;
  // Sequence id = base + ring slot number; base only grows (advanceSequenceIdTo).
  private volatile long base;
  private volatile boolean asyncPending;
  // Age checks run on the ticker thread, which must not touch the consumer's writer.
  private volatile long currentFileCreatedMillis;
  private final java.util.concurrent.atomic.AtomicBoolean ageRollRequested =
      new java.util.concurrent.atomic.AtomicBoolean();
  private volatile boolean closed;
  private final java.util.concurrent.CountDownLatch consumerDone =
      new java.util.concurrent.CountDownLatch(1);

  // Consumer thread only.
  private WalWriter writer;
  private long fileNumber;
  private final ByteOutput batch = new ByteOutput(1 << 16);
  private final List<CompletableFuture<Void>> waiting = new ArrayList<>();
  // Users and sequence ids of the edits in the batch, attributed to a file once it is written.
  private final List<String> batchUsers = new ArrayList<>();
  private final List<Long> batchSeqIds = new ArrayList<>();
  private boolean batchWantsHsync;
  private long lastFlushMillis;
  // Written by the consumer thread only, read by anyone: how well group commit batches.
  private volatile long syncs;
  private volatile long syncedEdits;

  /**
   * Opens a new WAL in {@code dir}, archiving into {@code archiveDir}; the first edit gets
   * sequence id {@code firstSequenceId}.
   */
  public Wal(FileSystem fs, Path dir, Path archiveDir, String server, WalOptions options,
      long firstSequenceId, InstantSource clock) throws IOException {
    this.fs = fs;
    this.dir = dir;
    this.server = server;
    this.options = options;
    this.clock = clock;
    this.files = new WalFiles(fs, archiveDir, dir.getName());
    this.base = firstSequenceId;
    fs.mkdirs(dir);
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
        : new PhasedBackoffWaitStrategy(0, options.spin().toNanos(), TimeUnit.NANOSECONDS,
            new BlockingWaitStrategy()));
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
    if (durability == Durability.USE_DEFAULT) {
      throw new IllegalArgumentException("resolve USE_DEFAULT to the table's durability before "
          + "appending to the WAL");
    }
    if (closed) {
      throw new IOException("the WAL of " + server + " is closed; the write is not accepted");
    }
    CompletableFuture<Void> done = durability == Durability.SYNC_WAL
        || durability == Durability.FSYNC_WAL ? new CompletableFuture<>()
        : CompletableFuture.completedFuture(null);
    long seqId = publish(Kind.EDIT, region, cells, durability, done);
    return new WalTicket(seqId, done, options.syncTimeout(), syncSpin);
  }

  private long publish(Kind kind, String region, List<? extends Cell> cells,
      Durability durability, CompletableFuture<Void> done) {
    long slot = ring.next();
    long seqId;
    try {
      Slot s = ring.get(slot);
      seqId = base + slot;
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
  public synchronized void advanceSequenceIdTo(long next) {
    long cursor = ring.getCursor() + 1;
    if (base + cursor < next) {
      base = next - cursor;
    }
  }

  /** The next sequence id that would be handed out (an upper bound of every id so far + 1). */
  public long nextSequenceId() {
    return base + ring.getCursor() + 1;
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

  /** Reports that {@code region}'s edits up to {@code flushedSeqId} are in block files. */
  public void regionFlushed(String region, long flushedSeqId) throws IOException {
    files.flushed(region, flushedSeqId);
    files.archiveFlushed(currentFile());
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

  private void openNextFile() throws IOException {
    fileNumber++;
    Path p = new Path(dir, String.format("wal.%020d", fileNumber));
    writer = WalWriter.create(fs, p, server, clock.millis());
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
            roll(s.done);
          }
          default -> throw new IllegalStateException("unknown slot kind " + s.kind);
        }
      } finally {
        s.cells = null;
        s.region = null;
        s.done = null;
      }
      if (endOfBatch || batch.size() >= MAX_BATCH_BYTES) {
        finishBatch(false);
      }
    }

    private void encode(Slot s) {
      if (s.durability == Durability.SKIP_WAL) {
        return;
      }
      List<? extends Cell> cells = s.cells;
      WalFormat.writeEntry(batch, s.region, s.sequenceId, s.writeTime, cells.size(),
          out -> cells.forEach(c -> CellKeys.writeCell(c, out)));
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
      if (batch.size() == 0 && waiting.isEmpty() && !dueAsync && !force) {
        return;
      }
      try {
        if (writer == null) {
          openNextFile();
        }
        for (int i = 0; i < batchUsers.size(); i++) {
          files.written(writer.path(), batchUsers.get(i), batchSeqIds.get(i));
        }
        writer.write(batch);
        if (!waiting.isEmpty() || dueAsync || force) {
          if (batchWantsHsync) {
            writer.hsync();
          } else {
            writer.hflush();
          }
          lastFlushMillis = clock.millis();
          asyncPending = false;
          syncs++;
          syncedEdits += waiting.size();
          waiting.forEach(f -> f.complete(null));
          waiting.clear();
          batchWantsHsync = false;
        }
        if (writer.length() >= options.rollSize()
            || clock.millis() - writer.createdMillis() >= options.rollPeriod().toMillis()) {
          roll(null);
        }
      } catch (IOException | RuntimeException e) {
        failBatch(e);
      } finally {
        batch.reset();
        batchUsers.clear();
        batchSeqIds.clear();
      }
    }

    private void failBatch(Exception e) {
      LOG.error("WAL write or sync failed on {}; failing {} waiting edit(s) and rolling",
          writer == null ? "(no file)" : writer.path(), waiting.size(), e);
      IOException io = e instanceof IOException x ? x
          : new IOException("WAL write failed: " + e, e);
      waiting.forEach(f -> f.completeExceptionally(io));
      waiting.clear();
      batchWantsHsync = false;
      if (writer != null) {
        try {
          writer.close();
        } catch (IOException closeFailure) {
          LOG.warn("closing the failed WAL {} failed too", writer.path(), closeFailure);
        }
        writer = null; // the next batch opens a new file
      }
    }

    private void roll(CompletableFuture<Void> done) {
      try {
        if (writer != null) {
          writer.hflush();
          writer.close();
        }
        writer = null;
        openNextFile();
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

    @Override
    public void onShutdown() {
      if (writer != null || batch.size() > 0) {
        finishBatch(true);
      }
      if (writer != null) {
        try {
          writer.close();
        } catch (IOException e) {
          LOG.warn("closing WAL {} failed", writer.path(), e);
        }
        writer = null;
      }
      consumerDone.countDown();
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
