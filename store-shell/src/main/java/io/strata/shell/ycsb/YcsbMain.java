package io.strata.shell.ycsb;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * {@code bin/strata ycsb load|run -P WORKLOAD [YCSB options]}: YCSB's client
 * ({@code site.ycsb.Client}) with the Strata binding. Before handing over it checks the command
 * line and the table, because YCSB itself exits 0 on most mistakes (a missing workload file, a
 * binding that cannot start) after printing a stack trace: {@code load} creates the table with
 * its family when it does not exist, {@code run} refuses to start without it.
 *
 * <pre>
 * bin/strata ycsb load -P conf/ycsb/workloada -p recordcount=100000 -threads 4
 * bin/strata ycsb run -P conf/ycsb/workloada -p operationcount=100000 -threads 4
 * </pre>
 */
public final class YcsbMain {
  static final String USAGE = """
      Usage: bin/strata ycsb load|run -P WORKLOAD [-P FILE ...] [-p key=value ...]
                                [-threads N] [-target OPS] [-s] [-l LABEL]
        load             insert the workload's records (recordcount); creates the table with
                         its family first when it does not exist
        run              run the workload's operations (operationcount) on the loaded table
        -P FILE          a workload file: conf/ycsb/workloada to workloadf are YCSB's core ones
        -p key=value     a property, over those of the files: YCSB's (recordcount,
                         operationcount, fieldcount, ...); the binding's, with their defaults:
                           table=usertable  columnfamily=family  clientbuffering=false
                           writebuffersize=12582912 (bytes)  debug=false
                           durability=USE_DEFAULT (or SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL);
                         or a strata.* client key: -p strata.zookeeper.quorum=host:2182
        -threads N       client threads, sharing one connection (default 1)
        -target OPS      operations per second to hold to (default: as many as it can)
        -s               report progress every 10 seconds on standard error
        -l LABEL         a label for the progress reports
      Exit status: 0 when YCSB ran (its Return=ERROR lines count the operations that failed),
      1 when the cluster or the table is not ready, 2 for wrong usage.
      """;

  /** YCSB options that take a value, and those that do not (the phase replaces -load, -t). */
  private static final Set<String> VALUE_OPTIONS = Set.of("-P", "-p", "-threads", "-target",
      "-l");
  private static final Set<String> FLAG_OPTIONS = Set.of("-s");

  private YcsbMain() {}

  /** A command line that cannot run: the message says why, {@code status} is the exit status. */
  static final class LaunchException extends Exception {
    private static final long serialVersionUID = 1L;
    final int status;

    LaunchException(int status, String message) {
      super(message);
      this.status = status;
    }
  }

  /** A checked command line: the phase and the properties YCSB will read. */
  record Command(boolean load, Properties properties) {}

  public static void main(String[] args) {
    if (args.length == 1 && Set.of("-h", "--help", "help").contains(args[0])) {
      System.out.print(USAGE);
      return;
    }
    int status = prepare(args, null, System.err);
    if (status != 0) {
      System.exit(status);
    }
    // Runs the workload, prints YCSB's report and exits the JVM.
    site.ycsb.Client.main(clientArgs(args));
  }

  /**
   * Everything before YCSB starts: checks the command line and readies the table. Returns the
   * exit status, 0 when YCSB may run; otherwise {@code err} has been told why. {@code base} is
   * the client configuration {@code -p strata.*} goes over (null: {@code strata-site.xml} and
   * system properties).
   */
  public static int prepare(String[] args, StrataConfiguration base, PrintStream err) {
    try {
      prepareTable(parse(args), base, err);
      return 0;
    } catch (LaunchException e) {
      err.println("bin/strata ycsb: " + e.getMessage());
      if (e.status == 2) {
        err.print(USAGE);
      }
      return e.status;
    }
  }

  /** YCSB's command line for a checked one: the binding, the phase's flag, the rest as given. */
  static String[] clientArgs(String[] args) {
    List<String> out = new ArrayList<>(List.of("-db", StrataYcsbClient.class.getName(),
        args[0].equals("load") ? "-load" : "-t"));
    out.addAll(List.of(args).subList(1, args.length));
    return out.toArray(new String[0]);
  }

  /** Checks the command line and reads its properties as YCSB will: -p over -P files. */
  static Command parse(String[] args) throws LaunchException {
    if (args.length == 0) {
      throw new LaunchException(2, "say which phase to run: load or run");
    }
    boolean load = switch (args[0]) {
      case "load" -> true;
      case "run" -> false;
      default -> throw new LaunchException(2, "unknown phase '" + args[0]
          + "'; say load (insert the records) or run (the workload's operations)");
    };
    Properties files = new Properties();
    Properties overrides = new Properties();
    boolean workload = false;
    for (int i = 1; i < args.length; i++) {
      String option = args[i];
      if (option.equals("-load") || option.equals("-t")) {
        throw new LaunchException(2, option + " is given by the phase: bin/strata ycsb "
            + (option.equals("-load") ? "load" : "run") + " ...");
      }
      if (option.equals("-db")) {
        throw new LaunchException(2, "-db: bin/strata ycsb always runs the Strata binding ("
            + StrataYcsbClient.class.getName() + "); drop -db");
      }
      if (!VALUE_OPTIONS.contains(option) && !FLAG_OPTIONS.contains(option)) {
        throw new LaunchException(2, "unknown option '" + option + "'");
      }
      if (FLAG_OPTIONS.contains(option)) {
        continue;
      }
      if (i + 1 >= args.length) {
        throw new LaunchException(2, option + " needs a value");
      }
      String value = args[++i];
      switch (option) {
        case "-P" -> {
          readWorkload(value, files);
          workload = true;
        }
        case "-p" -> {
          int eq = value.indexOf('=');
          if (eq < 1) {
            throw new LaunchException(2, "-p " + value + ": write -p key=value");
          }
          overrides.setProperty(value.substring(0, eq), value.substring(eq + 1));
        }
        case "-threads", "-target" -> positive(option, value);
        default -> { } // -l: any label
      }
    }
    if (!workload) {
      throw new LaunchException(2, "give a workload file with -P, e.g. -P conf/ycsb/workloada");
    }
    files.putAll(overrides);
    return new Command(load, files);
  }

  private static void readWorkload(String file, Properties into) throws LaunchException {
    Path path = Path.of(file);
    if (!Files.isRegularFile(path)) {
      String home = System.getProperty("strata.home");
      throw new LaunchException(2, "workload file " + path.toAbsolutePath() + " does not exist;"
          + " YCSB's core workloads are "
          + (home != null ? Path.of(home, "conf/ycsb") : Path.of("conf/ycsb"))
          + "/workloada to workloadf");
    }
    try (Reader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      Properties p = new Properties();
      p.load(in);
      into.putAll(p);
    } catch (IOException | IllegalArgumentException e) {
      throw new LaunchException(2, "cannot read workload file " + path + ": " + e.getMessage());
    }
  }

  private static void positive(String option, String value) throws LaunchException {
    try {
      if (Integer.parseInt(value) > 0) {
        return;
      }
    } catch (NumberFormatException e) {
      // told below
    }
    throw new LaunchException(2, option + " " + value + ": give a whole number above 0");
  }

  /**
   * Makes sure the table of {@code command} is ready: {@code load} creates it (with the family)
   * when missing; {@code run} fails without it. {@code base} is the client configuration the
   * {@code strata.*} properties go over (null: {@code strata-site.xml} and system properties).
   */
  static void prepareTable(Command command, StrataConfiguration base, PrintStream err)
      throws LaunchException {
    YcsbSettings settings;
    StrataConfiguration conf;
    try {
      settings = YcsbSettings.from(command.properties());
      conf = YcsbSettings.configuration(command.properties(), base);
    } catch (IllegalArgumentException e) {
      throw new LaunchException(2, e.getMessage());
    }
    Connection conn;
    try {
      conn = ConnectionFactory.createConnection(conf);
    } catch (IOException e) {
      // The client's message names the quorum and says to check that the cluster runs.
      throw new LaunchException(1, "cannot connect: " + e.getMessage() + "; to use another "
          + "cluster, give -p strata.zookeeper.quorum=host:port");
    }
    String problem;
    try (conn; Admin admin = conn.getAdmin()) {
      if (command.load() && !admin.tableExists(settings.table())) {
        admin.createTable(TableDescriptor.newBuilder(settings.table())
            .setColumnFamily(ColumnFamilyDescriptor.of(settings.family())).build());
        err.println("Created table '" + settings.table() + "' with family '"
            + settings.family() + "'");
      }
      problem = StrataYcsbClient.tableProblem(admin, settings);
    } catch (IOException | IllegalArgumentException e) {
      problem = "cannot prepare table '" + settings.table() + "': " + e.getMessage();
    }
    if (problem != null) {
      throw new LaunchException(1, problem);
    }
  }
}
