package io.strata.shell.chaos;

import io.strata.client.ClusterStatus;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.shell.chaos.ClusterControl.Role;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The actions on processes and hosts: kill -9 and restart a region server or the active
 * master, restart a region server gracefully, cut a region server's host off and heal it. Each
 * waits for the cluster to recover before it returns, and says how long that took.
 */
final class ServerActions {
  private ServerActions() {}

  static ActionResult killRegionServer(ChaosContext c) throws IOException {
    List<ServerName> live = c.view.liveRegionServers();
    if (live.size() < 2) {
      return ActionResult.skipped("fewer than 2 region servers are live");
    }
    ServerName victim = c.pick(live);
    List<RegionInfo> held = c.view.regionsOn(victim);
    c.downRegionServers.add(victim.host());
    long start = System.nanoTime();
    c.control.kill(Role.REGIONSERVER, victim.host());
    c.view.awaitServed(held, c.waitTimeout);
    long servedMillis = (System.nanoTime() - start) / 1_000_000;
    restartRegionServer(c, victim.host());
    return ActionResult.done("killed " + victim + " (kill -9); its " + held.size()
        + " region(s) served again " + servedMillis + " ms later; restarted it");
  }

  static ActionResult killMaster(ChaosContext c) throws IOException {
    ClusterStatus st = c.view.status();
    ServerName master = st.master();
    if (master == null) {
      return ActionResult.skipped("no active master");
    }
    c.downMasters.add(master.host());
    long start = System.nanoTime();
    c.control.kill(Role.MASTER, master.host());
    String how;
    if (!st.backupMasters().isEmpty()) {
      ClusterView.await("a backup master to take over from " + master, c.waitTimeout, () -> {
        ServerName now = c.view.status().master();
        return now != null && !now.equals(master);
      });
      how = "a backup master took over " + (System.nanoTime() - start) / 1_000_000 + " ms later";
      c.control.start(Role.MASTER, master.host());
    } else {
      c.control.start(Role.MASTER, master.host());
      ClusterView.await("the restarted master to serve", c.waitTimeout,
          () -> c.view.status().master() != null);
      how = "it served again " + (System.nanoTime() - start) / 1_000_000 + " ms later";
    }
    c.downMasters.remove(master.host());
    return ActionResult.done("killed master " + master + " (kill -9); " + how
        + "; restarted it");
  }

  static ActionResult gracefulRestart(ChaosContext c) throws IOException {
    List<ServerName> live = c.view.liveRegionServers();
    if (live.size() < 2) {
      return ActionResult.skipped("fewer than 2 region servers are live");
    }
    ServerName s = c.pick(live);
    long start = System.nanoTime();
    c.downRegionServers.add(s.host());
    c.control.gracefulRestart(s.host());
    ClusterView.await("the region server on " + s.host() + " to register again",
        c.waitTimeout, () -> c.view.regionServerOn(s.host()) != null);
    c.downRegionServers.remove(s.host());
    return ActionResult.done("restarted " + s + " gracefully (regions moved away and back) in "
        + (System.nanoTime() - start) / 1_000_000 + " ms");
  }

  static ActionResult cutOff(ChaosContext c) throws IOException {
    List<ServerName> live = c.view.liveRegionServers();
    List<ServerName> cuttable = new ArrayList<>();
    for (ServerName s : live) {
      if (c.links.canCut(s.host())) {
        cuttable.add(s);
      }
    }
    if (live.size() < 2 || cuttable.isEmpty()) {
      return ActionResult.skipped(cuttable.isEmpty() ? "no region server's host is in a "
          + "network namespace of this machine" : "fewer than 2 region servers are live");
    }
    ServerName victim = c.pick(cuttable);
    List<RegionInfo> held = c.view.regionsOn(victim);
    c.cutHosts.add(victim.host());
    c.downRegionServers.add(victim.host());
    long start = System.nanoTime();
    c.links.cut(victim.host());
    ClusterView.await("the master to declare " + victim + " dead",
        c.sessionTimeout.multipliedBy(3).plus(c.waitTimeout),
        () -> !c.view.liveRegionServers().contains(victim));
    long deadMillis = (System.nanoTime() - start) / 1_000_000;
    c.view.awaitServed(held, c.waitTimeout);
    long servedMillis = (System.nanoTime() - start) / 1_000_000;
    c.links.heal(victim.host());
    c.cutHosts.remove(victim.host());
    restartRegionServer(c, victim.host()); // it aborts once it hears its session expired
    return ActionResult.done("cut " + victim.host() + " off; " + victim + " declared dead "
        + deadMillis + " ms later, its " + held.size() + " region(s) served again after "
        + servedMillis + " ms; healed the link and restarted the server");
  }

  /**
   * Starts the region server on {@code host} again and waits until it registers. A server that
   * is still on its way out (aborting after its session expired) makes the start fail as
   * "already running": tried again until it has gone.
   */
  static void restartRegionServer(ChaosContext c, String host) throws IOException {
    long deadline = System.nanoTime() + c.waitTimeout.toNanos();
    while (true) {
      try {
        c.control.start(Role.REGIONSERVER, host);
        break;
      } catch (IOException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        sleep(Duration.ofSeconds(1));
      }
    }
    ClusterView.await("the region server on " + host + " to register", c.waitTimeout,
        () -> c.view.regionServerOn(host) != null);
    c.downRegionServers.remove(host);
  }

  static void sleep(Duration d) throws IOException {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted");
    }
  }
}
