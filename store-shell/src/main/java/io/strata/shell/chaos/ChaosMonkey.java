package io.strata.shell.chaos;

import io.strata.client.ClusterStatus;
import io.strata.common.schema.ServerName;
import io.strata.shell.chaos.ClusterControl.Role;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Runs chaos actions one after another, drawn at random from a list, until the time or the
 * count runs out, logging each with its time; then brings back whatever is down (heals cut
 * hosts, starts killed servers) and checks that every server that was there at the start is
 * back and every user region serves.
 */
final class ChaosMonkey {
  /** Per action: how often it ran, did nothing (nothing to act on), failed. */
  record Tally(int done, int skipped, int failed) {}

  /**
   * The end of a run: each action's tally; the servers found down at the end though no action
   * had taken them down (started again, but a failure of the run); whether the cluster came
   * back whole.
   */
  record Summary(Map<ChaosAction, Tally> tallies, List<String> downUnasked, boolean back,
      String missing) {}

  private final ChaosContext c;
  private final List<ChaosAction> actions;
  private final Duration pause;
  private final PrintStream log;

  ChaosMonkey(ChaosContext c, List<ChaosAction> actions, Duration pause, PrintStream log) {
    if (actions.isEmpty()) {
      throw new IllegalArgumentException("no action to run");
    }
    this.c = c;
    this.actions = actions;
    this.pause = pause;
    this.log = log;
  }

  Summary run(Duration duration, int maxActions) throws IOException {
    ClusterStatus before = c.view.status();
    Set<String> regionServers = new TreeSet<>();
    before.liveServers().forEach(s -> regionServers.add(s.server().host()));
    Set<String> masterHosts = masterHosts(before);
    int masters = masterHosts.size();
    log("start: " + regionServers.size() + " region server(s) " + regionServers + ", "
        + masters + " master(s); actions " + actions.stream().map(ChaosAction::label).toList());
    Map<ChaosAction, int[]> counts = new EnumMap<>(ChaosAction.class);
    long deadline = System.nanoTime() + duration.toNanos();
    int ran = 0;
    while (System.nanoTime() < deadline && ran < maxActions) {
      ChaosAction a = c.pick(actions);
      int[] n = counts.computeIfAbsent(a, k -> new int[3]);
      long start = System.nanoTime();
      log(a.label() + " ...");
      try {
        ActionResult r = a.run(c);
        n[r.skipped() ? 1 : 0]++;
        log(a.label() + (r.skipped() ? " skipped: " : " done: ") + r.text() + " ("
            + (System.nanoTime() - start) / 1_000_000 + " ms)");
      } catch (io.strata.common.error.DoNotRetryException e) {
        // The cluster said no (a region already splitting, one too small to split): that is
        // the cluster working, not failing.
        n[1]++;
        log(a.label() + " refused: " + e.getMessage());
      } catch (IOException | RuntimeException e) {
        n[2]++;
        log(a.label() + " FAILED after " + (System.nanoTime() - start) / 1_000_000 + " ms: "
            + e.getMessage());
      }
      ran++;
      long left = deadline - System.nanoTime();
      if (left > 0 && ran < maxActions) {
        ServerActions.sleep(Duration.ofNanos(Math.min(left, pause.toNanos())));
      }
    }
    List<String> downUnasked = new java.util.ArrayList<>();
    String missing = restore(regionServers, masterHosts, downUnasked);
    Map<ChaosAction, Tally> tallies = new EnumMap<>(ChaosAction.class);
    counts.forEach((a, n) -> tallies.put(a, new Tally(n[0], n[1], n[2])));
    return new Summary(tallies, downUnasked, missing == null, missing);
  }

  private static Set<String> masterHosts(ClusterStatus st) {
    Set<String> hosts = new TreeSet<>();
    if (st.master() != null) {
      hosts.add(st.master().host());
    }
    st.backupMasters().forEach(m -> hosts.add(m.host()));
    return hosts;
  }

  /**
   * Brings back what the run left down and waits for the cluster to be whole again; returns
   * null when it is, or what is missing.
   */
  private String restore(Set<String> regionServers, Set<String> masterHosts,
      List<String> downUnasked) {
    try {
      for (String host : List.copyOf(c.cutHosts)) {
        log("restore: healing the link of " + host);
        c.links.heal(host);
        c.cutHosts.remove(host);
      }
      for (String host : List.copyOf(c.downMasters)) {
        log("restore: starting the master on " + host);
        c.control.start(Role.MASTER, host);
        c.downMasters.remove(host);
      }
      for (String host : List.copyOf(c.downRegionServers)) {
        if (c.view.regionServerOn(host) == null) {
          log("restore: starting the region server on " + host);
          ServerActions.restartRegionServer(c, host);
        }
        c.downRegionServers.remove(host);
      }
      // A server down though no action took it down failed on its own: bring it back all the
      // same, and report it.
      for (String host : regionServers) {
        if (c.view.regionServerOn(host) == null) {
          log("restore: the region server on " + host + " is down though no action took it "
              + "down; starting it");
          downUnasked.add("region server on " + host);
          ServerActions.restartRegionServer(c, host);
        }
      }
      try { // a master just started registers within moments
        ClusterView.await("the masters to register", java.time.Duration.ofSeconds(30),
            () -> masterHosts(c.view.status()).containsAll(masterHosts));
      } catch (IOException notAll) {
        // some are down: started below
      }
      Set<String> mastersUp = masterHosts(c.view.status());
      for (String host : masterHosts) {
        if (!mastersUp.contains(host)) {
          log("restore: the master on " + host + " is down though no action took it down; "
              + "starting it");
          downUnasked.add("master on " + host);
          c.control.start(Role.MASTER, host);
        }
      }
      ClusterView.await("every region server of the start to be live", c.waitTimeout, () -> {
        Set<String> live = new TreeSet<>();
        for (ServerName s : c.view.liveRegionServers()) {
          live.add(s.host());
        }
        return live.containsAll(regionServers);
      });
      ClusterView.await(masterHosts.size() + " master(s) to be up", c.waitTimeout,
          () -> masterHosts(c.view.status()).containsAll(masterHosts));
      c.view.awaitServed(c.view.userRegions(), c.waitTimeout);
      log("end: every server is back and every user region serves");
      return null;
    } catch (IOException | RuntimeException e) {
      log("end: the cluster is not whole: " + e.getMessage());
      return e.getMessage();
    }
  }

  private void log(String line) {
    log.println(Instant.now().truncatedTo(ChronoUnit.MILLIS) + " " + line);
    log.flush();
  }
}
