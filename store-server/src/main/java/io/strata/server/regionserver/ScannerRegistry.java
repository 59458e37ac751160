package io.strata.server.regionserver;

import io.strata.common.error.UnknownScannerException;
import io.strata.server.region.RegionScanner;
import java.io.Closeable;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Open scanners by id, each with a lease: a scanner not called for the lease time is closed, so
 * a client that went away does not pin blocks and files forever.
 *
 * <p>The scanner protocol, per scanner:
 * <pre>
 *   open (ScanRequest with scan) --&gt; OPEN --next (seq n)--&gt; OPEN (seq n+1) ...
 *                                    |                 \--&gt; closed once the region is exhausted
 *                                    |--close--&gt; closed
 *                                    \--lease expires--&gt; closed (next call: "unknown scanner")
 * </pre>
 * A call with the wrong sequence number (a retry of a call whose answer was lost) closes the
 * scanner and is refused, so a retried call never silently skips the batch the lost answer
 * held: the client opens a new scanner after the last row it received.
 */
final class ScannerRegistry implements Closeable {
  /** One open scanner; {@code lock} serialises calls on it. */
  static final class Open {
    final RegionScanner scanner;
    final String region;
    final int batch;
    final ReentrantLock lock = new ReentrantLock();
    long nextCallSeq;
    volatile long lastUsedNanos = System.nanoTime();

    Open(RegionScanner scanner, String region, int batch) {
      this.scanner = scanner;
      this.region = region;
      this.batch = batch;
    }
  }

  private final ConcurrentHashMap<Long, Open> open = new ConcurrentHashMap<>();
  private final AtomicLong nextId = new AtomicLong(System.nanoTime() & 0xFFFFFFFFL);
  private final Duration lease;
  private final ScheduledExecutorService reaper;

  ScannerRegistry(Duration lease, String server) {
    this.lease = lease;
    this.reaper = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "scanner-leases-" + server);
      t.setDaemon(true);
      return t;
    });
    long period = Math.max(100, lease.toMillis() / 4);
    reaper.scheduleWithFixedDelay(this::expire, period, period, TimeUnit.MILLISECONDS);
  }

  Duration lease() {
    return lease;
  }

  long add(Open o) {
    long id = nextId.incrementAndGet();
    open.put(id, o);
    return id;
  }

  /** The scanner, locked for the caller (unlock when done), or an error naming what to do. */
  Open take(long id) throws UnknownScannerException {
    Open o = open.get(id);
    if (o == null) {
      throw unknown(id);
    }
    o.lock.lock();
    if (open.get(id) != o) { // closed while we waited
      o.lock.unlock();
      throw unknown(id);
    }
    o.lastUsedNanos = System.nanoTime();
    return o;
  }

  private UnknownScannerException unknown(long id) {
    return new UnknownScannerException(id, "it finished, was closed, its region moved, or it "
        + "expired after " + lease.toSeconds() + " s without a call "
        + "(strata.regionserver.scanner.lease.timeout)");
  }

  /** Closes and forgets the scanner; the caller holds its lock. */
  void close(long id, Open o) {
    open.remove(id, o);
    o.scanner.close();
  }

  /** Closes every scanner of a region that is closing. */
  void closeRegion(String encodedName) {
    open.forEach((id, o) -> {
      if (o.region.equals(encodedName)) {
        closeLocked(id, o);
      }
    });
  }

  private void expire() {
    long now = System.nanoTime();
    open.forEach((id, o) -> {
      if (now - o.lastUsedNanos > lease.toNanos() && o.lock.tryLock()) {
        try {
          if (now - o.lastUsedNanos > lease.toNanos()) {
            close(id, o);
          }
        } finally {
          o.lock.unlock();
        }
      }
    });
  }

  private void closeLocked(long id, Open o) {
    o.lock.lock();
    try {
      close(id, o);
    } finally {
      o.lock.unlock();
    }
  }

  int size() {
    return open.size();
  }

  @Override
  public void close() {
    reaper.shutdownNow();
    open.forEach(this::closeLocked);
  }
}
