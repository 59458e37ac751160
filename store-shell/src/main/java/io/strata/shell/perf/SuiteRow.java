package io.strata.shell.perf;

import java.util.List;

/**
 * One row of the summary: a pe command line (without {@code --json} and {@code --seed}), the
 * client JVM it runs in, and whether busy threads run beside it. Measured twice: over TCP and
 * through the local socket and shared-memory lane.
 */
record SuiteRow(List<String> peArgs, ClientJvm jvm, boolean crowded) {
  /** Which JVM the pe client runs in. */
  enum ClientJvm {
    /** {@code bin/strata pe}'s own flags (C1 only, the serial collector, a fixed heap). */
    PE,
    /** {@code java -Xmx2g} and the JVM's defaults, as HBase's pe runs. */
    PLAIN
  }

  /** The pe arguments as a user types them after {@code bin/strata pe}. */
  String command() {
    return String.join(" ", peArgs);
  }

  /** What the row's client runs in and beside, in words; empty for pe's own JVM, quiet. */
  String conditions(int busyThreads) {
    String jvmWords = jvm == ClientJvm.PLAIN ? "plain JVM (`java -Xmx2g`)" : "";
    String busyWords = crowded ? busyThreads + " busy threads beside" : "";
    return jvmWords.isEmpty() || busyWords.isEmpty() ? jvmWords + busyWords
        : jvmWords + ", " + busyWords;
  }

  /** The same command at {@code rows} rows a client: a warm-up for the server. */
  SuiteRow withRows(long rows) {
    List<String> args = peArgs.stream()
        .map(a -> a.startsWith("--rows=") ? "--rows=" + rows : a).toList();
    return new SuiteRow(args, jvm, crowded);
  }

  /** Whether the command reads the table (and so measures the block cache warm or cold). */
  boolean reads() {
    return peArgs.stream().anyMatch(a -> a.endsWith("Read") || a.equals("scan"));
  }

  /** The rows a client runs (its --rows). */
  long rows() {
    return peArgs.stream().filter(a -> a.startsWith("--rows="))
        .mapToLong(a -> Long.parseLong(a.substring("--rows=".length()))).findFirst()
        .orElseThrow();
  }
}
