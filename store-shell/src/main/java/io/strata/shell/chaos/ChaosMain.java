package io.strata.shell.chaos;

import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.shell.options.ToolOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * {@code bin/strata chaos}: the chaos monkey against a live cluster (see {@link ChaosMonkey}).
 * Exit status 0 when every action that ran worked and the cluster is whole at the end, 1
 * otherwise, 2 for a command line it cannot run.
 */
public final class ChaosMain {
  private ChaosMain() {}

  public static void main(String[] args) {
    System.exit(run(args, StrataConfiguration.create(), null, System.out, System.err));
  }

  static String usage() {
    return "Usage: bin/strata chaos [--policy=slow|fast|calm] [--duration=30m] [--actions=A,B]\n"
        + "                         [--count=N] [--pause=D] [--seed=N]\n"
        + "  --policy    slow: any action, one a minute (default); fast: one every 10 s;\n"
        + "              calm: region changes only, every 30 s\n"
        + "  --duration  how long to run (default 30m)\n"
        + "  --actions   only these, comma-separated: " + String.join(", ", ChaosAction.labels())
        + "\n"
        + "  --count     stop after this many actions\n"
        + "  --pause     time between actions, instead of the policy's\n"
        + "  --seed      the random seed, to repeat a run's choices\n"
        + "Region servers and masters are killed and started with bin/strata ROLE kill|start\n"
        + "--host HOST (ssh for other machines); cut-off needs hosts in network namespaces of\n"
        + "this machine. At the end, whatever is down is brought back and checked.\n";
  }

  /**
   * Runs the tool; {@code control} null means through bin/strata (the installation of
   * {@code -Dstrata.home}).
   */
  public static int run(String[] args, StrataConfiguration conf, ClusterControl control,
      PrintStream out, PrintStream err) {
    ToolOptions o;
    ChaosPolicy policy;
    List<ChaosAction> actions;
    Duration duration;
    Duration pause;
    long count;
    long seed;
    try {
      o = ToolOptions.parse(args, Set.of("policy", "duration", "actions", "count", "pause",
          "seed"));
      if (o.help()) {
        out.print(usage());
        return 0;
      }
      o.noWords();
      policy = ChaosPolicy.of(o.string("policy", "slow"));
      actions = new ArrayList<>();
      if (o.has("actions")) {
        for (String a : o.string("actions", "").split(",")) {
          actions.add(ChaosAction.of(a.trim()));
        }
      } else {
        actions.addAll(policy.actions());
      }
      duration = o.duration("duration", Duration.ofMinutes(30));
      pause = o.pause("pause", policy.pause());
      count = o.longValue("count", Long.MAX_VALUE, 1);
      seed = o.longValue("seed", System.nanoTime() & Long.MAX_VALUE, 0);
      if (control == null) {
        control = LauncherControl.fromSystem(out);
      }
    } catch (ToolOptions.BadUsage | IllegalArgumentException e) {
      err.println("bin/strata chaos: " + e.getMessage());
      err.print(usage());
      return 2;
    }
    out.println("chaos: policy " + policy.name().toLowerCase(java.util.Locale.ROOT)
        + ", duration " + duration.toSeconds() + " s, pause " + pause.toSeconds() + " s, seed "
        + seed);
    try (Connection conn = ConnectionFactory.createConnection(conf);
        ClusterView view = new ClusterView(conn)) {
      ChaosContext c = new ChaosContext(view, control, new HostLinks(), new Random(seed),
          conf.get(CoreKeys.ZOOKEEPER_SESSION_TIMEOUT));
      ChaosMonkey.Summary s = new ChaosMonkey(c, actions, pause, out).run(duration,
          (int) Math.min(Integer.MAX_VALUE, count));
      int failed = 0;
      out.println("action              done  skipped  failed");
      for (var e : s.tallies().entrySet()) {
        out.printf("%-18s %5d %8d %7d%n", e.getKey().label(), e.getValue().done(),
            e.getValue().skipped(), e.getValue().failed());
        failed += e.getValue().failed();
      }
      if (!s.downUnasked().isEmpty()) {
        out.println("down though no action took them down: " + s.downUnasked());
      }
      out.println("every server back: " + (s.back() ? "yes" : "no (" + s.missing() + ")"));
      return s.back() && failed == 0 && s.downUnasked().isEmpty() ? 0 : 1;
    } catch (IOException | RuntimeException e) {
      err.println("bin/strata chaos: " + e.getMessage());
      return 1;
    }
  }
}
