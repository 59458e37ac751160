package io.strata.server.rpc;

import io.strata.common.util.SpinWait;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * One bounded queue and handler pool per {@link CallKind}. A full queue refuses the call (the
 * caller answers ServerBusy) rather than let work pile up without bound.
 */
final class CallQueues {
  private final Map<CallKind, ThreadPoolExecutor> pools = new EnumMap<>(CallKind.class);

  /**
   * A handler's queue: a handler that finished a call polls it for the next one for a while
   * ({@link SpinWait}, one handler at a time) before it sleeps, so a call arriving in that time
   * costs no wake-up.
   */
  private static final class HandlerQueue extends ArrayBlockingQueue<Runnable> {
    private final transient SpinWait spin;
    private final transient BooleanSupplier hasCalls = () -> !isEmpty();

    HandlerQueue(int capacity, long spinNanos) {
      super(capacity);
      this.spin = new SpinWait(spinNanos);
    }

    @Override
    public Runnable take() throws InterruptedException {
      while (spin.poll(hasCalls)) {
        Runnable r = poll();
        if (r != null) {
          return r;
        }
      }
      return super.take();
    }
  }

  CallQueues(String serverName, Map<CallKind, Integer> handlers, int queueLength,
      long spinNanos) {
    for (CallKind kind : CallKind.values()) {
      int threads = handlers.get(kind);
      AtomicInteger n = new AtomicInteger();
      String prefix = serverName + "-" + kind.name().toLowerCase() + "-handler-";
      pools.put(kind, new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
          new HandlerQueue(queueLength, spinNanos), r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
          }, new ThreadPoolExecutor.AbortPolicy()));
    }
  }

  /** Queues the call; false if its queue is full or the server is stopping. */
  boolean offer(CallKind kind, Runnable call) {
    try {
      pools.get(kind).execute(call);
      return true;
    } catch (RejectedExecutionException e) {
      return false;
    }
  }

  /** Calls waiting in the queue of {@code kind}. */
  int queued(CallKind kind) {
    return pools.get(kind).getQueue().size();
  }

  /** Handlers of {@code kind} serving a call now. */
  int active(CallKind kind) {
    return pools.get(kind).getActiveCount();
  }

  /** Takes no more calls and waits up to {@code millis} for the queued ones to finish. */
  void drain(long millis) throws InterruptedException {
    pools.values().forEach(ThreadPoolExecutor::shutdown);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    for (ThreadPoolExecutor p : pools.values()) {
      long left = deadline - System.nanoTime();
      if (left <= 0 || !p.awaitTermination(left, TimeUnit.NANOSECONDS)) {
        p.shutdownNow();
      }
    }
  }
}
