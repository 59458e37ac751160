package io.strata.server.metrics;

import java.util.stream.Collectors;

/**
 * docs/metrics.md, made from {@link MetricCatalog}; a test fails when the file is stale.
 */
public final class MetricDocs {
  private MetricDocs() {}

  /** The Prometheus name of a metric's main series. */
  static String prometheusName(MetricDef d) {
    String base = d.name().replace('.', '_');
    String unit = Metrics.baseUnit(d);
    if (unit != null) {
      base += "_" + unit;
    }
    return switch (d.type()) {
      case COUNTER -> base + "_total";
      case TIMER, DISTRIBUTION -> base + "{quantile=...}, " + base + "_count, _sum, _max";
      case TIME -> base + "_count, _sum, _max";
      case GAUGE -> base;
    };
  }

  public static String render() {
    StringBuilder b = new StringBuilder();
    b.append("""
        # Metrics

        <!-- Generated from io.strata.server.metrics.MetricCatalog by MetricDocsTest; do not
             edit: change the catalog and run
             mvn -q -pl store-server -am test -Dtest=MetricDocsTest -Dstrata.regenerateDocs=true
             -Dsurefire.failIfNoSpecifiedTests=false -->

        Every daemon serves its metrics on its info port (the master on
        `strata.master.info.port`, 17010; a region server on `strata.regionserver.info.port`,
        17030; a standalone both):

        | path | what |
        |---|---|
        | `/prometheus` | every metric in the Prometheus text format (0.0.4) |
        | `/metrics` | redirects to `/prometheus` |
        | `/jmx` | every JMX bean of the process as JSON, in HBase's form; `?qry=Strata:*` narrows to Strata's beans (an ObjectName pattern), `?get=BEAN::ATTRIBUTE` gives one attribute |
        | `/conf` | the effective configuration with each value's source, secrets shown as `******` |
        | `/stacks` | a thread dump |
        | `/logLevel?log=NAME[&level=LEVEL]` | a logger's level, or sets it until restart |
        | `/logs/` | the daemon's log files |
        | `/` | the daemon's status page |

        The metrics are kept by [Micrometer](https://micrometer.io): its Prometheus registry
        renders `/prometheus`, its binders add the JVM's meters (`jvm_memory_*`,
        `jvm_buffer_*` for direct memory, `jvm_gc_pause_seconds`, `jvm_threads_*`,
        `jvm_classes_*`, `process_cpu_usage`, `process_uptime_seconds`, `system_cpu_*`).
        Timers publish the quantiles 0.5, 0.75, 0.95, 0.99 and 0.999 and the maximum over the
        last minute, with a count and sum since the daemon started.

        In JMX, each daemon's Strata metrics are the bean `Strata:service=RegionServer,name=Metrics`
        (or `service=Master`; a second daemon of a kind in one JVM adds `,instance=2`), named as
        HBase names its attributes: the timer of gets is `Get_num_ops`, `Get_mean`, `Get_max`,
        `Get_median`, `Get_75th_percentile`, `Get_95th_percentile`, `Get_99th_percentile`,
        `Get_99.9th_percentile` (milliseconds); a metric with labels is
        `label_value_..._metric_name` (`table_t1_region_0a1b..._metric_regionMemstoreSize`);
        one without, its name in camel case (`rpcConnections`). The JVM's meters are the JVM's
        own beans (`java.lang:type=Memory`, `java.lang:type=GarbageCollector,*`, ...).

        `strata.metrics.enabled=false` stops counting calls and timing flushes, compactions
        and WAL syncs (the gauges stay); see [performance.md](performance.md) for what counting
        costs.

        ## Slow calls

        A region server keeps the last `strata.regionserver.slowlog.ringbuffer.size` (256) calls
        that took longer than `strata.regionserver.slowlog.threshold` (100 ms, from the call
        read to its answer written) or whose request or answer was larger than
        `strata.regionserver.slowlog.size.threshold` (10 MB), each with its operation, parameter
        (as text, cut at 1,024 characters), region and table, client address, user, error code
        and the time it spent queued, processed and answering. They are read, as in HBase 2.4,
        with the shell's `get_slowlog_responses` and `get_largelog_responses` (filters
        `REGION_NAME`, `TABLE_NAME`, `CLIENT_IP`, `USER`, `LIMIT`, `FILTER_BY_OP`), emptied with
        `clear_slowlog_responses`, through `Admin.getSlowLogResponses(servers, LogQueryFilter)`
        and `Admin.clearSlowLogResponses(servers)`, and shown on the region server's status
        page. The log is kept whether or not `strata.metrics.enabled` is on.

        ## Scraping with Prometheus

        ```yaml
        scrape_configs:
          - job_name: strata-master
            metrics_path: /prometheus
            static_configs:
              - targets: ['master1:17010']
          - job_name: strata-regionserver
            metrics_path: /prometheus
            static_configs:
              - targets: ['rs1:17030', 'rs2:17030', 'rs3:17030']
        ```

        ## Strata's metrics

        | name | Prometheus series | type | unit | labels | meaning |
        |---|---|---|---|---|---|
        """);
    for (MetricDef d : MetricCatalog.all()) {
      b.append("| `").append(d.name()).append("` | `").append(prometheusName(d))
          .append("` | ").append(d.type().name().toLowerCase()).append(" | ")
          .append(d.unit()).append(" | ")
          .append(d.tags().stream().map(t -> "`" + t + "`").collect(Collectors.joining(", ")))
          .append(" | ").append(d.meaning().replace("|", "\\|")).append(" |\n");
    }
    return b.toString();
  }
}
