package io.strata.server.regionserver;

import io.strata.common.proto.AdminProtos.RegionLoadProto;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.util.Bytes;
import io.strata.server.http.HtmlPage;
import io.strata.server.http.Page;
import io.strata.server.metrics.SlowLog;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A region server's status page: its regions with their sizes and requests, and its slow calls,
 * plain HTML.
 */
final class RegionServerPages {
  private RegionServerPages() {}

  /** How many of the slow log's calls the page shows. */
  static final int SLOW_CALLS_SHOWN = 50;

  static String millis(long nanos) {
    return String.format(java.util.Locale.ROOT, "%.1f", nanos / 1e6);
  }

  static Map<String, Page> of(RegionServer server) {
    Map<String, Page> pages = new LinkedHashMap<>();
    pages.put("/", (method, path, params) -> {
      if (!path.equals("/")) {
        return Page.Answer.text(404, "no page " + path + " here; see / for what there is\n");
      }
      return Page.Answer.ok("text/html; charset=utf-8", status(server));
    });
    return pages;
  }

  static String status(RegionServer server) {
    ServerLoadProto load = server.load();
    HtmlPage p = new HtmlPage("Region server " + server.serverName());
    p.section("Server");
    p.facts(Map.of("name", String.valueOf(server.serverName()),
        "regions", Integer.toString(load.getRegionsCount()),
        "requests", Long.toString(load.getRequests()),
        "heap used", HtmlPage.bytes(load.getUsedHeapBytes()) + " of "
            + HtmlPage.bytes(load.getMaxHeapBytes())));
    if (server.history() != null) {
      p.charts(server.history().charts(), RegionServerMetrics.UNITS);
    }
    long memstore = load.getRegionsList().stream().mapToLong(RegionLoadProto::getMemstoreBytes)
        .sum();
    p.section("Memstores, WAL and queues");
    Map<String, String> facts = new java.util.TreeMap<>();
    facts.put("memstores", HtmlPage.bytes(memstore));
    io.strata.server.wal.Wal wal = server.wal();
    if (wal != null) {
      facts.put("WAL files", Integer.toString(wal.fileCount()));
      facts.put("WAL syncs", wal.syncCount() + " for " + wal.syncedEditCount() + " edits");
    }
    for (io.strata.server.rpc.CallKind k : io.strata.server.rpc.CallKind.values()) {
      String pool = k.name().toLowerCase(java.util.Locale.ROOT);
      facts.put("calls queued, " + pool, Integer.toString(server.rpcServer().queuedCalls(k)));
      facts.put("calls active, " + pool, Integer.toString(server.rpcServer().activeCalls(k)));
    }
    facts.put("connections", Integer.toString(server.rpcServer().openConnections()));
    p.facts(facts);
    if (server.blockCache() != null) {
      p.section("Block cache");
      p.tableStart("tier", "used", "free", "blocks", "hits", "misses", "hit ratio",
          "evictions");
      for (io.strata.server.cache.CacheReport r : server.blockCache().report()) {
        p.row(r.tier(), HtmlPage.bytes(r.usedBytes()), HtmlPage.bytes(r.freeBytes()),
            Long.toString(r.blockCount()), Long.toString(r.stats().hits()),
            Long.toString(r.stats().misses()),
            String.format(java.util.Locale.ROOT, "%.3f", r.stats().hitRatio()),
            Long.toString(r.stats().evictions()));
      }
      p.tableEnd();
    }
    p.section("Regions");
    p.tableStart("table", "region", "start key", "end key", "memstore", "store files",
        "store file size", "reads", "writes");
    for (RegionLoadProto r : load.getRegionsList()) {
      RegionInfo info = SchemaCodec.fromProto(r.getRegion());
      p.row(info.getTable().getNameAsString(), info.getEncodedName(),
          Bytes.toStringBinary(info.getStartKey()), Bytes.toStringBinary(info.getEndKey()),
          HtmlPage.bytes(r.getMemstoreBytes()), Integer.toString(r.getStoreFiles()),
          HtmlPage.bytes(r.getStoreFileBytes()), Long.toString(r.getReadRequests()),
          Long.toString(r.getWriteRequests()));
    }
    p.tableEnd();
    p.section("Slow calls (over strata.regionserver.slowlog.threshold), newest first");
    p.tableStart("start", "method", "queue ms", "processing ms", "response ms", "client",
        "user", "table", "region", "error", "parameter");
    for (SlowLog.Entry e : server.slowLog().query(SlowLog.Entry::slow, SLOW_CALLS_SHOWN)) {
      p.row(java.time.Instant.ofEpochMilli(e.startMillis()).toString(), e.method(),
          millis(e.queueNanos()), millis(e.processingNanos()), millis(e.responseNanos()),
          e.client(), String.valueOf(e.user()), e.tableName(), e.regionName(), e.error(),
          e.param());
    }
    p.tableEnd();
    return p.render();
  }
}
