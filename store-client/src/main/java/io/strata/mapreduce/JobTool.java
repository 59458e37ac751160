package io.strata.mapreduce;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * What the MapReduce tools share (bin/strata rowcounter, importtsv, ...): Hadoop's generic
 * options ({@code -Dkey=value}, {@code -conf FILE}) over this process's Strata configuration,
 * the local runner unless told otherwise, a usage message for bad arguments (exit code 2), the
 * job's counters printed at the end, as HBase's tools print them, and why a job failed (exit
 * code 1).
 */
public abstract class JobTool extends Configured implements Tool {
  /** Thrown for arguments the tool cannot run with: its message says what is wrong. */
  public static final class UsageException extends Exception {
    public UsageException(String message) {
      super(message);
    }
  }

  /** The tool's usage, printed after an argument error. */
  protected abstract String usage();

  /** Makes the job from the arguments left after the generic options. */
  protected abstract Job createJob(Configuration conf, String[] args) throws Exception;

  @Override
  public int run(String[] args) throws Exception {
    Job job;
    try {
      job = createJob(getConf(), args);
    } catch (UsageException e) {
      err().println("ERROR: " + e.getMessage());
      err().println(usage());
      return 2;
    }
    TableMapReduceUtil.initCredentials(job); // its tasks prove the user without a token file
    boolean ok = job.waitForCompletion(false);
    printCounters(job, out());
    if (ok) {
      afterJob(job);
    }
    if (!ok) {
      err().println("ERROR: the job failed: " + failure(job.getStatus().getFailureInfo()));
    }
    return ok ? 0 : 1;
  }

  /**
   * Why a job failed: the reason YARN gives, or, from Hadoop's local runner, which gives none
   * ("NA"), where it logged the failed task's error: the tool's log file, as bin/strata runs
   * it, or else standard error.
   */
  static String failure(String reason) {
    if (reason != null && !reason.isBlank() && !reason.equals("NA")) {
      return reason;
    }
    String file = System.getProperty("strata.log.file");
    return "a task failed; the local runner logged its error (logger LocalJobRunner) "
        + (file == null ? "on standard error" : "in " + java.nio.file.Path.of(
            System.getProperty("strata.log.dir", "logs"), file));
  }

  /** What the tool does once its job succeeded (an export commits what it copied). */
  protected void afterJob(Job job) throws Exception {}

  PrintStream out() {
    return System.out;
  }

  PrintStream err() {
    return System.err;
  }

  /** The job's counters, group by group, as Hadoop prints them. */
  static void printCounters(Job job, PrintStream out) throws Exception {
    out.println("Counters:");
    for (CounterGroup g : job.getCounters()) {
      out.println("\t" + g.getDisplayName());
      for (Counter c : g) {
        out.println("\t\t" + c.getDisplayName() + "=" + c.getValue());
      }
    }
  }

  /** Runs {@code tool} with this process's configuration and exits with its code. */
  protected static void main(JobTool tool, String[] args) throws Exception {
    Configuration conf = StrataJobConfiguration.create();
    if (conf.get("mapreduce.framework.name") == null) {
      conf.set("mapreduce.framework.name", "local");
    }
    // The local runner runs one map and one reduce at a time unless told: a split per region,
    // and a reduce per region of a bulk load, are for running side by side.
    for (String key : List.of("mapreduce.local.map.tasks.maximum",
        "mapreduce.local.reduce.tasks.maximum")) {
      if (conf.get(key) == null) {
        conf.setInt(key, Runtime.getRuntime().availableProcessors());
      }
    }
    if ("local".equals(conf.get("mapreduce.framework.name"))
        && conf.get(Job.COMPLETION_POLL_INTERVAL_KEY) == null) {
      // waitForCompletion looks at the job every 5 s by default, sized for a YARN cluster's
      // minutes-long jobs; a local job that counts a table in a second would wait out the rest.
      conf.setInt(Job.COMPLETION_POLL_INTERVAL_KEY, 50);
    }
    int code = ToolRunner.run(conf, tool, args);
    // A thread waiting in a native call (ZooKeeper's and Netty's selectors) holds the JVM's exit
    // up to 300 ms: the tasks' connections are closed first.
    TaskConnections.closeAll();
    System.exit(code);
  }

  /** The arguments of the form {@code --name=value} split from the others. */
  protected static final class Options {
    public final java.util.Map<String, String> named = new java.util.LinkedHashMap<>();
    public final List<String> positional = new ArrayList<>();

    public Options(String[] args, List<String> known) throws UsageException {
      for (String a : args) {
        if (a.startsWith("--")) {
          int eq = a.indexOf('=');
          String name = eq < 0 ? a.substring(2) : a.substring(2, eq);
          if (!known.contains(name)) {
            throw new UsageException("unknown option --" + name + "; the options are --"
                + String.join(", --", known));
          }
          named.put(name, eq < 0 ? "" : a.substring(eq + 1));
        } else {
          positional.add(a);
        }
      }
    }

    public long time(String name, long otherwise) throws UsageException {
      String v = named.get(name);
      if (v == null || v.isEmpty()) {
        return otherwise;
      }
      try {
        return Long.parseLong(v);
      } catch (NumberFormatException e) {
        throw new UsageException("--" + name + "=" + v + " is not a time in milliseconds since "
            + "the epoch");
      }
    }
  }
}
