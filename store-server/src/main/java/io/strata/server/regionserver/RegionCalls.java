package io.strata.server.regionserver;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.strata.server.metrics.CallTarget;
import io.strata.server.metrics.MetricCatalog;
import io.strata.server.metrics.Metrics;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The calls one hosted region answered, by operation (its {@link Hosted} tags each call it
 * serves), and through its table's {@link Table} the table's latency by operation.
 */
final class RegionCalls implements CallTarget {
  /** A table's timers and failure counters on this server, by operation, made when first used. */
  static final class Table {
    private final Metrics metrics;
    private final String table;
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();
    private final Map<String, Counter> failures = new ConcurrentHashMap<>();

    Table(Metrics metrics, String table) {
      this.metrics = metrics;
      this.table = table;
    }

    void record(String op, long nanos, boolean failed) {
      Timer t = timers.get(op);
      if (t == null) {
        t = timers.computeIfAbsent(op, o -> metrics.timer(MetricCatalog.TABLE_REQUESTS, table,
            o));
      }
      t.record(nanos, TimeUnit.NANOSECONDS);
      if (failed) {
        failures.computeIfAbsent(op, o -> metrics.counter(MetricCatalog.TABLE_REQUESTS_FAILED,
            table, o)).increment();
      }
    }
  }

  /** A region whose calls nobody counts (metrics off, tests). */
  static final RegionCalls NONE = new RegionCalls(null);

  private final Table table;
  private final Map<String, LongAdder> byOperation = new ConcurrentHashMap<>();

  RegionCalls(Table table) {
    this.table = table;
  }

  @Override
  public void answered(String operation, long nanos, boolean failed) {
    if (table == null) {
      return;
    }
    LongAdder n = byOperation.get(operation);
    if (n == null) {
      n = byOperation.computeIfAbsent(operation, o -> new LongAdder());
    }
    n.increment();
    table.record(operation, nanos, failed);
  }

  /** The calls answered so far, by operation. */
  Map<String, Long> counts() {
    Map<String, Long> out = new java.util.TreeMap<>();
    byOperation.forEach((op, n) -> out.put(op, n.sum()));
    return out;
  }
}
