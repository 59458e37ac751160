package io.strata.server.metrics;

import java.util.List;

/**
 * One metric as users see it, declared once in {@link MetricCatalog}: docs/metrics.md is made
 * from these, and the meters are registered through them, so neither can drift from the other.
 *
 * @param name the dotted name; Prometheus shows it with underscores, a timer's with
 *     {@code _seconds} (and {@code _count}, {@code _sum}, {@code _max}, quantiles 0.5, 0.75,
 *     0.95, 0.99 and 0.999), a counter's with {@code _total}
 * @param type what kind of meter it is
 * @param unit what its value counts
 * @param meaning what it tells an operator
 * @param tags the names of its labels, in order
 */
public record MetricDef(String name, Type type, String unit, String meaning, List<String> tags) {
  /** Meter kinds, as Prometheus types them. */
  public enum Type {
    /** Only goes up while the daemon runs. */
    COUNTER,
    /** A value at the moment it is read. */
    GAUGE,
    /** Durations: count, sum, max and quantiles over the last minute. */
    TIMER,
    /** Durations on the hottest paths: count, sum and max only (no quantiles). */
    TIME,
    /** Sizes of events: count, sum, max and quantiles over the last minute. */
    DISTRIBUTION
  }

  public MetricDef {
    tags = List.copyOf(tags);
  }

  static MetricDef of(String name, Type type, String unit, String meaning, String... tags) {
    return new MetricDef(name, type, unit, meaning, List.of(tags));
  }
}
