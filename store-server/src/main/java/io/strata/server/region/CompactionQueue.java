package io.strata.server.region;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The compactions a server has yet to run, most urgent first, on a fixed set of threads (HBase
 * orders its compaction queue the same way). An operator's request goes first; then the one
 * whose fullest store has the most files, nearest the count at which its region refuses writes;
 * among equals, the one asked for first. First come, first served, a store at the blocking
 * count waited behind another table's unpressured compaction while its writers were refused
 * (docs/performance.md).
 *
 * <p>A request for a key already waiting is merged into it; if it finds the store fuller (a
 * writer refused at the blocking count asks again), the waiting one moves up, keeping its place
 * among equals.
 */
final class CompactionQueue {
  /** The urgency of an operator's request: before every automatic one. */
  static final int OPERATOR = Integer.MIN_VALUE;

  private final PriorityBlockingQueue<Runnable> pending = new PriorityBlockingQueue<>();
  private final ThreadPoolExecutor executor;
  private final Object lock = new Object();
  /** Waiting requests by key; guarded by {@link #lock}. */
  private final Map<String, Request> waiting = new HashMap<>();
  private long requests; // guarded by lock: numbers requests, for first come first served

  CompactionQueue(int threads, ThreadFactory threadFactory) {
    int n = Math.max(1, threads);
    this.executor = new ThreadPoolExecutor(n, n, 0, TimeUnit.MILLISECONDS, pending,
        threadFactory);
  }

  /** A waiting compaction: run in urgency order, then in the order asked for. */
  private final class Request implements Runnable, Comparable<Request> {
    final String key;
    final int urgency;
    final int files;
    final long number;
    final Runnable work;

    Request(String key, int urgency, int files, long number, Runnable work) {
      this.key = key;
      this.urgency = urgency;
      this.files = files;
      this.number = number;
      this.work = work;
    }

    @Override
    public int compareTo(Request o) {
      int c = Integer.compare(urgency, o.urgency);
      return c != 0 ? c : Long.compare(number, o.number);
    }

    @Override
    public void run() {
      synchronized (lock) {
        waiting.remove(key, this); // from here on, a new request for the key waits anew
      }
      work.run();
    }
  }

  /**
   * Queues {@code work} under {@code key} unless a request for the key is waiting already.
   * {@code files} is the file count of the store the request is for (its region's fullest),
   * {@code urgency} lower for sooner: {@link #OPERATOR}, or the files short of the blocking
   * count. Returns whether this request is now waiting (new, or moved up).
   */
  boolean offer(String key, int urgency, int files, Runnable work) {
    synchronized (lock) {
      if (executor.isShutdown()) {
        return false;
      }
      Request old = waiting.get(key);
      long number;
      if (old != null) {
        // Not more urgent, or already taken by a thread (which removes it from the map as it
        // starts): the waiting or running one serves this request too.
        if (urgency >= old.urgency || !pending.remove(old)) {
          return false;
        }
        number = old.number;
      } else {
        number = ++requests;
      }
      Request r = new Request(key, urgency, files, number, work);
      waiting.put(key, r);
      try {
        executor.execute(r);
      } catch (RejectedExecutionException e) { // shut down meanwhile
        waiting.remove(key, r);
        return false;
      }
      return true;
    }
  }

  /**
   * The file count of the fullest store whose automatic compaction is waiting, 0 if none: a
   * running compaction is paced as if its own store were that full, so that it makes way for
   * the one its thread is holding up.
   */
  /** Compactions waiting for a thread. */
  int waiting() {
    synchronized (lock) {
      return waiting.size();
    }
  }

  int mostFilesWaiting() {
    synchronized (lock) {
      int most = 0;
      for (Request r : waiting.values()) {
        if (r.urgency != OPERATOR) {
          most = Math.max(most, r.files);
        }
      }
      return most;
    }
  }

  /** The keys waiting, most urgent first. */
  List<String> waitingKeys() {
    synchronized (lock) {
      return waiting.values().stream().sorted().map(r -> r.key).toList();
    }
  }

  /** Runs no more requests after those waiting; waits up to {@code timeout} for them. */
  void shutdown(long timeout, TimeUnit unit) throws InterruptedException {
    synchronized (lock) {
      executor.shutdown();
    }
    executor.awaitTermination(timeout, unit);
  }
}
