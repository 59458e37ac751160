package io.strata.server.cache;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * The eviction rule of both cache tiers: repeatedly take the least recently used block of the
 * priority group furthest over its share of the capacity (ties: single, multi, in-memory). So
 * one pass of a large scan, whose blocks are all single-access, evicts its own blocks before the
 * hot set, and a group may keep space the others leave unused.
 */
public final class PriorityEviction {
  /** Shares of the capacity of the SINGLE, MULTI and MEMORY groups, in that order. */
  public static final double[] DEFAULT_SHARES = {0.25, 0.50, 0.25};

  private PriorityEviction() {}

  /** An entry with its recency read once: sorting needs keys that reads do not change. */
  private record Candidate<E>(long lastAccess, E entry) {}

  /**
   * Removes entries until {@code enough} holds or none is left; returns how many went.
   * {@code groupSize} is read live, as removals change it; {@code remove} may refuse (an entry
   * already gone) by returning false.
   */
  public static <E> int evict(Collection<E> entries, Function<E, BlockPriority> group,
      ToLongFunction<E> lastAccess, ToLongFunction<BlockPriority> groupSize, long capacity,
      double[] shares, BooleanSupplier enough, Predicate<E> remove) {
    Map<BlockPriority, List<Candidate<E>>> groups = new EnumMap<>(BlockPriority.class);
    Map<BlockPriority, Integer> next = new EnumMap<>(BlockPriority.class);
    for (BlockPriority p : BlockPriority.values()) {
      groups.put(p, new ArrayList<>());
      next.put(p, 0);
    }
    for (E e : entries) {
      groups.get(group.apply(e)).add(new Candidate<>(lastAccess.applyAsLong(e), e));
    }
    for (List<Candidate<E>> g : groups.values()) {
      g.sort(Comparator.comparingLong(Candidate::lastAccess));
    }
    int removed = 0;
    while (!enough.getAsBoolean()) {
      BlockPriority victim = null;
      long worst = Long.MIN_VALUE;
      for (BlockPriority p : BlockPriority.values()) {
        if (next.get(p) >= groups.get(p).size()) {
          continue;
        }
        long over = groupSize.applyAsLong(p) - (long) (capacity * shares[p.ordinal()]);
        if (over > worst) {
          worst = over;
          victim = p;
        }
      }
      if (victim == null) {
        return removed;
      }
      int i = next.get(victim);
      next.put(victim, i + 1);
      if (remove.test(groups.get(victim).get(i).entry())) {
        removed++;
      }
    }
    return removed;
  }
}
