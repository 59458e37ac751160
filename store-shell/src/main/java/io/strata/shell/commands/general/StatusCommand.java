package io.strata.shell.commands.general;

import io.strata.client.ClusterStatus;
import io.strata.common.schema.ServerName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.common.util.Bytes;
import java.io.PrintStream;
import java.util.Locale;

/** status: the cluster's masters, servers and load. */
public final class StatusCommand extends BaseCommand {
  public StatusCommand() {
    super("status", CommandGroup.GENERAL, """
        Shows the cluster's status: 'summary' (the default) in one line, 'simple' with each
        live server's load, 'detailed' with each region's load and the regions in transition.
        The regions are those the master has open now (a split's daughters and a moved region
        at once); their figures are from each server's last report.
          status
          status 'summary'
          status 'simple'
          status 'detailed'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 1);
    String format = args.has(0) ? args.string(0, "format") : "summary";
    if (!format.equals("summary") && !format.equals("simple") && !format.equals("detailed")) {
      throw new CommandException("status takes 'summary', 'simple' or 'detailed', got '"
          + format + "'");
    }
    ClusterStatus s = ctx.admin().getClusterStatus();
    PrintStream out = ctx.out();
    if (format.equals("summary")) {
      out.println(String.format(Locale.ROOT,
          "%d active master, %d backup masters, %d servers, %d dead, %.4f average load",
          s.master() == null ? 0 : 1, s.backupMasters().size(), s.liveServers().size(),
          s.deadServers().size(), s.averageLoad()));
      return null;
    }
    boolean detailed = format.equals("detailed");
    if (detailed) {
      out.println("version " + io.strata.common.Version.get());
      out.println(s.regionsInTransition().size() + " regionsInTransition");
      for (ClusterStatus.RegionInTransition rit : s.regionsInTransition()) {
        out.println("    " + Bytes.toStringBinary(rit.region().getRegionName()) + " state="
            + rit.state() + (rit.server() == null ? "" : ", server=" + rit.server()));
      }
    }
    out.println("active master:  " + (s.master() == null ? "none" : server(s.master())));
    out.println(s.backupMasters().size() + " backup masters");
    for (ServerName b : s.backupMasters()) {
      out.println("    " + server(b));
    }
    out.println(s.liveServers().size() + " live servers");
    long requests = 0;
    int regions = 0;
    for (ClusterStatus.ServerLoad l : s.liveServers()) {
      requests += l.requests();
      regions += l.regions();
      out.println("    " + server(l.server()));
      out.println("        requests=" + l.requests() + ", numberOfOnlineRegions=" + l.regions()
          + ", usedHeapMB=" + (l.usedHeapBytes() >> 20) + ", maxHeapMB="
          + (l.maxHeapBytes() >> 20) + ", numberOfStorefiles=" + l.storeFiles()
          + ", memstoreSizeMB=" + (l.memstoreBytes() >> 20));
      if (detailed) {
        for (ClusterStatus.RegionLoad r : l.regionLoads()) {
          out.println("        \"" + Bytes.toStringBinary(r.region().getRegionName()) + "\"");
          out.println("            numberOfStorefiles=" + r.storeFiles() + ", storefileSizeMB="
              + (r.storeFileBytes() >> 20) + ", memstoreSizeMB=" + (r.memstoreBytes() >> 20)
              + ", readRequestsCount=" + r.readRequests() + ", writeRequestsCount="
              + r.writeRequests());
        }
      }
    }
    out.println(s.deadServers().size() + " dead servers");
    for (ServerName d : s.deadServers()) {
      out.println("    " + server(d));
    }
    out.println("Aggregate load: " + requests + ", regions: " + regions);
    return null;
  }

  /** HBase's form: {@code host:port startcode}. */
  private static String server(ServerName sn) {
    return sn.getAddress() + " " + sn.startCode();
  }
}
