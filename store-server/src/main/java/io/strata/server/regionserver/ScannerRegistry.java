package io.strata.server.regionserver;

import io.strata.common.conf.SecurityKeys;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.ServerBusyException;
import io.strata.common.error.UnknownScannerException;
import io.strata.server.region.RegionScanner;
import java.io.Closeable;
import java.io.IOException;
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
 *
 * <p>A scanner may hold one answer read ahead of its next call ({@link Open#ahead}); all such
 * answers together stay about within {@code strata.regionserver.scanner.readahead.size}: a
 * scanner reads ahead only while they are below it.
 */
final class ScannerRegistry implements Closeable {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(ScannerRegistry.class);
  /** One open scanner; {@code lock} serialises calls on it. */
  static final class Open {
    final RegionScanner scanner;
    final String region;
    final int batch;
    final ReentrantLock lock = new ReentrantLock();
    long nextCallSeq;
    volatile long lastUsedNanos = System.nanoTime();
    /** The connection that opened it, whose scanners are counted; null for a local call. */
    private Object owner;
    /**
     * Who opened it, as in HBase the only one whose calls may use it: a user's name, or
     * {@link #PEER} for the cluster's own processes (whose scanners no user may take over);
     * null for a call made in this process.
     */
    private String user;
    /** The next call's rows, read after the last call was answered; null when none. */
    private ScanAnswer ahead;

    /**
     * Its calls stay off the network threads: its filter may cost too much per cell
     * ({@link FilterCost}), or its region's scanner hooks may wait.
     */
    final boolean costly;

    /** The table the scanner reads, for the quotas that count its calls. */
    final io.strata.common.schema.TableName table;

    /** The region's coprocessors, whose scanner hooks its calls run; null when none. */
    final io.strata.server.coprocessor.RegionCoprocessorHost coprocessors;

    Open(RegionScanner scanner, String region, int batch, boolean costly,
        io.strata.common.schema.TableName table) {
      this(scanner, region, batch, costly, table, null);
    }

    Open(RegionScanner scanner, String region, int batch, boolean costly,
        io.strata.common.schema.TableName table,
        io.strata.server.coprocessor.RegionCoprocessorHost coprocessors) {
      this.coprocessors = coprocessors;
      costly |= coprocessors != null;
      this.table = table;
      this.scanner = scanner;
      this.region = region;
      this.batch = batch;
      this.costly = costly;
    }
  }

  private final ConcurrentHashMap<Long, Open> open = new ConcurrentHashMap<>();
  /** The opener of a scanner one of the cluster's own processes opened. */
  private static final String PEER = "\0peer";
  /** Scanner ids are random, so that no client guesses another's from its own. */
  private final java.security.SecureRandom ids = new java.security.SecureRandom();
  private final Duration lease;
  private final long maxResultSize;
  private final java.util.concurrent.atomic.LongAdder expired =
      new java.util.concurrent.atomic.LongAdder();
  private final ScheduledExecutorService reaper;
  private final long readAheadLimit;
  private final AtomicLong readAheadBytes = new AtomicLong();
  /** The server's name, for errors; its thread's name until the server has one. */
  private volatile String server;
  /** Open scanners per owning connection, within {@link #maxPerConnection}. */
  private final io.strata.common.util.BoundedCounts<Object> perConnection =
      new io.strata.common.util.BoundedCounts<>();
  private volatile int maxPerConnection = Integer.MAX_VALUE;
  private volatile int maxOpen = Integer.MAX_VALUE;

  ScannerRegistry(Duration lease, long readAheadLimit, String server) {
    this(lease, readAheadLimit, Long.MAX_VALUE, server);
  }

  /** Scanners whose calls return at most {@code maxResultSize} bytes each. */
  ScannerRegistry(Duration lease, long readAheadLimit, long maxResultSize, String server) {
    if (maxResultSize < 1) {
      throw new IllegalArgumentException("strata.server.scanner.max.result.size is "
          + maxResultSize + "; give at least 1 byte, such as 100m");
    }
    this.maxResultSize = maxResultSize;
    this.server = server;
    this.lease = lease;
    this.readAheadLimit = readAheadLimit;
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

  /** The bytes a call returns at most: the client's {@code asked} (0: a default) within the cap. */
  long maxResultSize(long asked, long byDefault) {
    return Math.min(asked > 0 ? asked : byDefault, maxResultSize);
  }

  /** Scanners closed because their lease ran out, since the server started. */
  long expired() {
    return expired.sum();
  }

  /**
   * Limits the scanners open at once: per client connection (a client that never closes its
   * scanners is told to) and on the whole server (retryable: leases free them).
   */
  void setServer(String name) {
    this.server = name;
  }

  void limit(int perConnection, int total) {
    this.maxPerConnection = perConnection;
    this.maxOpen = total;
  }

  /** Registers a new scanner opened by the call being served; refused past a limit. */
  long add(Open o) throws IOException {
    if (open.size() >= maxOpen) {
      throw new ServerBusyException(server, "it holds " + open.size() + " open scanners, its "
          + SecurityKeys.MAX_SCANNERS.name() + "; scanners close as clients finish or their "
          + "leases expire");
    }
    Object owner = io.strata.server.rpc.RpcServer.connection();
    if (owner != null && !io.strata.server.rpc.RpcServer.callFromPeer()) {
      if (!perConnection.take(owner, maxPerConnection)) {
        throw new BadRequestException("this connection holds " + maxPerConnection + " open "
            + "scanners on this server, its " + SecurityKeys.MAX_SCANNERS_PER_CONNECTION.name()
            + "; close each ResultScanner when done with it");
      }
      o.owner = owner;
    }
    if (owner != null) {
      String caller = io.strata.server.rpc.RpcServer.caller();
      o.user = io.strata.server.rpc.RpcServer.callFromPeer() ? PEER
          : caller == null ? "" : caller;
    }
    long id;
    do {
      id = ids.nextLong() & Long.MAX_VALUE;
    } while (id == 0 || open.putIfAbsent(id, o) != null);
    return id;
  }

  /** The table scanner {@code id} reads; null for an unknown id. */
  io.strata.common.schema.TableName tableOf(long id) {
    Open o = open.get(id);
    return o == null ? null : o.table;
  }

  /** Whether scanner {@code id} is open with a costly filter; false for an unknown id. */
  boolean costly(long id) {
    Open o = open.get(id);
    return o != null && o.costly;
  }

  /** The scanner, locked for the caller (unlock when done), or an error naming what to do. */
  Open take(long id) throws UnknownScannerException {
    Open o = open.get(id);
    if (o == null) {
      throw unknown(id);
    }
    if (o.user != null && io.strata.server.rpc.RpcServer.connection() != null
        && !io.strata.server.rpc.RpcServer.callFromPeer()) {
      String caller = io.strata.server.rpc.RpcServer.caller();
      if (o.user.equals(PEER) || !o.user.equals(caller == null ? "" : caller)) {
        throw unknown(id); // another's scanner: as if there were none
      }
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
    if (open.remove(id, o) && o.owner != null) {
      perConnection.give(o.owner);
    }
    dropAhead(o);
    o.scanner.close();
  }

  /** Whether scanner {@code id} is still open as {@code o}; the caller holds its lock. */
  boolean isOpen(long id, Open o) {
    return open.get(id) == o;
  }

  /** Whether a scanner may read ahead now: read-ahead is on and its memory not all used. */
  boolean mayReadAhead() {
    return readAheadLimit > 0 && readAheadBytes.get() < readAheadLimit;
  }

  /** Keeps {@code a} for the scanner's next call; the caller holds its lock. */
  void holdAhead(Open o, ScanAnswer a) {
    dropAhead(o);
    o.ahead = a;
    readAheadBytes.addAndGet(a.size());
  }

  /** Whether the scanner holds rows read ahead; the caller holds its lock. */
  boolean hasAhead(Open o) {
    return o.ahead != null;
  }

  /**
   * What the call asking for {@code rows} rows and {@code bytes} takes of the answer read
   * ahead (see {@link ScanAnswer#take}), which must be there; the caller holds the lock.
   */
  ScanAnswer takeAhead(Open o, int rows, long bytes) throws BadRequestException {
    ScanAnswer a = o.ahead;
    ScanAnswer taken = a.take(rows, bytes);
    if (taken == a) {
      o.ahead = null;
    }
    readAheadBytes.addAndGet(-taken.size());
    return taken;
  }

  private void dropAhead(Open o) {
    if (o.ahead != null) {
      readAheadBytes.addAndGet(-o.ahead.size());
      o.ahead = null;
    }
  }

  /** Bytes of all answers read ahead and not yet taken: for tests. */
  long readAheadBytes() {
    return readAheadBytes.get();
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
            expired.increment();
            LOG.info("scanner {} on region {} expired: no call for {} s"
                + " (strata.regionserver.scanner.lease.timeout)", id, o.region,
                lease.toSeconds());
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
