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
