package io.strata.server.master;

import io.strata.common.proto.AdminProtos.RegionLoadProto;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import java.util.HashMap;
import java.util.Map;

/**
 * A live server's load as {@code status} and {@code list_regions} show it: the regions the
 * master has open there now, each with the figures of the server's last report where that
 * report had it. A split's daughters are listed from the moment they open and its parent no
 * longer, a moved region on its new server at once, not after the servers' next reports.
 */
final class LiveServerLoad {
  private LiveServerLoad() {}

  static ServerLoadProto of(ServerName server, ServerLoadProto reported, RegionStates states) {
    Map<String, RegionLoadProto> byRegion = new HashMap<>();
    if (reported != null) {
      for (RegionLoadProto l : reported.getRegionsList()) {
        byRegion.put(SchemaCodec.fromProto(l.getRegion()).getEncodedName(), l);
      }
    }
    ServerLoadProto.Builder b = reported != null ? reported.toBuilder().clearRegions()
        : ServerLoadProto.newBuilder().setServer(SchemaCodec.toProto(server));
    states.all().stream()
        .filter(n -> n.state() == RegionState.OPEN && server.equals(n.server()))
        .sorted((x, y) -> x.region().compareTo(y.region()))
        .forEach(n -> {
          RegionLoadProto l = byRegion.get(n.region().getEncodedName());
          b.addRegions(l != null ? l : RegionLoadProto.newBuilder()
              .setRegion(SchemaCodec.toProto(n.region())).build());
        });
    return b.build();
  }
}
