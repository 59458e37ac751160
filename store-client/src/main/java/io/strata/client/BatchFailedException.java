package io.strata.client;

import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Some actions of a batch failed; the others were applied. {@link #failures()} maps each failed
 * action's index in the caller's list to its error (the server's typed exception, or a
 * {@link RetriesExhaustedException}).
 */
public final class BatchFailedException extends IOException {
  private final Map<Integer, IOException> failures;

  public BatchFailedException(int total, Map<Integer, IOException> failures) {
    super(failures.size() + " of " + total + " actions failed; first, action "
        + first(failures).getKey() + ": " + first(failures).getValue().getMessage());
    this.failures = Collections.unmodifiableMap(new TreeMap<>(failures));
    failures.values().stream().distinct().limit(5).forEach(this::addSuppressed);
  }

  private static Map.Entry<Integer, IOException> first(Map<Integer, IOException> failures) {
    return new TreeMap<>(failures).firstEntry();
  }

  public Map<Integer, IOException> failures() {
    return failures;
  }
}
