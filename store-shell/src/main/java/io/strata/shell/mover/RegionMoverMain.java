package io.strata.shell.mover;

import io.strata.client.Admin;
import io.strata.client.ClusterStatus;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.RegionLocation;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ServerName;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code bin/strata regionmover unload|load HOST[:PORT] [--file F]}, as HBase's RegionMover:
 * {@code unload} moves every region of the region server on HOST to the others, fewest regions
 * first, and writes their names to F; {@code load} moves the regions named in F back to the
 * server now on HOST (after a restart it has a new start code). {@code bin/strata graceful_stop}
 * runs both around a server's stop. Exit status 0 when every region moved, 1 when some did not,
 * 2 for a command line it cannot run.
 */
public final class RegionMoverMain {
  private static final long WAIT_MILLIS = 5 * 60_000;

  private RegionMoverMain() {}

  public static void main(String[] args) {
    System.exit(run(args, StrataConfiguration.create(), System.out, System.err));
  }

  static String usage() {
    return "Usage: bin/strata regionmover unload|load HOST[:PORT] [--file FILE]\n"
        + "  unload  move every region of the region server on HOST to the other servers and\n"
        + "          list them in FILE\n"
        + "  load    move the regions listed in FILE back to the region server on HOST\n"
        + "  FILE    default: regions-HOST in the current directory\n";
  }

  public static int run(String[] args, StrataConfiguration conf, PrintStream out,
      PrintStream err) {
    if (args.length != 2 && !(args.length == 4 && args[2].equals("--file"))) {
      err.print(usage());
      return 2;
    }
    String action = args[0];
    String target = args[1];
    Path file = Path.of(args.length == 4 ? args[3] : "regions-" + target.replace(':', '_'));
    if (!action.equals("unload") && !action.equals("load")) {
      err.println("bin/strata regionmover: say unload or load, not '" + action + "'");
      err.print(usage());
      return 2;
    }
    try (Connection conn = ConnectionFactory.createConnection(conf);
        Admin admin = conn.getAdmin()) {
      return action.equals("unload") ? unload(admin, target, file, out, err)
          : load(admin, target, file, out, err);
    } catch (IOException | RuntimeException e) {
      err.println("bin/strata regionmover: " + e.getMessage());
      return 1;
    }
  }

  /** The live server on {@code target} (host, or host:port), or null. */
  static ServerName find(ClusterStatus status, String target) {
    for (ClusterStatus.ServerLoad s : status.liveServers()) {
      ServerName n = s.server();
      if (target.equals(n.host()) || target.equals(n.getAddress())) {
        return n;
      }
    }
    return null;
  }

  private static int unload(Admin admin, String target, Path file, PrintStream out,
      PrintStream err) throws IOException {
    ClusterStatus status = admin.getClusterStatus();
    ServerName from = find(status, target);
    if (from == null) {
      err.println("bin/strata regionmover: no live region server on " + target
          + "; bin/strata shell -e status lists them");
      return 1;
    }
    Map<ServerName, Integer> load = new HashMap<>();
    List<String> regions = new ArrayList<>();
    for (ClusterStatus.ServerLoad s : status.liveServers()) {
      if (s.server().equals(from)) {
        s.regionLoads().forEach(r -> regions.add(r.region().getEncodedName()));
      } else {
        load.put(s.server(), s.regions());
      }
    }
    if (load.isEmpty() && !regions.isEmpty()) {
      err.println("bin/strata regionmover: " + from + " is the only live region server; start "
          + "another before moving its regions away");
      return 1;
    }
    Files.write(file, regions, StandardCharsets.UTF_8);
    int failed = 0;
    for (String region : regions) {
      ServerName to = load.entrySet().stream().min(Map.Entry.<ServerName, Integer>comparingByValue()
          .thenComparing(Map.Entry.comparingByKey(Comparator.naturalOrder()))).orElseThrow()
          .getKey();
      if (move(admin, region, to, err)) {
        load.merge(to, 1, Integer::sum);
      } else {
        failed++;
      }
    }
    out.println("Moved " + (regions.size() - failed) + " of " + regions.size() + " region(s) off "
        + from + "; their names are in " + file);
    return failed == 0 ? 0 : 1;
  }

  private static int load(Admin admin, String target, Path file, PrintStream out,
      PrintStream err) throws IOException {
    if (!Files.exists(file)) {
      err.println("bin/strata regionmover: " + file + " does not exist; it is written by "
          + "regionmover unload (or give --file)");
      return 2;
    }
    ServerName to = find(admin.getClusterStatus(), target);
    if (to == null) {
      err.println("bin/strata regionmover: no live region server on " + target
          + "; start it first");
      return 1;
    }
    List<String> regions = Files.readAllLines(file, StandardCharsets.UTF_8).stream()
        .filter(l -> !l.isBlank()).toList();
    int failed = 0;
    for (String region : regions) {
      if (!move(admin, region, to, err)) {
        failed++;
      }
    }
    out.println("Moved " + (regions.size() - failed) + " of " + regions.size()
        + " region(s) to " + to);
    return failed == 0 ? 0 : 1;
  }

  /** Moves {@code region} to {@code to} and waits until it is open there. */
  private static boolean move(Admin admin, String region, ServerName to, PrintStream err) {
    try {
      RegionLocation now = admin.getRegionLocation(region);
      if (to.equals(now.server())) {
        return true;
      }
      admin.move(region, to);
      long deadline = System.currentTimeMillis() + WAIT_MILLIS;
      while (System.currentTimeMillis() < deadline) {
        if (to.equals(admin.getRegionLocation(region).server())) {
          return true;
        }
        Thread.sleep(100);
      }
      err.println("region " + region + " did not open on " + to + " within "
          + WAIT_MILLIS / 1000 + " s");
      return false;
    } catch (IOException | RuntimeException e) {
      // A region split, merged or dropped since the list was made is not an error to stop for.
      err.println("region " + region + " not moved to " + to + ": " + e.getMessage());
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
