package io.strata.server.master;

import io.strata.common.proto.AdminProtos.RegionLoadProto;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.http.HtmlPage;
import io.strata.server.http.Page;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The master's status pages, plain HTML with charts drawn as SVG: {@code /} (region servers
 * with their load and version, tables with their regions and sizes, regions in transition,
 * procedures, backup and dead servers) and {@code /table?name=T} (a table's regions, each with
 * its server, size, store files and request rate).
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
    pages.put("/table", (method, path, params) -> {
      String name = Page.param(params, "name");
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("name the table: /table?name=t1");
      }
      TableName t;
      try {
        t = TableName.valueOf(name);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("'" + name + "' is not a table name: "
            + e.getMessage());
      }
      if (!master.tableDescriptors().containsKey(t)) {
        return Page.Answer.text(404, "no table " + name + "; the master's page lists them\n");
      }
      return Page.Answer.ok("text/html; charset=utf-8", table(master, t));
    });
    return pages;
  }

  /**
   * A region's latest load from its server's report, and its requests a second between that
   * report and the one before (NaN when there is only one).
   */
  record Load(RegionLoadProto latest, double requestsPerSecond) {}

  /** The latest load of every region reported, by encoded name. */
  static Map<String, Load> regionLoads(ServerManager servers) {
    Map<String, Load> out = new HashMap<>();
    for (ServerName s : servers.liveServers()) {
      ServerLoadProto now = servers.load(s);
      if (now == null) {
        continue;
      }
      ServerLoadProto before = servers.previousLoad(s);
      Map<String, RegionLoadProto> old = new HashMap<>();
      double seconds = before == null ? 0
          : (now.getReportMillis() - before.getReportMillis()) / 1000.0;
      if (seconds > 0) {
        before.getRegionsList().forEach(r -> old.put(encoded(r), r));
      }
      for (RegionLoadProto r : now.getRegionsList()) {
        RegionLoadProto o = old.get(encoded(r));
        double rate = o == null ? Double.NaN : Math.max(0, r.getReadRequests()
            + r.getWriteRequests() - o.getReadRequests() - o.getWriteRequests()) / seconds;
        out.put(encoded(r), new Load(r, rate));
      }
    }
    return out;
  }

  static String encoded(RegionLoadProto r) {
    return SchemaCodec.fromProto(r.getRegion()).getEncodedName();
  }

  static String status(Master master) {
    HtmlPage p = new HtmlPage("Master " + master.serverName());
    p.facts(Map.of("name", String.valueOf(master.serverName()),
        "state", master.isActive() ? "active" : "backup (waiting to take over)",
        "version", io.strata.common.Version.get()));
    if (master.history() != null) {
      p.charts(master.history().charts(), MasterMetrics.UNITS);
    }
    ServerManager servers = master.servers();
    p.section("Region servers");
    p.tableStart("server", "version", "regions", "requests", "heap used", "last report");
    for (ServerName s : servers.liveServers()) {
      ServerLoadProto load = servers.load(s);
      if (load == null) {
        p.row(s.toString(), "-", "-", "-", "-", "not yet");
      } else {
        p.row(s.toString(), load.getVersion(), Integer.toString(load.getRegionsCount()),
            Long.toString(load.getRequests()), HtmlPage.bytes(load.getUsedHeapBytes())
                + " of " + HtmlPage.bytes(load.getMaxHeapBytes()),
            java.time.Instant.ofEpochMilli(load.getReportMillis()).toString());
      }
    }
    p.tableEnd();

    Map<String, Load> loads = regionLoads(servers);
    Map<TableName, long[]> tables = new TreeMap<>();
    master.tableDescriptors().keySet().forEach(t -> tables.put(t, new long[3]));
    for (RegionStates.Node n : master.states().all()) {
      long[] c = tables.computeIfAbsent(n.region().getTable(), t -> new long[3]);
      c[0]++;
      if (n.state() == RegionState.OPEN) {
        c[1]++;
      }
      Load l = loads.get(n.region().getEncodedName());
      if (l != null) {
        c[2] += l.latest().getStoreFileBytes() + l.latest().getMemstoreBytes();
      }
    }
    p.section("Tables");
    p.tableStart("table", "regions", "open", "size");
    tables.forEach((t, c) -> p.rowHtml(HtmlPage.link("/table?name=" + t.getNameAsString(),
        t.getNameAsString()), Long.toString(c[0]), Long.toString(c[1]),
        HtmlPage.escape(HtmlPage.bytes(c[2]))));
    p.tableEnd();

    p.section("Regions in transition");
    p.tableStart("region", "table", "state", "server");
    for (RegionStates.Node n : master.states().all()) {
      if (RegionStates.inTransition(n.state())) {
        p.row(n.region().getEncodedName(), n.region().getTable().getNameAsString(),
            n.state().name(), String.valueOf(n.server()));
      }
    }
    p.tableEnd();
    p.section("Procedures running");
    p.tableStart("id", "procedure");
    master.runningProcedures().forEach((id, what) -> p.row(Long.toString(id), what));
    p.tableEnd();
    p.section("Backup masters");
    p.tableStart("master");
    master.backupMasters().forEach(s -> p.row(s.toString()));
    p.tableEnd();
    p.section("Dead region servers");
    p.tableStart("server");
    servers.deadServers().forEach(s -> p.row(s.toString()));
    p.tableEnd();
    return p.render();
  }

  static String table(Master master, TableName t) {
    HtmlPage p = new HtmlPage("Table " + t.getNameAsString());
    ServerManager servers = master.servers();
    Map<String, Load> loads = regionLoads(servers);
    List<RegionStates.Node> regions = master.states().ofTable(t);
    p.facts(Map.of("regions", Integer.toString(regions.size()),
        "families", master.tableDescriptors().get(t).getColumnFamilies().stream()
            .map(f -> f.getNameAsString()).reduce((a, b) -> a + ", " + b).orElse("")));
    p.section("Regions");
    p.tableStart("region", "start key", "end key", "server", "state", "store files",
        "store file size", "memstore", "reads", "writes", "requests/s");
    for (RegionStates.Node n : regions) {
      RegionInfo r = n.region();
      Load l = loads.get(r.getEncodedName());
      RegionLoadProto x = l == null ? null : l.latest();
      p.row(r.getEncodedName(), Bytes.toStringBinary(r.getStartKey()),
          Bytes.toStringBinary(r.getEndKey()), String.valueOf(n.server()), n.state().name(),
          x == null ? "-" : Integer.toString(x.getStoreFiles()),
          x == null ? "-" : HtmlPage.bytes(x.getStoreFileBytes()),
          x == null ? "-" : HtmlPage.bytes(x.getMemstoreBytes()),
          x == null ? "-" : Long.toString(x.getReadRequests()),
          x == null ? "-" : Long.toString(x.getWriteRequests()),
          l == null || Double.isNaN(l.requestsPerSecond()) ? "-"
              : String.format(Locale.ROOT, "%.1f", l.requestsPerSecond()));
    }
    p.tableEnd();
    return p.render();
  }
}
