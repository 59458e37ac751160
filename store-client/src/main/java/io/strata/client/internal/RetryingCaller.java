package io.strata.client.internal;

import io.strata.client.RetriesExhaustedException;
import io.strata.client.internal.rpc.DirectScope;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * Runs one operation with retries: the single retry loop of the client (never nested, so an
 * error surfaces within the operation timeout). Each attempt gets the previous attempt's error,
 * so it can look its region up again when that error says the location was stale. An error that
 * retrying cannot fix ends the operation at once, as itself; running out of time or retries ends
 * it with a {@link RetriesExhaustedException} whose cause is the last error.
 */
final class RetryingCaller {
  /** One try: locate, then call; {@code previous} is the last try's error, or null. */
  @FunctionalInterface
  interface Attempt<T> {
    CompletableFuture<T> run(long rpcTimeoutMillis, Throwable previous) throws IOException;
  }

  private final RetryPolicy policy;
  private final ScheduledExecutorService timer;

  RetryingCaller(RetryPolicy policy, ScheduledExecutorService timer) {
    this.policy = policy;
    this.timer = timer;
  }

  RetryPolicy policy() {
    return policy;
  }

  ScheduledExecutorService timer() {
    return timer;
  }

  <T> CompletableFuture<T> call(String what, Attempt<T> attempt) {
    return call(() -> what, policy, attempt);
  }

  /** As {@link #call(String, Attempt)} under another policy (a table's own timeouts). */
  <T> CompletableFuture<T> call(String what, RetryPolicy policy, Attempt<T> attempt) {
    return call(() -> what, policy, attempt);
  }

  /**
   * As {@link #call(String, RetryPolicy, Attempt)}, the operation's description made only for
   * a failure's message.
   */
  <T> CompletableFuture<T> call(Supplier<String> what, RetryPolicy policy, Attempt<T> attempt) {
    CompletableFuture<T> result = new CompletableFuture<>();
    new Run<>(what, policy, attempt, result).next(null);
    return result;
  }

  /** One operation's attempts; it also takes each attempt's outcome (no lambda a call). */
  private final class Run<T> implements BiConsumer<T, Throwable> {
    private final Supplier<String> what;
    private final RetryPolicy policy;
    private final Attempt<T> attempt;
    private final long startNanos = System.nanoTime();
    private final long timeoutMillis;
    private final CompletableFuture<T> result;
    private final List<RetriesExhaustedException.Attempt> failures = new ArrayList<>();
    private long attemptStartedMillis;

    Run(Supplier<String> what, RetryPolicy policy, Attempt<T> attempt,
        CompletableFuture<T> result) {
      this.what = what;
      this.policy = policy;
      this.attempt = attempt;
      this.timeoutMillis = policy.operationTimeout().toMillis();
      this.result = result;
    }

    private long elapsedMillis() {
      return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    void next(Throwable previous) {
      if (result.isDone()) {
        return; // cancelled by the caller: no more attempts
      }
      attemptStartedMillis = elapsedMillis();
      long left = timeoutMillis - attemptStartedMillis;
      CompletableFuture<T> f;
      try {
        f = attempt.run(Math.max(1, Math.min(policy.rpcTimeout().toMillis(), left)), previous);
      } catch (IOException | RuntimeException e) {
        f = CompletableFuture.failedFuture(e);
      }
      f.whenComplete(this);
    }

    /** An attempt's outcome. */
    @Override
    public void accept(T value, Throwable e) {
      if (e == null) {
        result.complete(value);
      } else {
        failed(unwrap(e));
      }
    }

    private void failed(Throwable e) {
      if (!RetryPolicy.retryable(e)) {
        result.completeExceptionally(e);
        return;
      }
      failures.add(new RetriesExhaustedException.Attempt(failures.size() + 1,
          attemptStartedMillis, e));
      long pause = policy.pauseMillis(failures.size(), e);
      if (failures.size() >= policy.maxAttempts()
          || elapsedMillis() + pause >= timeoutMillis) {
        result.completeExceptionally(new RetriesExhaustedException(what.get(), elapsedMillis(),
            failures));
        return;
      }
      try {
        timer.schedule(() -> next(e), pause, TimeUnit.MILLISECONDS);
      } catch (java.util.concurrent.RejectedExecutionException closed) {
        result.completeExceptionally(new IOException(what.get()
            + " failed: the connection was closed while it waited to retry", e));
      }
    }
  }

  static Throwable unwrap(Throwable e) {
    while ((e instanceof CompletionException || e instanceof ExecutionException)
        && e.getCause() != null) {
      e = e.getCause();
    }
    return e;
  }

  /**
   * Starts the operation {@code operation(target, argument)} on this thread and waits for it,
   * letting its first call go over a direct connection whose answer this thread reads itself
   * ({@link DirectScope}). An unbound method reference such as {@code AsyncTableImpl::get} is
   * one shared object, where a lambda capturing the argument would be made for every call.
   */
  static <S, A, T> T joinDirect(BiFunction<S, A, CompletableFuture<T>> operation, S target,
      A argument) throws IOException {
    DirectScope scope = DirectScope.open();
    CompletableFuture<T> f;
    try {
      f = operation.apply(target, argument);
    } finally {
      scope.close();
    }
    scope.await();
    return join(f);
  }

  /** Waits for a future, rethrowing its failure as the IOException it was. */
  static <T> T join(CompletableFuture<T> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      f.cancel(false);
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while waiting for the cluster");
    } catch (ExecutionException e) {
      Throwable cause = unwrap(e);
      if (cause instanceof IOException io) {
        throw io; // the server's exception as itself: same type, same text

      }
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      throw new IOException(cause);
    }
  }
}
