package io.strata.it.bench;

import io.micrometer.core.instrument.Timer;
import io.strata.server.metrics.CallTarget;
import io.strata.server.metrics.MetricCatalog;
import io.strata.server.metrics.Metrics;
import io.strata.server.metrics.RequestMetrics;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What counting one answered call costs a server's handler (strata.metrics.enabled): the
 * operation's timer (count, sum, max, the quantiles' HdrHistogram recorders), the queue-time
 * timer and the byte counters, as {@code RequestMetrics} records a get; with {@code -t 2}, two
 * handlers recording at once; {@code answeredGetOfARegion} adds the region's count and its
 * table's timer. A cached get takes 10-20 us of a server's time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CallMetricsBenchmark {
  private Metrics metrics;
  private RequestMetrics calls;

  @Setup(Level.Trial)
  public void setUp() {
    metrics = new Metrics("Benchmark");
    calls = RequestMetrics.into(metrics);
    Timer table = metrics.timer(MetricCatalog.TABLE_REQUESTS, "t", "get");
    LongAdder gets = new LongAdder();
    region = (op, nanos, failed) -> {
      gets.increment();
      table.record(nanos, TimeUnit.NANOSECONDS);
    };
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    metrics.close();
  }

  @Benchmark
  public void answeredGet() {
    calls.answered("Get", 2_000, 15_000, 500, 120, 1_150, null, null, "127.0.0.1:40000", "u",
        null);
  }

  /** A region's count and its table's timer, as the region server's RegionCalls keeps them. */
  private CallTarget region;

  @Benchmark
  public void answeredGetOfARegion() {
    calls.answered("Get", 2_000, 15_000, 500, 120, 1_150, null, null, "127.0.0.1:40000", "u",
        region);
  }

  @Benchmark
  public void answeredFailedPut() {
    calls.answered("put", 2_000, 15_000, 500, 1_150, 60, "THROTTLED", null, "127.0.0.1:40000",
        "u", null);
  }
}
