package io.strata.server.wal;

import io.strata.common.util.SpinWait;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What {@link Wal#append} hands back: the edit's sequence id, and a future that completes when
 * the edit is as durable as its durability asked (at once for SKIP_WAL and ASYNC_WAL).
 */
public final class WalTicket {
  private final long sequenceId;
  private final CompletableFuture<Void> durable;
  private final Duration timeout;
  private final SpinWait spin;

  WalTicket(long sequenceId, CompletableFuture<Void> durable, Duration timeout, SpinWait spin) {
    this.sequenceId = sequenceId;
    this.durable = durable;
    this.timeout = timeout;
    this.spin = spin;
  }

  public long sequenceId() {
    return sequenceId;
  }

  /** Waits until the edit is durable; an IOException means it must not be acknowledged. */
  public void awaitDurable() throws IOException {
    try {
      spin.poll(durable::isDone);
      durable.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof IOException io ? io
          : new IOException("WAL sync of edit " + sequenceId + " failed: " + cause, cause);
    } catch (TimeoutException e) {
      throw new IOException("WAL sync of edit " + sequenceId + " did not complete within "
          + timeout + "; the write is not acknowledged (its outcome is unknown)");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted waiting for WAL sync of edit " + sequenceId);
    }
  }

  public CompletableFuture<Void> durableFuture() {
    return durable;
  }
}
