package io.strata.server.cache.bucket;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Carves the cache space into buckets of {@code bucketSize} bytes. A bucket serves one size
 * class at a time: it is cut into equal slots of the class's size, and a block goes into a slot
 * of the smallest class that fits it. A bucket whose last slot is freed returns to the free
 * buckets and may take another class, so the space follows the sizes in demand.
 *
 * <p>Waste is accounted two ways: inside slots (a slot is larger than its block) and in free
 * slots of partly used buckets, which only blocks of that class can use
 * ({@link #fragmentedBytes}).
 *
 * <p>Thread-safe: every method is synchronized (allocation is cheap next to copying a block).
 */
public final class BucketAllocator {
  private final long bucketSize;
  private final int[] classSizes;
  private final Bucket[] buckets;
  private final Deque<Bucket> freeBuckets = new ArrayDeque<>();
  /** Per size class: its buckets that have a free slot. */
  private final List<LinkedHashSet<Bucket>> withFreeSlots = new ArrayList<>();
  private long usedBytes; // sum of the sizes of the blocks allocated
  private long slotBytes; // sum of the sizes of the slots they occupy

  private static final class Bucket {
    final int index;
    final long base;
    int sizeClass = -1;
    int slotSize;
    int slots;
    int used;
    BitSet taken;
    int[] blockSizes;

    Bucket(int index, long base) {
      this.index = index;
      this.base = base;
    }
  }

  /**
   * @param capacity bytes of space; whole buckets only
   * @param classSizes slot sizes, ascending; the largest must fit a bucket
   */
  public BucketAllocator(long capacity, long bucketSize, int[] classSizes) {
    if (classSizes.length == 0) {
      throw new IllegalArgumentException("the bucket cache needs at least one size class");
    }
    for (int i = 0; i < classSizes.length; i++) {
      if (classSizes[i] <= 0 || (i > 0 && classSizes[i] <= classSizes[i - 1])) {
        throw new IllegalArgumentException("size classes must be positive and ascending: "
            + Arrays.toString(classSizes));
      }
    }
    if (classSizes[classSizes.length - 1] > bucketSize) {
      throw new IllegalArgumentException("the largest size class " + classSizes[classSizes.length
          - 1] + " does not fit a bucket of " + bucketSize + " bytes");
    }
    long count = capacity / bucketSize;
    if (count < 1 || count > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("a capacity of " + capacity + " bytes makes " + count
          + " buckets of " + bucketSize + "; give at least one bucket's worth");
    }
    this.bucketSize = bucketSize;
    this.classSizes = classSizes.clone();
    this.buckets = new Bucket[(int) count];
    for (int i = 0; i < count; i++) {
      buckets[i] = new Bucket(i, i * bucketSize);
      freeBuckets.add(buckets[i]);
    }
    for (int i = 0; i < classSizes.length; i++) {
      withFreeSlots.add(new LinkedHashSet<>());
    }
  }

  /** Index of the smallest class that fits {@code size}, or -1 if none does. */
  public int classFor(int size) {
    int i = Arrays.binarySearch(classSizes, size);
    int c = i >= 0 ? i : -i - 1;
    return c < classSizes.length ? c : -1;
  }

  /**
   * An offset for a block of {@code size} bytes, or -1 when no slot is free for it (the caller
   * evicts and tries again). A size above the largest class is refused with an exception.
   */
  public synchronized long allocate(int size) {
    int c = classFor(size);
    if (c < 0 || size <= 0) {
      throw new IllegalArgumentException("a block of " + size + " bytes fits no size class "
          + Arrays.toString(classSizes) + "; add a larger class or do not cache it");
    }
    LinkedHashSet<Bucket> candidates = withFreeSlots.get(c);
    Bucket b;
    if (!candidates.isEmpty()) {
      b = candidates.iterator().next();
    } else if (!freeBuckets.isEmpty()) {
      b = freeBuckets.poll();
      b.sizeClass = c;
      b.slotSize = classSizes[c];
      b.slots = (int) (bucketSize / b.slotSize);
      b.used = 0;
      b.taken = new BitSet(b.slots);
      b.blockSizes = new int[b.slots];
      candidates.add(b);
    } else {
      return -1;
    }
    int slot = b.taken.nextClearBit(0);
    b.taken.set(slot);
    b.blockSizes[slot] = size;
    b.used++;
    if (b.used == b.slots) {
      candidates.remove(b);
    }
    usedBytes += size;
    slotBytes += b.slotSize;
    return b.base + (long) slot * b.slotSize;
  }

  /** Frees the block at {@code offset}; returns its size. */
  public synchronized int free(long offset) {
    if (offset < 0 || offset >= (long) buckets.length * bucketSize) {
      throw new IllegalArgumentException("offset " + offset + " is outside the cache space");
    }
    Bucket b = buckets[(int) (offset / bucketSize)];
    long within = offset - b.base;
    if (b.sizeClass < 0 || within % b.slotSize != 0 || !b.taken.get((int) (within
        / b.slotSize))) {
      throw new IllegalStateException("offset " + offset + " is not an allocated block");
    }
    int slot = (int) (within / b.slotSize);
    int size = b.blockSizes[slot];
    b.taken.clear(slot);
    b.used--;
    usedBytes -= size;
    slotBytes -= b.slotSize;
    LinkedHashSet<Bucket> candidates = withFreeSlots.get(b.sizeClass);
    if (b.used == 0) {
      candidates.remove(b);
      b.sizeClass = -1;
      b.taken = null;
      b.blockSizes = null;
      freeBuckets.add(b);
    } else {
      candidates.add(b);
    }
    return size;
  }

  /** Bytes of the blocks allocated. */
  public synchronized long usedBytes() {
    return usedBytes;
  }

  /** Bytes of the slots they occupy; minus {@link #usedBytes}, the waste inside slots. */
  public synchronized long slotBytes() {
    return slotBytes;
  }

  /** Bytes in buckets no size class holds yet: usable by any block. */
  public synchronized long freeBucketBytes() {
    return freeBuckets.size() * bucketSize;
  }

  /** Bytes of free slots in partly used buckets: usable only by blocks of their class. */
  public synchronized long fragmentedBytes() {
    long n = 0;
    for (LinkedHashSet<Bucket> set : withFreeSlots) {
      for (Bucket b : set) {
        n += (long) (b.slots - b.used) * b.slotSize;
      }
    }
    return n;
  }

  public long capacity() {
    return (long) buckets.length * bucketSize;
  }

  public long bucketSize() {
    return bucketSize;
  }

  /** The slot size of the class a block of {@code size} goes to. */
  public int slotSizeFor(int size) {
    int c = classFor(size);
    return c < 0 ? -1 : classSizes[c];
  }
}
