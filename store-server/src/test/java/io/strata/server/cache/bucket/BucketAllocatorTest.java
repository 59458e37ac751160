package io.strata.server.cache.bucket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class BucketAllocatorTest {
  private static final int[] CLASSES = {5 * 1024, 9 * 1024, 17 * 1024, 33 * 1024, 65 * 1024};
  private static final long BUCKET = 4 * 65 * 1024;

  /** Every live block's range, by offset: none may overlap another or cross its bucket. */
  private static void checkNoOverlap(TreeMap<Long, Integer> live, BucketAllocator a) {
    long end = -1;
    long used = 0;
    long slots = 0;
    for (var e : live.entrySet()) {
      long offset = e.getKey();
      int size = e.getValue();
      assertTrue(offset >= end, "block at " + offset + " overlaps the one ending at " + end);
      int slot = a.slotSizeFor(size);
      assertTrue(offset / BUCKET == (offset + slot - 1) / BUCKET, "slot at " + offset
          + " crosses a bucket boundary");
      assertTrue(offset + slot <= a.capacity());
      end = offset + slot;
      used += size;
      slots += slot;
    }
    assertEquals(used, a.usedBytes());
    assertEquals(slots, a.slotBytes());
    assertTrue(a.slotBytes() + a.fragmentedBytes() + a.freeBucketBytes() <= a.capacity());
  }

  @Test
  void randomSizesFillFreeAndRefillWithoutEverOverlapping() {
    Random rnd = new Random(5);
    BucketAllocator a = new BucketAllocator(64 * BUCKET, BUCKET, CLASSES);
    TreeMap<Long, Integer> live = new TreeMap<>();
    for (int round = 0; round < 20; round++) {
      // Fill until the allocator says there is no slot for the next block.
      while (true) {
        int size = 1 + rnd.nextInt(65 * 1024);
        long offset = a.allocate(size);
        if (offset < 0) {
          break;
        }
        assertEquals(null, live.put(offset, size), "offset " + offset + " handed out twice");
      }
      checkNoOverlap(live, a);
      // Free a random part, sometimes nearly everything.
      List<Long> offsets = new ArrayList<>(live.keySet());
      double share = round % 5 == 4 ? 0.95 : 0.3;
      for (long offset : offsets) {
        if (rnd.nextDouble() < share) {
          assertEquals((int) live.remove(offset), a.free(offset));
        }
      }
      checkNoOverlap(live, a);
    }
    for (long offset : new ArrayList<>(live.keySet())) {
      a.free(offset);
    }
    assertEquals(0, a.usedBytes());
    assertEquals(0, a.fragmentedBytes());
    assertEquals(a.capacity(), a.freeBucketBytes(), "every bucket is free again");
  }

  @Test
  void anEmptiedBucketServesAnotherSizeClass() {
    BucketAllocator a = new BucketAllocator(BUCKET, BUCKET, CLASSES);
    List<Long> small = new ArrayList<>();
    long o;
    while ((o = a.allocate(4000)) >= 0) {
      small.add(o);
    }
    assertEquals(BUCKET / (5 * 1024), small.size());
    assertEquals(-1, a.allocate(60_000), "the only bucket is taken by the 5 KiB class");
    a.free(small.get(0));
    assertEquals(5 * 1024, a.fragmentedBytes(), "one free 5 KiB slot only 5 KiB blocks can use");
    assertEquals(-1, a.allocate(60_000));
    for (long s : small.subList(1, small.size())) {
      a.free(s);
    }
    assertEquals(0, a.allocate(60_000), "the emptied bucket now serves the 65 KiB class");
    assertEquals(65 * 1024 - 60_000, a.slotBytes() - a.usedBytes(), "waste inside the slot");
  }

  @Test
  void badUseIsRefusedWithAReason() {
    BucketAllocator a = new BucketAllocator(4 * BUCKET, BUCKET, CLASSES);
    assertEquals("a block of 70000 bytes fits no size class [5120, 9216, 17408, 33792, 66560]; "
        + "add a larger class or do not cache it",
        assertThrows(IllegalArgumentException.class, () -> a.allocate(70_000)).getMessage());
    assertThrows(IllegalStateException.class, () -> a.free(5));
    long o = a.allocate(100);
    a.free(o);
    assertThrows(IllegalStateException.class, () -> a.free(o), "double free");
    assertThrows(IllegalArgumentException.class, () -> a.free(-1));
    assertThrows(IllegalArgumentException.class,
        () -> new BucketAllocator(BUCKET, BUCKET, new int[] {9, 5}));
    assertThrows(IllegalArgumentException.class,
        () -> new BucketAllocator(BUCKET, 1024, CLASSES));
    assertThrows(IllegalArgumentException.class,
        () -> new BucketAllocator(100, BUCKET, CLASSES));
  }
}
