package io.strata.server.master;

import io.strata.common.proto.AdminProtos.RegionLoadProto;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableState;
import io.strata.server.master.balancer.BalancerRegion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the balancer weighs, read from the master's state: every region open on a live server,
 * movable unless it is meta or its table is not ENABLED, with its read and write rates (the
 * change between the server's last two load reports) and, on HDFS, where its data lies
 * ({@link HdfsLocality}).
 */
final class BalancerInput {
  private final Master master;
  private final HdfsLocality locality;

  BalancerInput(Master master) {
    this.master = master;
    this.locality = HdfsLocality.of(master.fs(), master.root());
  }

  /** A load report's region, by encoded name. */
  static String encoded(RegionLoadProto r) {
    return SchemaCodec.fromProto(r.getRegion()).getEncodedName();
  }

  List<BalancerRegion> regions(List<ServerName> live) {
    Map<String, double[]> rates = new HashMap<>();
    for (ServerName s : live) {
      ServerLoadProto now = master.servers().load(s);
      ServerLoadProto before = master.servers().previousLoad(s);
      if (now == null || before == null || now.getReportMillis() <= before.getReportMillis()) {
        continue;
      }
      double seconds = (now.getReportMillis() - before.getReportMillis()) / 1000.0;
      Map<String, RegionLoadProto> earlier = new HashMap<>();
      before.getRegionsList().forEach(r -> earlier.put(encoded(r), r));
      for (RegionLoadProto r : now.getRegionsList()) {
        RegionLoadProto e = earlier.get(encoded(r));
        if (e != null) {
          rates.put(encoded(r), new double[] {
              Math.max(0, r.getReadRequests() - e.getReadRequests()) / seconds,
              Math.max(0, r.getWriteRequests() - e.getWriteRequests()) / seconds});
        }
      }
    }
    java.util.Set<ServerName> liveSet = new java.util.HashSet<>(live);
    List<String> hosts = live.stream().map(ServerName::host).distinct().toList();
    List<BalancerRegion> out = new ArrayList<>();
    for (RegionStates.Node n : master.states().all()) {
      if (n.state() != RegionState.OPEN || !liveSet.contains(n.server())) {
        continue;
      }
      RegionInfo r = n.region();
      boolean movable = !r.isMetaRegion()
          && master.tableState(r.getTable()) == TableState.ENABLED;
      double[] rate = rates.getOrDefault(r.getEncodedName(), new double[2]);
      out.add(new BalancerRegion(r, n.server(), movable, rate[0], rate[1],
          locality.byHost(r, master.descriptor(r.getTable()), hosts)));
    }
    return out;
  }
}
