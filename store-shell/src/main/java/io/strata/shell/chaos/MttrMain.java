package io.strata.shell.chaos;

import io.strata.client.Admin;
import io.strata.client.BufferedMutator;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Put;
import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.shell.options.ToolOptions;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.shell.chaos.ClusterControl.Role;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * {@code bin/strata mttr}: the time to recover from a region server's crash, measured as users
 * see it. Under a steady write and read load, it kills a region server with kill -9, times how
 * long until every region it held answers a read again (the MTTR), notes the clients' longest
 * time without a successful operation, restarts the server and balances, and does it again.
 * At the end it reads back every acknowledged write. Exit status 0 when nothing was lost.
 */
public final class MttrMain {
  private MttrMain() {}

  public static void main(String[] args) {
    System.exit(run(args, StrataConfiguration.create(), null, System.out, System.err));
  }

  static String usage() {
    return "Usage: bin/strata mttr [--kills=20] [--table=mttr] [--regions=30] [--rows=100000]\n"
        + "                        [--writers=2] [--readers=2] [--settle=10s] [--seed=N]\n"
        + "  kills a region server (kill -9, through bin/strata regionserver kill --host) under\n"
        + "  load, --kills times, each time printing the time until every region it held\n"
        + "  serves again and the clients' longest gap; then the median and 99th percentile,\n"
        + "  and checks every acknowledged write. --rows are loaded first into a table of\n"
        + "  --regions regions (created if absent); --settle is the pause after each restart.\n";
  }

  public static int run(String[] args, StrataConfiguration conf, ClusterControl control,
      PrintStream out, PrintStream err) {
    ToolOptions o;
    try {
      o = ToolOptions.parse(args, Set.of("kills", "table", "regions", "rows", "writers",
          "readers", "settle", "seed"));
      if (o.help()) {
        out.print(usage());
        return 0;
      }
      o.noWords();
      o.pause("settle", Duration.ZERO);
      o.longValue("kills", 20, 1);
      o.longValue("regions", 30, 1);
      o.longValue("rows", 100_000, 1);
      o.intValue("writers", 2, 0, 64);
      o.intValue("readers", 2, 0, 64);
      if (control == null) {
        control = LauncherControl.fromSystem(out);
      }
    } catch (ToolOptions.BadUsage | IllegalArgumentException e) {
      err.println("bin/strata mttr: " + e.getMessage());
      err.print(usage());
      return 2;
    }
    try (Connection conn = ConnectionFactory.createConnection(conf);
        ClusterView view = new ClusterView(conn)) {
      return measure(o, conf, control, conn, view, out);
    } catch (IOException | RuntimeException e) {
      err.println("bin/strata mttr: " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    }
  }

  private static int measure(ToolOptions o, StrataConfiguration conf, ClusterControl control,
      Connection conn, ClusterView view, PrintStream out)
      throws IOException, InterruptedException {
    TableName table = TableName.valueOf(o.string("table", "mttr"));
    long rows = o.longValue("rows", 100_000, 1);
    int kills = (int) o.longValue("kills", 20, 1);
    Duration settle = o.pause("settle", Duration.ofSeconds(10));
    ChaosContext c = new ChaosContext(view, control, new HostLinks(),
        new Random(o.longValue("seed", 42, 0)), conf.get(CoreKeys.ZOOKEEPER_SESSION_TIMEOUT));
    prepare(view.admin(), conn, table, (int) o.longValue("regions", 30, 1), rows, out);
    List<Long> mttrs = new ArrayList<>();
    List<Long> gaps = new ArrayList<>();
    SteadyLoad load = new SteadyLoad(conn, table, rows);
    try {
      load.start(o.intValue("writers", 2, 0, 64), o.intValue("readers", 2, 0, 64));
      ServerActions.sleep(settle);
      for (int k = 1; k <= kills; k++) {
        List<ServerName> live = view.liveRegionServers();
        if (live.size() < 2) {
          throw new IOException("fewer than 2 region servers are live; start more");
        }
        ServerName victim = live.get(k % live.size());
        List<RegionInfo> held = view.regionsOn(victim);
        load.resetGap();
        long start = System.nanoTime();
        control.kill(Role.REGIONSERVER, victim.host());
        view.awaitServed(held, c.waitTimeout);
        long mttr = (System.nanoTime() - start) / 1_000_000;
        ServerActions.sleep(Duration.ofSeconds(2)); // clients finish the retries under way
        long gap = load.longestGapMillis();
        mttrs.add(mttr);
        gaps.add(gap);
        out.printf("kill %d/%d: %s held %d region(s); every one served again after %.2f s; "
            + "the clients' longest gap %.2f s%n", k, kills, victim, held.size(), mttr / 1000.0,
            gap / 1000.0);
        ServerActions.restartRegionServer(c, victim.host());
        view.admin().balance();
        ServerActions.sleep(settle);
      }
    } finally {
      load.close();
    }
    out.printf("MTTR (kill -9 to every region serving) over %d kills: median %.2f s, 99th "
        + "percentile %.2f s, max %.2f s%n", mttrs.size(), pct(mttrs, 50) / 1000.0,
        pct(mttrs, 99) / 1000.0, pct(mttrs, 100) / 1000.0);
    out.printf("clients' longest gap: median %.2f s, 99th percentile %.2f s%n",
        pct(gaps, 50) / 1000.0, pct(gaps, 99) / 1000.0);
    long[] lostAndChecked = load.verifyAcknowledged();
    out.println("acknowledged writes read back: " + lostAndChecked[1] + ", lost: "
        + lostAndChecked[0] + "; reads of loaded rows that found nothing: "
        + load.missingReads() + "; operations " + load.operations() + ", failed after "
        + "retries " + load.failures());
    return lostAndChecked[0] == 0 && load.missingReads() == 0 ? 0 : 1;
  }

  /** Creates the table if absent (split evenly over the loaded rows) and loads its rows. */
  private static void prepare(Admin admin, Connection conn, TableName table, int regions,
      long rows, PrintStream out) throws IOException {
    if (admin.tableExists(table)) {
      return;
    }
    byte[][] splits = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      splits[i - 1] = SteadyLoad.loadedRow(rows * i / regions);
    }
    admin.createTable(TableDescriptor.newBuilder(table)
        .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(), splits);
    try (BufferedMutator m = conn.getBufferedMutator(table)) {
      for (long i = 0; i < rows; i++) {
        m.mutate(new Put(SteadyLoad.loadedRow(i)).addColumn(SteadyLoad.FAMILY,
            SteadyLoad.QUALIFIER, Bytes.toBytes(i)));
      }
    }
    out.println("created " + table + " with " + regions + " regions and " + rows + " rows");
  }

  /** The nearest-rank percentile of the values (100: the largest). */
  static long pct(List<Long> values, int p) {
    if (values.isEmpty()) {
      return 0;
    }
    List<Long> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int rank = (int) Math.ceil(p / 100.0 * sorted.size());
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
  }
}
