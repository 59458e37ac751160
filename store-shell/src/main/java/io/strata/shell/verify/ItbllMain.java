package io.strata.shell.verify;

import io.strata.shell.options.ToolOptions;
import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * {@code bin/strata itbll generate|verify}: a linked-list check of lost writes, in the manner
 * of HBase's IntegrationTestBigLinkedList. {@code generate} writes circular lists whose nodes
 * only ever point at nodes the cluster acknowledged ({@link ItbllGenerator}); {@code verify}
 * scans them back and counts nodes referenced, unreferenced and undefined
 * ({@link ItbllVerifier}). Run generate, kill servers meanwhile with {@code bin/strata chaos},
 * then verify: any UNDEFINED key is an acknowledged write the cluster lost.
 *
 * <p>Exit status 0 when all went well, 1 when writing failed or verify found a problem, 2 for a
 * command line it cannot run.
 */
public final class ItbllMain {
  private static final String TOOL = "bin/strata itbll";
  private static final Set<String> GENERATE_OPTIONS =
      Set.of("table", "regions", "nodes", "width", "threads", "seed");
  private static final Set<String> VERIFY_OPTIONS = Set.of("table", "expect");
  private static final Set<String> ALL_OPTIONS =
      Set.of("table", "regions", "nodes", "width", "threads", "seed", "expect");

  private ItbllMain() {}

  public static void main(String[] args) {
    System.exit(run(args, StrataConfiguration.create(), System.out, System.err));
  }

  static String usage() {
    return "Usage: " + TOOL + " generate [--nodes=N] [--width=W] [--threads=T] [--seed=S]\n"
        + "                         [--regions=R] [--table=NAME]\n"
        + "       " + TOOL + " verify [--expect=N] [--table=NAME]\n"
        + "  generate   each of T threads writes N/T nodes as one circular linked list, W nodes\n"
        + "             a batch; a batch points into the batch before, written only once that\n"
        + "             one was acknowledged (defaults: N=1000000, W=1000, T=2, S random)\n"
        + "  verify     scans the table and prints REFERENCED=, UNREFERENCED= and UNDEFINED=\n"
        + "             counts; exits 1 when a node is missing (UNDEFINED), a node is not\n"
        + "             pointed to (UNREFERENCED), or REFERENCED is not N with --expect=N\n"
        + "  --table    default " + ItbllTable.DEFAULT_NAME + "; generate creates it if absent,\n"
        + "             pre-split into R regions over the 8-byte key space (default R=12)\n";
  }

  public static int run(String[] args, StrataConfiguration conf, PrintStream out,
      PrintStream err) {
    ToolOptions o;
    try {
      // The command picks the options known, so a misplaced one is named as such.
      String command = Arrays.stream(args).filter(a -> !a.startsWith("-")).findFirst()
          .orElse("");
      o = ToolOptions.parse(args, command.equals("generate") ? GENERATE_OPTIONS
          : command.equals("verify") ? VERIFY_OPTIONS : ALL_OPTIONS);
      if (o.help()) {
        out.print(usage());
        return 0;
      }
      List<String> words = o.words();
      if (words.size() != 1 || !(words.get(0).equals("generate")
          || words.get(0).equals("verify"))) {
        throw new ToolOptions.BadUsage("say generate or verify"
            + (words.isEmpty() ? "" : ", not '" + String.join(" ", words) + "'"));
      }
      return words.get(0).equals("generate") ? generate(o, conf, out, err)
          : verify(o, conf, out, err);
    } catch (ToolOptions.BadUsage e) {
      err.println(TOOL + ": " + e.getMessage());
      err.print(usage());
      return 2;
    }
  }

  private static TableName table(ToolOptions o) {
    String name = o.string("table", ItbllTable.DEFAULT_NAME);
    try {
      return TableName.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new ToolOptions.BadUsage("--table=" + name + ": " + e.getMessage());
    }
  }

  private static int generate(ToolOptions o, StrataConfiguration conf, PrintStream out,
      PrintStream err) {
    TableName table = table(o);
    long nodes = o.longValue("nodes", 1_000_000, 1);
    int width = o.intValue("width", 1000, 1, 1_000_000);
    int threads = o.intValue("threads", 2, 1, 1000);
    int regions = o.intValue("regions", 12, 1, 10_000);
    long seed = o.has("seed") ? o.longValue("seed", 0, Long.MIN_VALUE)
        : new SplittableRandom().nextLong();
    out.println("itbll: generating " + nodes + " nodes in " + threads + " list(s) of width "
        + width + " into '" + table + "', seed " + seed);
    try (Connection conn = ConnectionFactory.createConnection(conf)) {
      try (Admin admin = conn.getAdmin()) {
        ItbllTable.createIfAbsent(admin, table, regions, out);
      }
      return new ItbllGenerator(conn, new ItbllGenerator.Settings(table, nodes, width, threads,
          seed), out, err).run();
    } catch (IOException | RuntimeException e) {
      err.println(TOOL + " generate: " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println(TOOL + " generate: interrupted; the lists are left open");
      return 1;
    }
  }

  private static int verify(ToolOptions o, StrataConfiguration conf, PrintStream out,
      PrintStream err) {
    TableName table = table(o);
    long expect = o.longValue("expect", -1, 0);
    try (Connection conn = ConnectionFactory.createConnection(conf)) {
      try (Admin admin = conn.getAdmin()) {
        if (!admin.tableExists(table)) {
          err.println(TOOL + " verify: table '" + table + "' does not exist; write it first "
              + "with " + TOOL + " generate" + (o.has("table") ? " --table=" + table : ""));
          return 1;
        }
      }
      return ItbllVerifier.run(conn, table, expect, out, err);
    } catch (IOException | RuntimeException e) {
      err.println(TOOL + " verify: " + e.getMessage());
      return 1;
    }
  }
}
