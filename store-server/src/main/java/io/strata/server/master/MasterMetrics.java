package io.strata.server.master;

import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.ServerKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.server.http.InfoPort;
import io.strata.server.http.Page;
import io.strata.server.metrics.History;
import io.strata.server.metrics.MetricCatalog;
import io.strata.server.metrics.Metrics;
import io.strata.server.metrics.RequestMetrics;
import io.strata.server.rpc.RpcServer;
import java.io.Closeable;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

/** A master's metrics (docs/metrics.md) and its info port. */
final class MasterMetrics implements Closeable {
  private final InfoPort info = new InfoPort("master", "Master");
  private final Metrics metrics = info.metrics();

  MasterMetrics(StrataConfiguration conf, RpcServer rpc) {
    if (conf.get(ServerKeys.METRICS_ENABLED)) {
      RequestMetrics.attach(metrics, rpc, true);
    }
  }

  /** The gauges of the cluster as this master sees it. */
  void bind(ServerManager servers, RegionStates states, IntSupplier procedures,
      java.util.function.LongSupplier failedProcedures, AtomicLong balancerRuns,
      AtomicLong normalizerRuns, AtomicLong merges) {
    metrics.counter(MetricCatalog.PROCEDURES_FAILED, failedProcedures,
        java.util.function.LongSupplier::getAsLong);
    metrics.gauge(MetricCatalog.SERVERS_LIVE, servers, s -> s.liveServers().size());
    metrics.gauge(MetricCatalog.SERVERS_DEAD, servers, s -> s.deadServers().size());
    metrics.gauge(MetricCatalog.IN_TRANSITION, states, MasterMetrics::inTransition);
    metrics.gauge(MetricCatalog.MASTER_REGIONS, states, s -> s.all().size());
    metrics.gauge(MetricCatalog.PROCEDURES_RUNNING, procedures, IntSupplier::getAsInt);
    metrics.counter(MetricCatalog.BALANCER_RUNS, balancerRuns, AtomicLong::get);
    metrics.counter(MetricCatalog.NORMALIZER_RUNS, normalizerRuns, AtomicLong::get);
    metrics.counter(MetricCatalog.MERGES, merges, AtomicLong::get);
  }

  static final String REQUESTS_CHART = "Cluster requests per second";
  static final String STATE_CHART = "Servers and regions in transition";
  static final Map<String, String> UNITS = Map.of(REQUESTS_CHART, "calls/s", STATE_CHART,
      "count");

  /** Starts sampling the status page's charts every {@code interval}. */
  void startHistory(java.time.Duration interval, ServerManager servers, RegionStates states) {
    info.keep(new History("master", java.util.List.of(
        new History.Series(REQUESTS_CHART, "all servers", () -> {
          long sum = 0;
          for (io.strata.common.schema.ServerName s : servers.liveServers()) {
            io.strata.common.proto.AdminProtos.ServerLoadProto l = servers.load(s);
            sum += l == null ? 0 : l.getRequests();
          }
          return sum;
        }, true),
        new History.Series(STATE_CHART, "live servers", () -> servers.liveServers().size(),
            false),
        new History.Series(STATE_CHART, "in transition", () -> inTransition(states), false)),
        interval.toMillis()));
  }

  History history() {
    return info.history();
  }

  /** Regions opening, closing, or failed to open (to be assigned again). */
  static int inTransition(RegionStates states) {
    return (int) states.all().stream().filter(n -> RegionStates.inTransition(n.state())).count();
  }

  /** Serves the info port (strata.master.info.port; -1: none). */
  void serveInfo(StrataConfiguration conf, String host, Map<String, Page> statusPages) {
    info.serve(conf, host, conf.get(CoreKeys.MASTER_INFO_PORT), statusPages);
  }

  int infoPort() {
    return info.port();
  }

  @Override
  public void close() {
    info.close();
  }
}
