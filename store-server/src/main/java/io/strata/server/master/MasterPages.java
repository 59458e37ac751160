package io.strata.server.master;

import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import io.strata.server.http.HtmlPage;
import io.strata.server.http.Page;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The master's status page: live region servers with their load, tables with their regions,
 * regions in transition and dead servers, plain HTML.
 */
final class MasterPages {
  private MasterPages() {}

  static Map<String, Page> of(Master master) {
    Map<String, Page> pages = new LinkedHashMap<>();
    pages.put("/", (method, path, params) -> {
      if (!path.equals("/")) {
        return Page.Answer.text(404, "no page " + path + " here; see / for what there is\n");
      }
      return Page.Answer.ok("text/html; charset=utf-8", status(master));
    });
    return pages;
  }

  static String status(Master master) {
    HtmlPage p = new HtmlPage("Master " + master.serverName());
    p.section("Master");
    p.facts(Map.of("name", String.valueOf(master.serverName()),
        "state", master.isActive() ? "active" : "backup (waiting to take over)"));
    ServerManager servers = master.servers();
    p.section("Region servers");
    p.tableStart("server", "regions", "requests", "heap used", "last report");
    for (ServerName s : servers.liveServers()) {
      ServerLoadProto load = servers.load(s);
      if (load == null) {
        p.row(s.toString(), "-", "-", "-", "not yet");
      } else {
        p.row(s.toString(), Integer.toString(load.getRegionsCount()),
            Long.toString(load.getRequests()), HtmlPage.bytes(load.getUsedHeapBytes())
                + " of " + HtmlPage.bytes(load.getMaxHeapBytes()),
            java.time.Instant.ofEpochMilli(load.getReportMillis()).toString());
      }
    }
    p.tableEnd();
    Map<TableName, int[]> tables = new TreeMap<>();
    master.tableDescriptors().keySet().forEach(t -> tables.put(t, new int[2]));
    p.section("Regions in transition");
    p.tableStart("region", "table", "state", "server");
    for (RegionStates.Node n : master.regionStates().all()) {
      int[] c = tables.computeIfAbsent(n.region().getTable(), t -> new int[2]);
      c[0]++;
      if (n.state() == RegionState.OPEN) {
        c[1]++;
      }
      if (n.state() == RegionState.OPENING || n.state() == RegionState.CLOSING
          || n.state() == RegionState.FAILED_OPEN) {
        p.row(n.region().getEncodedName(), n.region().getTable().getNameAsString(),
            n.state().name(), String.valueOf(n.server()));
      }
    }
    p.tableEnd();
    p.section("Tables");
    p.tableStart("table", "regions", "open");
    tables.forEach((t, c) -> p.row(t.getNameAsString(), Integer.toString(c[0]),
        Integer.toString(c[1])));
    p.tableEnd();
    p.section("Dead region servers");
    p.tableStart("server");
    servers.deadServers().forEach(s -> p.row(s.toString()));
    p.tableEnd();
    return p.render();
  }

}
