package io.strata.client.internal;

import io.strata.client.RegionLocation;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.schema.RegionInfo;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One table's region locations: its {@link RegionCache} and its meta lookups, collapsed so that
 * a cold cache costs a few meta reads, not one per operation.
 *
 * <p>At most one meta read of the table is in flight. A miss while one is in flight waits for
 * it, then looks at the cache again (the read may have prefetched its region) and reads meta
 * itself only if it still misses. Misses for the same search key wait as one and share one
 * answer, whatever it is. Of the misses still waiting when a read ends, the one with the
 * greatest search key reads next: a lookup reads meta backwards from its key, so starting at the
 * top covers the most of what waits below. A read that fails (meta could not be read) fails every
 * lookup waiting on the table, and caches nothing. A read that succeeds but finds its region not
 * open fails its own lookup only; the others look at the cache again.
 *
 * <p>A lookup with {@code reload} does not take the cache's word as it stands: it is answered by
 * a read that started after it asked (its own, or, through the cache, any later one).
 *
 * <p>A lookup that waits gives up after its own timeout with a CallTimeoutException; the lookup
 * that reads is bounded by the meta call's timeout. Every caller gets a future of its own, so a
 * caller that cancels its future cancels nothing for the others.
 *
 * <pre>
 *   lookup --&gt; cache hit? -- yes --&gt; answer
 *                  | no
 *                  v
 *           a read in flight? -- no --&gt; read meta, fill the cache --&gt; answer
 *                  | yes
 *                  v
 *                wait --&gt; the read ends --&gt; cache hit? -- yes --&gt; answer
 *                                               | no
 *                                               v
 *                                  the greatest waiting key reads next
 * </pre>
 *
 * Locking: {@link #lock} guards the fields so marked; the cache's monitor (held by its writers)
 * is never taken while holding {@link #lock}, so the two never nest.
 */
final class TableLocations {
  /** Times out lookups that wait; removes what is cancelled (see {@link #TableLocations}). */
  private final ScheduledExecutorService timer;

  /** One lookup: where the meta read starts, how to find its answer in the cache and in rows. */
  record Lookup(byte[] searchKey, Function<RegionCache, RegionLocation> probe,
      Predicate<RegionInfo> wanted, String what, boolean reload, long timeoutMillis) {}

  /**
   * Reads meta for one lookup. The returned stage fails when meta could not be read; otherwise
   * the rows read are in {@code cache} and it yields that lookup's own answer, which may still
   * fail (its region is not open, its table is gone).
   */
  @FunctionalInterface
  interface MetaReader {
    CompletableFuture<CompletableFuture<RegionLocation>> read(Lookup lookup, RegionCache cache);
  }

  /** Misses for one search key, waiting for or making one read. */
  private static final class Pending {
    final byte[] key;
    Lookup lookup;
    /** Reads started before this pending lookup (reads are numbered from 1). */
    long after;
    /** This pending lookup's read number, once it reads. */
    long read;
    final CompletableFuture<RegionLocation> answer = new CompletableFuture<>();

    Pending(Lookup lookup, long after) {
      this.key = lookup.searchKey();
      this.lookup = lookup;
      this.after = after;
    }
  }

  private final RegionCache cache = new RegionCache();
  private final MetaReader reader;
  private final Object lock = new Object();
  /** The lookup reading meta now, or null. Guarded by {@link #lock}. */
  private Pending reading;
  /** Lookups waiting for {@link #reading} to end, by search key. Guarded by {@link #lock}. */
  private final TreeMap<byte[], Pending> waiting = new TreeMap<>(Bytes::compare);
  /** Reads started so far. Guarded by {@link #lock}. */
  private long readsStarted;

  /**
   * Lookups that wait time out on {@code timer}, which should drop cancelled tasks from its
   * queue at once (a ScheduledThreadPoolExecutor with the remove-on-cancel policy).
   */
  TableLocations(MetaReader reader, ScheduledExecutorService timer) {
    this.reader = reader;
    this.timer = timer;
  }

  RegionCache cache() {
    return cache;
  }

  /** The answer to {@code l}: from the cache, from a read in flight, or from a read of its own. */
  CompletableFuture<RegionLocation> lookup(Lookup l) {
    if (!l.reload()) {
      RegionLocation hit = l.probe().apply(cache);
      if (hit != null) {
        return CompletableFuture.completedFuture(hit);
      }
    }
    Pending p;
    boolean reads = false;
    synchronized (lock) {
      if (!l.reload()) {
        RegionLocation hit = l.probe().apply(cache); // a read may have ended meanwhile
        if (hit != null) {
          return CompletableFuture.completedFuture(hit);
        }
      }
      if (reading != null && !l.reload() && Bytes.equals(reading.key, l.searchKey())) {
        p = reading;
      } else if ((p = waiting.get(l.searchKey())) != null) {
        if (l.reload() && !p.lookup.reload()) {
          p.lookup = l; // now it waits for a read started after this one asked too
          p.after = readsStarted;
        }
      } else {
        p = new Pending(l, readsStarted);
        if (reading == null) {
          start(p);
          reads = true;
        } else {
          waiting.put(p.key, p);
        }
      }
    }
    CompletableFuture<RegionLocation> mine = reads ? relay(p.answer) : waitFor(p, l);
    if (reads) {
      read(p);
    }
    return mine;
  }

  /** Starts {@code p}'s read. Holds {@link #lock}. */
  private void start(Pending p) {
    reading = p;
    p.read = ++readsStarted;
  }

  private void read(Pending p) {
    CompletableFuture<CompletableFuture<RegionLocation>> r;
    try {
      r = reader.read(p.lookup, cache);
    } catch (RuntimeException e) {
      r = CompletableFuture.failedFuture(e);
    }
    r.whenComplete((answer, error) -> ended(p, answer, error));
  }

  /** A read ended: answers its lookup and every waiting one the cache now holds; next read. */
  private void ended(Pending done, CompletableFuture<RegionLocation> answer, Throwable error) {
    List<Pending> failed = new ArrayList<>();
    List<Map.Entry<Pending, RegionLocation>> found = new ArrayList<>();
    Pending next = null;
    synchronized (lock) {
      reading = null;
      if (error != null) {
        failed.addAll(waiting.values());
        waiting.clear();
      } else {
        for (var it = waiting.values().iterator(); it.hasNext(); ) {
          Pending w = it.next();
          if (w.lookup.reload() && done.read <= w.after) {
            continue; // this read started before w asked
          }
          RegionLocation hit = w.lookup.probe().apply(cache);
          if (hit != null) {
            found.add(Map.entry(w, hit));
            it.remove();
          }
        }
        Map.Entry<byte[], Pending> top = waiting.pollLastEntry();
        if (top != null) {
          next = top.getValue();
          start(next);
        }
      }
    }
    if (error != null) {
      Throwable cause = RetryingCaller.unwrap(error);
      done.answer.completeExceptionally(cause);
      failed.forEach(w -> w.answer.completeExceptionally(cause));
    } else {
      answer.whenComplete((v, e) -> {
        if (e != null) {
          done.answer.completeExceptionally(RetryingCaller.unwrap(e));
        } else {
          done.answer.complete(v);
        }
      });
    }
    found.forEach(f -> f.getKey().answer.complete(f.getValue()));
    if (next != null) {
      read(next);
    }
  }

  /**
   * A future of {@code p}'s answer for one waiting caller, failed with a CallTimeoutException
   * when the caller's own timeout passes first (other callers of {@code p} wait on).
   */
  private CompletableFuture<RegionLocation> waitFor(Pending p, Lookup l) {
    CompletableFuture<RegionLocation> mine = relay(p.answer);
    if (!mine.isDone() && l.timeoutMillis() > 0) {
      ScheduledFuture<?> timeout;
      try {
        timeout = timer.schedule(() -> mine.completeExceptionally(new CallTimeoutException(
            "lookup of the region " + l.what(), "strata:meta", l.timeoutMillis())),
            l.timeoutMillis(), TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException closed) {
        mine.completeExceptionally(new IOException("lookup of the region " + l.what()
            + ": the connection is closed"));
        return mine;
      }
      // Answered first: the timeout goes from the timer's queue now, not a minute later with
      // the lookup it holds (a cold batch of 2,000 puts left 2,000 there).
      mine.whenComplete((v, e) -> timeout.cancel(false));
    }
    return mine;
  }

  /**
   * A new future completed as {@code shared} is, with the same value or the same (unwrapped)
   * error: what a caller of a shared answer gets, so that cancelling it touches no one else.
   */
  static <T> CompletableFuture<T> relay(CompletableFuture<T> shared) {
    CompletableFuture<T> mine = new CompletableFuture<>();
    shared.whenComplete((v, e) -> {
      if (e != null) {
        mine.completeExceptionally(RetryingCaller.unwrap(e));
      } else {
        mine.complete(v);
      }
    });
    return mine;
  }
}
