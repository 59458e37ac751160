package io.strata.shell.commands.tools;

import io.strata.client.Admin;
import io.strata.client.ClusterStatus;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.TableRef;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a tool command's first argument names: a table, a live region server, or a region (full
 * or encoded name), tried in that order as HBase does.
 */
final class Targets {
  private Targets() {}

  /**
   * The table argument {@code i} names: a table reference, or the name of an existing table;
   * null when the argument names something else (a region or server).
   */
  static TableName table(Admin admin, Args args, int i) throws IOException {
    if (args.get(i) instanceof TableRef ref) {
      return ref.name();
    }
    String text = args.string(i, "table, region or server name");
    TableName t;
    try {
      t = TableName.valueOf(text);
    } catch (IllegalArgumentException e) {
      return null;
    }
    return admin.tableExists(t) ? t : null;
  }

  /** The encoded names of the regions of the live server named, or null if none is named. */
  static List<String> serverRegions(Admin admin, String text) throws IOException {
    ServerName sn;
    try {
      sn = ServerName.parse(text);
    } catch (IllegalArgumentException e) {
      return null;
    }
    for (ClusterStatus.ServerLoad load : admin.getClusterStatus().liveServers()) {
      if (load.server().equals(sn)) {
        List<String> out = new ArrayList<>();
        load.regionLoads().forEach(r -> out.add(r.region().getEncodedName()));
        return out;
      }
    }
    return null;
  }
}
