package io.strata.server.region;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Shrinks a failing operation log (a simplified delta debugging): repeatedly removes chunks,
 * halving the chunk size when nothing can go, and keeps any smaller log that still fails.
 */
final class LogShrinker {
  private LogShrinker() {}

  /**
   * The shortest log found that still {@code fails}, within {@code maxRuns} replays. The input
   * must fail.
   */
  static <T> List<T> shrink(List<T> failing, Predicate<List<T>> fails, int maxRuns) {
    List<T> best = new ArrayList<>(failing);
    int runs = 0;
    int chunk = Math.max(1, best.size() / 2);
    while (chunk >= 1 && runs < maxRuns) {
      boolean removed = false;
      for (int start = 0; start < best.size() && runs < maxRuns; ) {
        List<T> candidate = new ArrayList<>(best.subList(0, start));
        candidate.addAll(best.subList(Math.min(best.size(), start + chunk), best.size()));
        runs++;
        if (!candidate.isEmpty() && fails.test(candidate)) {
          best = candidate;
          removed = true;
        } else {
          start += chunk;
        }
      }
      if (!removed) {
        chunk /= 2;
      }
    }
    return best;
  }
}
