package io.strata.server.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;

/**
 * The last {@link #POINTS} samples of a daemon's main figures, for the status pages' charts:
 * every {@code interval} (strata.status.history.interval, 10 s: the last hour), each series is
 * read; a rate series is read as a running count and kept as its change per second.
 */
public final class History implements AutoCloseable {
  /** Samples kept: an hour at the default interval. */
  public static final int POINTS = 360;

  /** One line of a chart. */
  public record Series(String chart, String name, DoubleSupplier read, boolean rate) {}

  /** A chart's lines as sampled: times (epoch ms) and, per line, its values (NaN: none). */
  public record Chart(String title, List<String> lines, long[] times, List<double[]> values) {}

  private final List<Series> series = new ArrayList<>();
  private final long[] times = new long[POINTS];
  private final double[][] values;
  private final double[] lastCount;
  private ScheduledExecutorService timer;
  private long lastMillis = -1;
  private int next;
  private int size;

  /** Samples {@code all} every {@code intervalMillis} on a daemon thread of its own. */
  public History(String daemon, List<Series> all, long intervalMillis) {
    this(all);
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, daemon + "-history");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleAtFixedRate(this::sampleQuietly, 0, intervalMillis, TimeUnit.MILLISECONDS);
  }

  /** Samples {@code all} only when {@link #sample} is called (tests). */
  History(List<Series> all) {
    series.addAll(all);
    values = new double[series.size()][POINTS];
    lastCount = new double[series.size()];
  }

  private void sampleQuietly() {
    try {
      sample(System.currentTimeMillis());
    } catch (RuntimeException e) {
      // A figure that cannot be read now is a gap in the chart, not a dead sampler.
    }
  }

  synchronized void sample(long nowMillis) {
    double seconds = lastMillis < 0 ? 0 : (nowMillis - lastMillis) / 1000.0;
    for (int i = 0; i < series.size(); i++) {
      Series s = series.get(i);
      double v;
      try {
        v = s.read().getAsDouble();
      } catch (RuntimeException e) {
        v = Double.NaN;
      }
      if (s.rate()) {
        double count = v;
        v = seconds <= 0 || Double.isNaN(count) ? Double.NaN
            : Math.max(0, count - lastCount[i]) / seconds;
        lastCount[i] = count;
      }
      values[i][next] = v;
    }
    times[next] = nowMillis;
    lastMillis = nowMillis;
    next = (next + 1) % POINTS;
    size = Math.min(size + 1, POINTS);
  }

  /** The charts, in the order their series were given, oldest sample first. */
  public synchronized List<Chart> charts() {
    List<Chart> out = new ArrayList<>();
    List<String> titles = new ArrayList<>();
    series.forEach(s -> {
      if (!titles.contains(s.chart())) {
        titles.add(s.chart());
      }
    });
    for (String title : titles) {
      List<String> lines = new ArrayList<>();
      List<double[]> vals = new ArrayList<>();
      long[] t = new long[size];
      for (int k = 0; k < size; k++) {
        t[k] = times[Math.floorMod(next - size + k, POINTS)];
      }
      for (int i = 0; i < series.size(); i++) {
        if (series.get(i).chart().equals(title)) {
          double[] v = new double[size];
          for (int k = 0; k < size; k++) {
            v[k] = values[i][Math.floorMod(next - size + k, POINTS)];
          }
          lines.add(series.get(i).name());
          vals.add(v);
        }
      }
      out.add(new Chart(title, lines, t, vals));
    }
    return out;
  }

  @Override
  public void close() {
    if (timer != null) {
      timer.shutdownNow();
    }
  }
}
