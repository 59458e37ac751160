package io.strata.server.regionserver;

import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.ServerKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.proto.AdminProtos.RegionLoadProto;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import io.strata.server.cache.BlockCache;
import io.strata.server.cache.BlockCategory;
import io.strata.server.cache.CacheReport;
import io.strata.server.http.InfoPort;
import io.strata.server.http.Page;
import io.strata.server.metrics.History;
import io.strata.server.metrics.MetricCatalog;
import io.strata.server.metrics.MetricDef;
import io.strata.server.metrics.Metrics;
import io.strata.server.metrics.RequestMetrics;
import io.strata.server.metrics.SlowLog;
import io.strata.server.rpc.RpcServer;
import java.io.Closeable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * A region server's metrics (docs/metrics.md) and its info port: calls from the RPC server,
 * regions and tables from the server's load report (read when the metrics are), the block
 * cache's tiers from their reports.
 */
final class RegionServerMetrics implements Closeable {
  private final InfoPort info = new InfoPort("regionserver", "RegionServer");
  private final Metrics metrics = info.metrics();
  private final SlowLog slowLog;
  private volatile io.micrometer.core.instrument.Counter splits;

  /**
   * Counts {@code rpc}'s calls (unless strata.metrics.enabled is off) and keeps the slow ones;
   * {@code tableOfRegion} names a hosted region's table for the slow log.
   */
  RegionServerMetrics(StrataConfiguration conf, RpcServer rpc,
      java.util.function.Function<String, String> tableOfRegion) {
    RequestMetrics calls = RequestMetrics.attach(metrics, rpc,
        conf.get(ServerKeys.METRICS_ENABLED));
    slowLog = new SlowLog(conf.get(ServerKeys.SLOWLOG_THRESHOLD).toNanos(),
        conf.get(ServerKeys.SLOWLOG_SIZE_THRESHOLD), conf.get(ServerKeys.SLOWLOG_CAPACITY),
        tableOfRegion);
    calls.keepSlowCalls(slowLog);
  }

  SlowLog slowLog() {
    return slowLog;
  }

  Metrics metrics() {
    return metrics;
  }

  /**
   * Counts the calls of {@code regions}' regions by region and table (unless metrics are off),
   * shown as strata.region.requests and strata.table.requests.
   */
  void countRegionCalls(StrataConfiguration conf, OnlineRegions regions) {
    if (!conf.get(ServerKeys.METRICS_ENABLED)) {
      return;
    }
    Map<String, RegionCalls.Table> tables = new java.util.concurrent.ConcurrentHashMap<>();
    regions.countCalls(t -> new RegionCalls(tables.computeIfAbsent(t,
        n -> new RegionCalls.Table(metrics, n))));
    MultiGauge byRegion = metrics.multiGauge(MetricCatalog.REGION_REQUESTS);
    metrics.beforeReading(() -> {
      List<MultiGauge.Row<?>> rows = new ArrayList<>();
      for (OnlineRegions.Hosted h : regions.all()) {
        String table = h.region().info().getTable().getNameAsString();
        h.calls().counts().forEach((op, n) -> rows.add(MultiGauge.Row.of(Tags.of("table", table,
            "region", h.region().encodedName(), "op", op), n)));
      }
      byRegion.register(rows, true);
    });
  }

  /** The gauges of the server's regions, tables and cache; {@code load} reads them all. */
  void bind(Supplier<ServerLoadProto> load, BlockCache cache) {
    Map<MetricDef, MultiGauge> gauges = new java.util.LinkedHashMap<>();
    for (MetricDef d : List.of(MetricCatalog.REGIONS, MetricCatalog.MEMSTORE_SIZE,
        MetricCatalog.STOREFILES, MetricCatalog.STOREFILE_SIZE, MetricCatalog.TABLE_REGIONS,
        MetricCatalog.TABLE_MEMSTORE_SIZE, MetricCatalog.TABLE_STOREFILES,
        MetricCatalog.TABLE_STOREFILE_SIZE, MetricCatalog.TABLE_READS,
        MetricCatalog.TABLE_WRITES, MetricCatalog.REGION_MEMSTORE_SIZE,
        MetricCatalog.REGION_STOREFILES, MetricCatalog.REGION_STOREFILE_SIZE,
        MetricCatalog.REGION_READS, MetricCatalog.REGION_WRITES)) {
      gauges.put(d, metrics.multiGauge(d));
    }
    metrics.beforeReading(() -> refreshRegions(load.get(), gauges));
    if (cache != null) {
      bindCache(cache);
    }
  }

  /** {@code events}, with flushes and compactions timed unless metrics are off. */
  io.strata.server.region.RegionEvents timed(StrataConfiguration conf,
      io.strata.server.region.RegionEvents events) {
    return conf.get(ServerKeys.METRICS_ENABLED) ? new TimedRegionEvents(events, metrics)
        : events;
  }

  /**
   * The gauges and counters of the server's flushes, compactions and WAL; the WAL's syncs are
   * timed unless metrics are off.
   */
  void bindWork(StrataConfiguration conf, io.strata.server.region.RegionFlusher flusher,
      io.strata.server.region.CompactionService compactions, io.strata.server.wal.Wal wal) {
    metrics.gauge(MetricCatalog.FLUSH_QUEUE, flusher, f -> f.queued());
    metrics.gauge(MetricCatalog.COMPACTION_QUEUE, compactions, c -> c.queued());
    metrics.gauge(MetricCatalog.WAL_FILES, wal, w -> w.fileCount());
    metrics.counter(MetricCatalog.WAL_SYNCS, wal, w -> w.syncCount());
    metrics.counter(MetricCatalog.WAL_SYNCED_EDITS, wal, w -> w.syncedEditCount());
    splits = metrics.counter(MetricCatalog.SPLITS);
    if (!conf.get(ServerKeys.METRICS_ENABLED)) {
      return;
    }
    io.micrometer.core.instrument.Timer append = metrics.timer(MetricCatalog.WAL_APPEND_TIME);
    io.micrometer.core.instrument.Timer sync = metrics.timer(MetricCatalog.WAL_SYNC_TIME);
    io.micrometer.core.instrument.DistributionSummary batch =
        metrics.distribution(MetricCatalog.WAL_SYNC_BATCH);
    io.micrometer.core.instrument.Counter rolls = metrics.counter(MetricCatalog.WAL_ROLLS);
    wal.observe(new io.strata.server.wal.WalObserver() {
      @Override
      public void synced(int edits, long writeNanos, long syncNanos) {
        append.record(writeNanos, java.util.concurrent.TimeUnit.NANOSECONDS);
        sync.record(syncNanos, java.util.concurrent.TimeUnit.NANOSECONDS);
        batch.record(edits);
      }

      @Override
      public void rolled() {
        rolls.increment();
      }
    });
  }

  /** Counts a split this server made. */
  void splitDone() {
    io.micrometer.core.instrument.Counter c = splits;
    if (c != null) {
      c.increment();
    }
  }

  /** Starts sampling the status page's charts every {@code interval}. */
  void startHistory(java.time.Duration interval, Supplier<ServerLoadProto> load,
      BlockCache cache) {
    List<History.Series> series = new ArrayList<>();
    for (String op : List.of("get", "scanNext", "put", "multi")) {
      io.micrometer.core.instrument.Timer t = metrics.timer(MetricCatalog.REQUESTS, op);
      series.add(new History.Series(REQUESTS_CHART, op, t::count, true));
    }
    for (String op : List.of("get", "put")) {
      io.micrometer.core.instrument.Timer t = metrics.timer(MetricCatalog.REQUESTS, op);
      series.add(new History.Series(LATENCY_CHART, op, () -> p99Millis(t), false));
    }
    series.add(new History.Series(MEMORY_CHART, "memstores", () -> load.get()
        .getRegionsList().stream().mapToLong(RegionLoadProto::getMemstoreBytes).sum() / 1e6,
        false));
    if (cache != null) {
      series.add(new History.Series(MEMORY_CHART, "block cache", () -> cache.size() / 1e6,
          false));
    }
    info.keep(new History("regionserver", series, interval.toMillis()));
  }

  static final String REQUESTS_CHART = "Requests per second";
  static final String LATENCY_CHART = "Latency, 99th percentile";
  static final String MEMORY_CHART = "Memstores and block cache";
  static final Map<String, String> UNITS = Map.of(REQUESTS_CHART, "calls/s", LATENCY_CHART,
      "ms", MEMORY_CHART, "MB");

  static double p99Millis(io.micrometer.core.instrument.Timer t) {
    for (io.micrometer.core.instrument.distribution.ValueAtPercentile p
        : t.takeSnapshot().percentileValues()) {
      if (p.percentile() == 0.99) {
        return p.value(java.util.concurrent.TimeUnit.MILLISECONDS);
      }
    }
    return Double.NaN;
  }

  History history() {
    return info.history();
  }

  private static void refreshRegions(ServerLoadProto load, Map<MetricDef, MultiGauge> g) {
    Map<MetricDef, List<MultiGauge.Row<?>>> rows = new java.util.HashMap<>();
    g.keySet().forEach(d -> rows.put(d, new ArrayList<>()));
    Map<String, long[]> tables = new TreeMap<>();
    long memstore = 0;
    long files = 0;
    long fileBytes = 0;
    for (RegionLoadProto r : load.getRegionsList()) {
      RegionInfo info = SchemaCodec.fromProto(r.getRegion());
      String table = info.getTable().getNameAsString();
      Tags t = Tags.of("table", table, "region", info.getEncodedName());
      rows.get(MetricCatalog.REGION_MEMSTORE_SIZE).add(MultiGauge.Row.of(t,
          r.getMemstoreBytes()));
      rows.get(MetricCatalog.REGION_STOREFILES).add(MultiGauge.Row.of(t, r.getStoreFiles()));
      rows.get(MetricCatalog.REGION_STOREFILE_SIZE).add(MultiGauge.Row.of(t,
          r.getStoreFileBytes()));
      rows.get(MetricCatalog.REGION_READS).add(MultiGauge.Row.of(t, r.getReadRequests()));
      rows.get(MetricCatalog.REGION_WRITES).add(MultiGauge.Row.of(t, r.getWriteRequests()));
      long[] sum = tables.computeIfAbsent(table, k -> new long[6]);
      sum[0]++;
      sum[1] += r.getMemstoreBytes();
      sum[2] += r.getStoreFiles();
      sum[3] += r.getStoreFileBytes();
      sum[4] += r.getReadRequests();
      sum[5] += r.getWriteRequests();
      memstore += r.getMemstoreBytes();
      files += r.getStoreFiles();
      fileBytes += r.getStoreFileBytes();
    }
    MetricDef[] perTable = {MetricCatalog.TABLE_REGIONS, MetricCatalog.TABLE_MEMSTORE_SIZE,
        MetricCatalog.TABLE_STOREFILES, MetricCatalog.TABLE_STOREFILE_SIZE,
        MetricCatalog.TABLE_READS, MetricCatalog.TABLE_WRITES};
    tables.forEach((table, sum) -> {
      for (int i = 0; i < perTable.length; i++) {
        rows.get(perTable[i]).add(MultiGauge.Row.of(Tags.of("table", table), sum[i]));
      }
    });
    rows.get(MetricCatalog.REGIONS).add(MultiGauge.Row.of(Tags.empty(),
        load.getRegionsCount()));
    rows.get(MetricCatalog.MEMSTORE_SIZE).add(MultiGauge.Row.of(Tags.empty(), memstore));
    rows.get(MetricCatalog.STOREFILES).add(MultiGauge.Row.of(Tags.empty(), files));
    rows.get(MetricCatalog.STOREFILE_SIZE).add(MultiGauge.Row.of(Tags.empty(), fileBytes));
    g.forEach((d, gauge) -> gauge.register(rows.get(d), true));
  }

  private void bindCache(BlockCache cache) {
    for (CacheReport r : cache.report()) {
      String tier = r.tier();
      metrics.gauge(MetricCatalog.CACHE_SIZE, cache, c -> tier(c, tier).usedBytes(), tier);
      metrics.gauge(MetricCatalog.CACHE_FREE, cache, c -> tier(c, tier).freeBytes(), tier);
      metrics.gauge(MetricCatalog.CACHE_HIT_RATIO, r.stats(), s -> s.hitRatio(), tier);
      for (BlockCategory category : BlockCategory.values()) {
        String type = category.name().toLowerCase();
        metrics.gauge(MetricCatalog.CACHE_BLOCKS, r.stats(), s -> s.blocks(category), tier,
            type);
        metrics.counter(MetricCatalog.CACHE_HITS, r.stats(), s -> s.hits(category), tier, type);
        metrics.counter(MetricCatalog.CACHE_MISSES, r.stats(), s -> s.misses(category), tier,
            type);
        metrics.counter(MetricCatalog.CACHE_EVICTIONS, r.stats(), s -> s.evictions(category),
            tier, type);
      }
    }
  }

  private static CacheReport tier(BlockCache cache, String tier) {
    for (CacheReport r : cache.report()) {
      if (r.tier().equals(tier)) {
        return r;
      }
    }
    throw new IllegalStateException("no cache tier " + tier);
  }

  /** Serves the info port (strata.regionserver.info.port; -1: none). */
  void serveInfo(StrataConfiguration conf, String host, Map<String, Page> statusPages) {
    info.serve(conf, host, conf.get(CoreKeys.REGIONSERVER_INFO_PORT), statusPages);
  }

  /** The info port, or -1 when none is served. */
  int infoPort() {
    return info.port();
  }

  @Override
  public void close() {
    info.close();
  }
}
