package io.strata.client.internal;

import io.strata.client.AsyncBufferedMutator;
import io.strata.client.BufferedMutatorParams;
import io.strata.client.Mutation;
import io.strata.client.MutationsFailedException;
import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The write buffer: mutations collect until the buffer holds its size in bytes, the periodic
 * timer fires (it starts when the first mutation enters an empty buffer), or a flush or close;
 * then they go out as one batch of the table (one multi call per region server, in parallel,
 * failed mutations alone retried). Each mutation's future completes with its own outcome.
 *
 * <p>Locking: {@code this} guards the buffer, its futures, the timer task and the in-flight
 * batches; sends happen outside it.
 */
final class AsyncBufferedMutatorImpl implements AsyncBufferedMutator {
  /** A sent buffer: its size and a future done when every mutation in it has its outcome. */
  private record Batch(long bytes, CompletableFuture<Void> done) {}

  /**
   * A buffer taken for sending: its mutations, their futures (null where none; the list null
   * when none has one), its size.
   */
  private record Taken(List<Mutation> mutations, List<CompletableFuture<Void>> futures,
      long bytes) {}

  private final AsyncConnectionImpl conn;
  private final AsyncTableImpl table;
  private final Executor callbacks;
  /** Told of each failed mutation before its future fails (the blocking mutator's list). */
  private final Consumer<MutationsFailedException.Failure> onFailure;
  private final long bufferSize;
  private volatile long periodicMillis;
  private List<Mutation> buffer = new ArrayList<>();
  // The buffered mutations' futures, made when the first with one arrives: the blocking form's
  // have none, and a list of nulls was one more add a row.
  private List<CompletableFuture<Void>> waiting;
  private long bufferedBytes;
  private ScheduledFuture<?> timerTask;
  private boolean closed;
  private final ArrayDeque<Batch> inFlight = new ArrayDeque<>();
  private long inFlightBytes;

  /**
   * With {@code callbacks} set, mutation futures complete there (the public async form);
   * {@code onFailure} (may be null) hears of every failed mutation.
   */
  AsyncBufferedMutatorImpl(AsyncConnectionImpl conn, BufferedMutatorParams params,
      Executor callbacks, Consumer<MutationsFailedException.Failure> onFailure) {
    this.conn = conn;
    this.table = conn.rawTable(params.getTableName(), conn.caller().policy());
    this.callbacks = callbacks;
    this.onFailure = onFailure;
    StrataConfiguration c = conn.getConfiguration();
    this.bufferSize = params.getWriteBufferSize() > 0 ? params.getWriteBufferSize()
        : c.get(ClientKeys.WRITE_BUFFER_SIZE);
    Duration p = params.getWriteBufferPeriodicFlushTimeout() != null
        ? params.getWriteBufferPeriodicFlushTimeout()
        : c.get(ClientKeys.WRITE_BUFFER_PERIODIC_FLUSH);
    this.periodicMillis = p.toMillis();
  }

  @Override
  public TableName getName() {
    return table.getName();
  }

  @Override
  public StrataConfiguration getConfiguration() {
    return conn.getConfiguration();
  }

  @Override
  public long getWriteBufferSize() {
    return bufferSize;
  }

  @Override
  public long getPeriodicalFlushTimeoutMs() {
    return periodicMillis;
  }

  void setPeriodicFlush(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("periodic flush timeout " + millis + " ms: give 0 "
          + "(off) or more");
    }
    periodicMillis = millis;
  }

  @Override
  public synchronized long getInFlightBytes() {
    return inFlightBytes;
  }

  @Override
  public CompletableFuture<Void> mutate(Mutation m) {
    CompletableFuture<Void> f = new CompletableFuture<>();
    RuntimeException refused = add(m, f);
    return out(refused == null ? f : CompletableFuture.failedFuture(refused));
  }

  /**
   * Buffers {@code m} with no future of its own: only the failure listener hears how it ends
   * (the blocking mutator's way). Throws why it was refused at once; returns whether it filled
   * the buffer and so sent a batch (only then can the bytes in flight have grown).
   */
  boolean offer(Mutation m) {
    RuntimeException bad = OperationProtos.unsendable(m);
    if (bad != null) {
      throw bad;
    }
    Buffered added = buffer(m, null);
    if (added == Buffered.CLOSED) {
      throw closed();
    }
    return added == Buffered.SENT;
  }

  private RuntimeException add(Mutation m, CompletableFuture<Void> f) {
    RuntimeException bad = OperationProtos.unsendable(m);
    if (bad != null) {
      return bad;
    }
    return buffer(m, f) == Buffered.CLOSED ? closed() : null;
  }

  /** What became of a mutation offered to the buffer. */
  private enum Buffered {
    /** Refused: the mutator is closed. */
    CLOSED,
    /** Buffered, the buffer not yet full. */
    KEPT,
    /** Buffered, and it filled the buffer, which was sent. */
    SENT
  }

  /** Buffers a sendable {@code m}, sending the buffer if it is full. */
  private Buffered buffer(Mutation m, CompletableFuture<Void> f) {
    Taken full = null;
    synchronized (this) {
      if (closed) {
        return Buffered.CLOSED;
      }
      if (f != null && waiting == null) {
        waiting = new ArrayList<>(buffer.size() + 1);
        for (int i = 0; i < buffer.size(); i++) {
          waiting.add(null);
        }
      }
      buffer.add(m);
      if (waiting != null) {
        waiting.add(f);
      }
      bufferedBytes += sizeOf(m);
      if (bufferedBytes >= bufferSize) {
        full = take();
      } else if (timerTask == null && periodicMillis > 0) {
        startTimer();
      }
    }
    if (full == null) {
      return Buffered.KEPT;
    }
    send(full);
    return Buffered.SENT;
  }

  private IllegalStateException closed() {
    return new IllegalStateException("the buffered mutator of table '" + getName()
        + "' is closed; get a new one");
  }

  @Override
  public List<CompletableFuture<Void>> mutate(List<? extends Mutation> mutations) {
    List<CompletableFuture<Void>> fs = new ArrayList<>(mutations.size());
    for (Mutation m : mutations) {
      fs.add(mutate(m));
    }
    return fs;
  }

  private <T> CompletableFuture<T> out(CompletableFuture<T> f) {
    return Futures.completeOn(f, callbacks);
  }

  /** Takes the buffer for sending and starts a new one (caller holds the lock). */
  private Taken take() {
    Taken t = new Taken(buffer, waiting, bufferedBytes);
    // Sized as the last: a 2 MB buffer of 1 KB rows grew from 10 to 2,000 in 13 copies.
    buffer = new ArrayList<>(Math.max(10, buffer.size()));
    waiting = null;
    bufferedBytes = 0;
    if (timerTask != null) {
      timerTask.cancel(false);
      timerTask = null;
    }
    return t;
  }

  private void startTimer() {
    try {
      timerTask = conn.timer().schedule(this::timerFired, periodicMillis,
          TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException closedConnection) {
      timerTask = null; // the connection is closing; flush and close still send
    }
  }

  private void timerFired() {
    synchronized (this) {
      timerTask = null;
    }
    flush();
  }

  private void send(Taken taken) {
    List<Mutation> ms = taken.mutations();
    List<CompletableFuture<Void>> fs = taken.futures();
    long bytes = taken.bytes();
    CompletableFuture<Void> done = new CompletableFuture<>();
    Batch b = new Batch(bytes, done);
    synchronized (this) {
      inFlight.add(b);
      inFlightBytes += bytes;
    }
    List<BatchCaller.Action> actions = new ArrayList<>(ms.size());
    for (Mutation m : ms) {
      actions.add(BatchCaller.Action.mutation(m));
    }
    // The batch ends only after every mutation's outcome was recorded and handed on, so a
    // flush that waits for it sees every failure.
    CompletableFuture<Void> ended;
    try {
      ended = table.batchCaller().run("buffered mutation", actions,
          (i, result, error) -> ended(ms.get(i), fs == null ? null : fs.get(i), error));
    } catch (RuntimeException e) {
      for (int i = 0; i < ms.size(); i++) {
        ended(ms.get(i), fs == null ? null : fs.get(i), e);
      }
      ended = CompletableFuture.completedFuture(null);
    }
    ended.whenComplete((v, e) -> {
      synchronized (this) {
        inFlight.remove(b);
        inFlightBytes -= bytes;
      }
      done.complete(null);
    });
  }

  /** Hands on how one mutation ended: to the failure listener and to its future, if any. */
  private void ended(Mutation m, CompletableFuture<Void> f, Throwable error) {
    if (error == null) {
      if (f != null) {
        f.complete(null);
      }
      return;
    }
    Throwable cause = RetryingCaller.unwrap(error);
    if (onFailure != null) {
      onFailure.accept(new MutationsFailedException.Failure(m, cause));
    }
    if (f != null) {
      f.completeExceptionally(cause);
    }
  }

  @Override
  public CompletableFuture<Void> flush() {
    Taken taken;
    synchronized (this) {
      taken = take();
    }
    if (!taken.mutations().isEmpty()) {
      send(taken);
    }
    List<CompletableFuture<Void>> all = new ArrayList<>();
    synchronized (this) {
      for (Batch b : inFlight) {
        all.add(b.done());
      }
    }
    return out(CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0])));
  }

  /**
   * Null while at most {@code limit} bytes are in flight, else the oldest batch's end (call
   * again after it). Null, not a completed future: a blocking mutator asks after every row.
   */
  synchronized CompletableFuture<Void> roomFor(long limit) {
    if (inFlightBytes <= limit || inFlight.isEmpty()) {
      return null;
    }
    return inFlight.peekFirst().done();
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    flush();
  }

  /**
   * What a mutation costs against the buffer: its cells' encoded bytes, and its row (so that
   * deletes without cells count too).
   */
  static long sizeOf(Mutation m) {
    return m.getRow().length + m.encodedSize();
  }
}
