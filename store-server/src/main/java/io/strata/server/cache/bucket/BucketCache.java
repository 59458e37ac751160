package io.strata.server.cache.bucket;

import io.strata.server.cache.BlockCache;
import io.strata.server.cache.BlockCacheKey;
import io.strata.server.cache.BlockCategory;
import io.strata.server.cache.BlockPriority;
import io.strata.server.cache.CacheEntry;
import io.strata.server.cache.Cacheable;
import io.strata.server.cache.CacheStats;
import io.strata.server.cache.CacheableCodec;
import io.strata.server.cache.PriorityEviction;
import io.strata.server.cache.PriorityGroups;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The L2 block cache: blocks as bytes in an {@link IOEngine} (direct memory or a file), placed by
 * a {@link BucketAllocator}. Inserts are asynchronous: {@link #put} hands the block to one of the
 * writer threads through a bounded queue (a full queue drops the insert rather than make the
 * reader wait) and serves it from the queue until it is written. A writer allocates a slot,
 * evicting when there is none, copies the block in and publishes it.
 *
 * <p>Eviction frees a tenth of the space at a time, by priority group (single, multi, in-memory,
 * with the L1 cache's shares) and within a group least recently used first; a block read twice
 * moves from single to multi, so frequency counts too.
 *
 * <p>A slot is never reused while a reader copies from it: every entry is reference counted (the
 * index holds one reference, each read one more), and eviction frees the slot only when the last
 * reference goes. Early reuse of such memory lost data in HBase (HBASE-22539, HBASE-24984).
 */
public final class BucketCache implements BlockCache, Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(BucketCache.class);
  /** Eviction frees until this share of the space is free. */
  private static final double FREE_TARGET = 0.10;

  private final IOEngine engine;
  private final BucketAllocator allocator;
  private final CacheableCodec codec;
  private final ConcurrentHashMap<BlockCacheKey, Entry> index = new ConcurrentHashMap<>();
  /** Blocks handed to a writer and not yet written: served from here meanwhile. */
  private final ConcurrentHashMap<BlockCacheKey, Pending> pending = new ConcurrentHashMap<>();
  private final List<BlockingQueue<Pending>> queues = new ArrayList<>();
  private final List<Thread> writers = new ArrayList<>();
  private final PriorityGroups groups = new PriorityGroups();
  private final CacheStats stats = new CacheStats();
  private final LongAdder droppedInserts = new LongAdder();
  private final Object evictionLock = new Object();
  private volatile boolean closed;
  /** Writes in progress. */
  private final AtomicInteger writing = new AtomicInteger();
  private final LongAdder heldByReaders = new LongAdder();

  private record Pending(BlockCacheKey key, Cacheable block, boolean inMemory) {}

  /** A block in the engine, reference counted so its slot is freed only when unused. */
  private final class Entry extends CacheEntry implements Runnable {
    final long offset;
    final int length;
    final BlockCategory category;
    final io.strata.common.util.RefCount refs = new io.strata.common.util.RefCount(); // index's
    /** The block as read in place, made on the first read and handed to every later one. */
    volatile Cacheable inPlace;

    Entry(BlockCacheKey key, long offset, int length, BlockCategory category,
        BlockPriority priority) {
      super(key, length, priority);
      this.offset = offset;
      this.length = length;
      this.category = category;
    }

    boolean retain() {
      return refs.retain();
    }

    void release() {
      if (refs.release()) {
        allocator.free(offset);
      }
    }

    /** The release a block read in place runs when its reader is done. */
    @Override
    public void run() {
      heldByReaders.decrement();
      release();
    }
  }

  /**
   * @param writerThreads threads copying blocks into the engine
   * @param queueLength blocks each writer may have waiting; more are dropped
   */
  public BucketCache(IOEngine engine, BucketAllocator allocator, CacheableCodec codec,
      int writerThreads, int queueLength) {
    if (allocator.capacity() > engine.capacity()) {
      throw new IllegalArgumentException("the allocator's " + allocator.capacity()
          + " bytes exceed the engine's " + engine.capacity());
    }
    if (writerThreads < 1 || queueLength < 1) {
      throw new IllegalArgumentException("the bucket cache needs at least one writer thread "
          + "and a queue of at least one block");
    }
    this.engine = engine;
    this.allocator = allocator;
    this.codec = codec;
    for (int i = 0; i < writerThreads; i++) {
      BlockingQueue<Pending> q = new ArrayBlockingQueue<>(queueLength);
      queues.add(q);
      Thread t = new Thread(() -> writeLoop(q), "bucket-cache-writer-" + i);
      t.setDaemon(true);
      writers.add(t);
      t.start();
    }
  }

  @Override
  public Cacheable get(BlockCacheKey key, BlockCategory category, boolean countStats) {
    Pending p = pending.get(key);
    if (p != null) {
      if (countStats) {
        stats.hit(p.block().category());
      }
      return p.block();
    }
    Entry e = index.get(key);
    if (e == null || !e.retain()) {
      if (countStats) {
        stats.miss(category);
      }
      return null;
    }
    Cacheable block;
    try {
      // In shared memory the block keeps our reference until its reader releases it; a copy
      // needs the slot only while it is made.
      block = engine.sharesMemory() ? readInPlace(e) : readCopy(e);
    } catch (IOException | RuntimeException ex) {
      e.release(); // a failed read has not handed our reference to a block
      LOG.warn("reading cached block {} failed; dropping it", key, ex);
      evict(key);
      if (countStats) {
        stats.miss(category);
      }
      return null;
    }
    groups.accessed(e, index);
    if (countStats) {
      stats.hit(e.category);
    }
    return block;
  }

  private Cacheable readInPlace(Entry e) throws IOException {
    heldByReaders.increment();
    try {
      Cacheable block = e.inPlace;
      if (block == null) {
        block = codec.read(engine.read(e.offset, e.length), e);
        if (block.holdsCacheMemory()) {
          e.inPlace = block; // two first readers may both make one: either serves
        }
      }
      return block;
    } catch (IOException | RuntimeException ex) {
      heldByReaders.decrement();
      throw ex;
    }
  }

  /**
   * Blocks handed out in place and not yet released: zero whenever no read is in progress, or a
   * reader leaks cache slots.
   */
  public long heldByReaders() {
    return heldByReaders.sum();
  }

  private Cacheable readCopy(Entry e) throws IOException {
    Cacheable block = codec.read(engine.read(e.offset, e.length), null);
    e.release();
    return block;
  }

  @Override
  public void put(BlockCacheKey key, Cacheable block, boolean inMemory) {
    if (closed || index.containsKey(key) || allocator.classFor(codec.length(block)) < 0) {
      return;
    }
    Pending p = new Pending(key, block, inMemory);
    if (pending.putIfAbsent(key, p) != null) {
      return;
    }
    BlockingQueue<Pending> q = queues.get(Math.floorMod(key.hashCode(), queues.size()));
    if (!q.offer(p)) {
      removePending(key, p);
      droppedInserts.increment(); // never make a reader wait for the cache
    }
  }

  private void writeLoop(BlockingQueue<Pending> q) {
    while (!closed) {
      Pending p;
      try {
        p = q.poll(100, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        return;
      }
      if (p == null) {
        continue;
      }
      // Counted while it runs: a write of a block evicted meanwhile still holds a slot until it
      // notices, and awaitPendingWrites must not return before that slot is free again.
      writing.incrementAndGet();
      try {
        write(p);
      } catch (IOException | RuntimeException e) {
        LOG.warn("caching block {} in the bucket cache failed", p.key(), e);
      } finally {
        removePending(p.key(), p);
        if (writing.decrementAndGet() == 0 && pending.isEmpty()) {
          synchronized (pending) {
            pending.notifyAll();
          }
        }
      }
    }
  }

  private void write(Pending p) throws IOException {
    if (pending.get(p.key()) != p) {
      return; // evicted while waiting
    }
    int length = codec.length(p.block());
    long offset = allocator.allocate(length);
    if (offset < 0) {
      freeSpace();
      offset = allocator.allocate(length);
      if (offset < 0) {
        droppedInserts.increment();
        return;
      }
    }
    ByteBuffer bytes = ByteBuffer.allocate(length);
    codec.write(p.block(), bytes);
    bytes.flip();
    engine.write(bytes, offset);
    Entry e = new Entry(p.key(), offset, length, p.block().category(),
        p.inMemory() ? BlockPriority.MEMORY : BlockPriority.SINGLE);
    if (pending.get(p.key()) != p || index.putIfAbsent(p.key(), e) != null) {
      allocator.free(offset); // evicted while being written, or cached meanwhile
      return;
    }
    groups.added(e);
    stats.added(e.category, allocator.slotSizeFor(length));
  }

  /** Evicts until a tenth of the space is free: from the group furthest over its share, LRU. */
  private void freeSpace() {
    synchronized (evictionLock) {
      long target = (long) (allocator.capacity() * (1 - FREE_TARGET));
      groups.evict(index.values(), allocator.capacity(), PriorityEviction.DEFAULT_SHARES,
          () -> allocator.slotBytes() <= target, e -> {
            boolean removed = remove(e);
            if (removed) {
              stats.evicted(e.category);
            }
            return removed;
          });
    }
  }

  private boolean remove(Entry e) {
    if (!groups.remove(e, index)) {
      return false;
    }
    stats.removed(e.category, allocator.slotSizeFor(e.length));
    e.release(); // the index's reference: the slot is freed once no read holds it
    return true;
  }

  @Override
  public boolean evict(BlockCacheKey key) {
    boolean wasPending = removePending(key, pending.get(key));
    Entry e = index.get(key);
    return (e != null && remove(e)) || wasPending;
  }

  @Override
  public int evictFile(String file) {
    int n = 0;
    for (BlockCacheKey k : new ArrayList<>(pending.keySet())) {
      if (k.file().equals(file) && removePending(k, pending.get(k))) {
        n++;
      }
    }
    for (Entry e : index.values()) {
      if (e.key.file().equals(file) && remove(e)) {
        n++;
      }
    }
    return n;
  }

  /** Removes a pending block, waking {@link #awaitPendingWrites} when none is left. */
  private boolean removePending(BlockCacheKey key, Pending p) {
    if (p == null || !pending.remove(key, p)) {
      return false;
    }
    if (pending.isEmpty()) {
      synchronized (pending) {
        pending.notifyAll();
      }
    }
    return true;
  }

  /**
   * Waits until every block handed to the writers is written (or dropped) and no writer is at
   * work; false if that took longer than the timeout. For warming up before measuring, and for
   * tests.
   */
  public boolean awaitPendingWrites(long timeout, TimeUnit unit) throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    synchronized (pending) {
      while (!pending.isEmpty() || writing.get() > 0) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
          return false;
        }
        pending.wait(left);
      }
    }
    return true;
  }

  @Override
  public CacheStats stats() {
    return stats;
  }

  /** Inserts dropped because a writer queue was full or no slot could be freed. */
  public long droppedInserts() {
    return droppedInserts.sum();
  }


  public BucketAllocator allocator() {
    return allocator;
  }

  @Override
  public long capacity() {
    return allocator.capacity();
  }

  /** Bytes of slots in use. */
  @Override
  public long size() {
    return allocator.slotBytes();
  }

  @Override
  public long blockCount() {
    return index.size();
  }

  @Override
  public java.util.List<io.strata.server.cache.CacheReport> report() {
    long slots = allocator.slotBytes();
    return java.util.List.of(new io.strata.server.cache.CacheReport("L2", capacity(), slots,
        allocator.capacity() - slots, index.size(), stats, allocator.fragmentedBytes(),
        droppedInserts(), heldByReaders()));
  }

  /** Stops the writers (dropping what they have not written) and releases the engine. */
  @Override
  public void close() throws IOException {
    closed = true;
    for (Thread t : writers) {
      try {
        t.join(TimeUnit.SECONDS.toMillis(5));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    engine.close();
  }
}
