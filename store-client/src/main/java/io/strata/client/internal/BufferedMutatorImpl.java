package io.strata.client.internal;

import io.strata.client.BufferedMutator;
import io.strata.client.BufferedMutatorParams;
import io.strata.client.Mutation;
import io.strata.client.MutationsFailedException;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The blocking write buffer over {@link AsyncBufferedMutatorImpl}: failed mutations are
 * collected as they fail and handed to the listener (or thrown) by the next call; a caller
 * writing faster than the cluster takes waits in the {@code mutate} that filled the buffer (and
 * so sent it) while more than {@value #IN_FLIGHT_BUFFERS} buffers' worth of bytes are on their
 * way. Callers sharing a mutator fill one buffer, so at most that and the batches in flight are
 * held.
 */
final class BufferedMutatorImpl implements BufferedMutator {
  static final int IN_FLIGHT_BUFFERS = 2;

  private final AsyncBufferedMutatorImpl async;
  private final ExceptionListener listener;
  private final ConcurrentLinkedQueue<MutationsFailedException.Failure> failures =
      new ConcurrentLinkedQueue<>();

  BufferedMutatorImpl(AsyncConnectionImpl conn, BufferedMutatorParams params) {
    this.async = new AsyncBufferedMutatorImpl(conn, params, null, failures::add);
    this.listener = params.getListener();
  }

  @Override
  public TableName getName() {
    return async.getName();
  }

  @Override
  public StrataConfiguration getConfiguration() {
    return async.getConfiguration();
  }

  @Override
  public void mutate(Mutation mutation) throws IOException {
    report();
    // A mutation refused at once (bad input, closed) is the caller's mistake: thrown now. The
    // bytes in flight grow only when a batch is sent: one that filled no buffer checks no
    // room (the check's lock, taken a second time for each row, was inflated and costly).
    if (async.offer(mutation)) {
      waitForRoom();
    }
  }

  @Override
  public void mutate(List<? extends Mutation> mutations) throws IOException {
    report();
    boolean sent = false;
    for (Mutation m : mutations) {
      sent |= async.offer(m);
    }
    if (sent) {
      waitForRoom();
    }
  }

  private void waitForRoom() throws IOException {
    long limit = IN_FLIGHT_BUFFERS * async.getWriteBufferSize();
    while (true) {
      CompletableFuture<Void> room = async.roomFor(limit);
      if (room == null) {
        return;
      }
      RetryingCaller.join(room);
    }
  }

  /** Hands collected failures to the listener, or throws them. */
  private void report() throws IOException {
    if (failures.isEmpty()) {
      return;
    }
    List<MutationsFailedException.Failure> list = new ArrayList<>();
    MutationsFailedException.Failure f;
    while ((f = failures.poll()) != null) {
      list.add(f);
    }
    MutationsFailedException e = new MutationsFailedException(list);
    if (listener != null) {
      listener.onException(e, this);
    } else {
      throw e;
    }
  }

  @Override
  public void flush() throws IOException {
    RetryingCaller.join(async.flush());
    report();
  }

  @Override
  public void close() throws IOException {
    async.close();
    flush();
  }

  @Override
  public long getWriteBufferSize() {
    return async.getWriteBufferSize();
  }

  @Override
  public long getWriteBufferPeriodicFlushTimeoutMs() {
    return async.getPeriodicalFlushTimeoutMs();
  }

  @Override
  public void setWriteBufferPeriodicFlush(long timeoutMs) {
    async.setPeriodicFlush(timeoutMs);
  }
}
