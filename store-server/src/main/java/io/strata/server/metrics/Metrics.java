package io.strata.server.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToDoubleFunction;

/**
 * One daemon's metrics: a Micrometer registry that renders the Prometheus text format, the JVM's
 * meters, and the daemon's own, registered through their {@link MetricDef}s. Gauges that are
 * costly to read or whose set changes (per region, per table) are refreshed just before each
 * reading ({@link #beforeReading}), not on every change.
 */
public final class Metrics implements AutoCloseable {
  /** Quantiles every timer and distribution publishes. */
  static final double[] QUANTILES = {0.5, 0.75, 0.95, 0.99, 0.999};
  /** The window quantiles and max are taken over. */
  static final Duration WINDOW = Duration.ofMinutes(1);

  private final String service;
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final JvmGcMetrics gc = new JvmGcMetrics();
  private final List<Runnable> refreshers = new CopyOnWriteArrayList<>();
  private final MetricsBean bean;

  /** Metrics of a daemon shown in JMX as {@code Strata:service=SERVICE,name=Metrics}. */
  public Metrics(String service) {
    this.service = service;
    new JvmMemoryMetrics().bindTo(registry);
    gc.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    this.bean = MetricsBean.register(this);
  }

  public String service() {
    return service;
  }

  MeterRegistry registry() {
    return registry;
  }

  /**
   * A timer of {@code def} with these tag values, in the order {@code def} names the tags; with
   * quantiles if {@code def} is a {@link MetricDef.Type#TIMER}. The quantiles come from two
   * histograms of half a window each, rotated in turn: each recording costs one per histogram.
   */
  public Timer timer(MetricDef def, String... tagValues) {
    Timer.Builder b = Timer.builder(def.name()).description(def.meaning())
        .tags(tags(def, tagValues)).distributionStatisticExpiry(WINDOW)
        .distributionStatisticBufferLength(2);
    if (def.type() == MetricDef.Type.TIMER) {
      b.publishPercentiles(QUANTILES);
    }
    return b.register(registry);
  }

  /** A distribution of event sizes. */
  public DistributionSummary distribution(MetricDef def, String... tagValues) {
    return DistributionSummary.builder(def.name()).description(def.meaning())
        .baseUnit(baseUnit(def)).tags(tags(def, tagValues)).publishPercentiles(QUANTILES)
        .distributionStatisticExpiry(WINDOW).distributionStatisticBufferLength(2)
        .register(registry);
  }

  public Counter counter(MetricDef def, String... tagValues) {
    return Counter.builder(def.name()).description(def.meaning()).baseUnit(baseUnit(def))
        .tags(tags(def, tagValues)).register(registry);
  }

  /** A counter read from {@code source} (a count kept elsewhere, such as a cache's hits). */
  public <T> void counter(MetricDef def, T source, ToDoubleFunction<T> value,
      String... tagValues) {
    FunctionCounter.builder(def.name(), source, value).description(def.meaning())
        .baseUnit(baseUnit(def)).tags(tags(def, tagValues)).register(registry);
  }

  public <T> void gauge(MetricDef def, T source, ToDoubleFunction<T> value,
      String... tagValues) {
    Gauge.builder(def.name(), source, value).description(def.meaning()).baseUnit(baseUnit(def))
        .tags(tags(def, tagValues)).strongReference(true).register(registry);
  }

  /** A gauge with a row per tag set, set anew by a refresher. */
  public MultiGauge multiGauge(MetricDef def) {
    return MultiGauge.builder(def.name()).description(def.meaning()).baseUnit(baseUnit(def))
        .register(registry);
  }

  /** Runs {@code refresh} before every reading of the metrics. */
  public void beforeReading(Runnable refresh) {
    refreshers.add(refresh);
  }

  void refresh() {
    for (Runnable r : refreshers) {
      r.run();
    }
  }

  /** Everything, in the Prometheus text format (version 0.0.4). */
  public String prometheus() {
    refresh();
    return registry.scrape();
  }

  /**
   * The unit Prometheus names carry: bytes and seconds are units; counts of things (calls,
   * blocks, files) are not, as Prometheus's naming rules say.
   */
  static String baseUnit(MetricDef def) {
    return def.unit().equals("bytes") || def.unit().equals("seconds") ? def.unit() : null;
  }

  static Tags tags(MetricDef def, String... values) {
    if (values.length != def.tags().size()) {
      throw new IllegalArgumentException(def.name() + " has tags " + def.tags() + ", given "
          + values.length + " values");
    }
    Tags t = Tags.empty();
    for (int i = 0; i < values.length; i++) {
      t = t.and(def.tags().get(i), values[i]);
    }
    return t;
  }

  @Override
  public void close() {
    bean.unregister();
    gc.close();
    registry.close();
  }
}
