package io.strata.server.regionserver;

import io.strata.common.proto.AdminProtos.RegionLoadProto;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.util.Bytes;
import io.strata.server.http.HtmlPage;
import io.strata.server.http.Page;
import java.util.LinkedHashMap;
import java.util.Map;

/** A region server's status page: its regions with their sizes and requests, plain HTML. */
final class RegionServerPages {
  private RegionServerPages() {}

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
    return p.render();
  }
}
