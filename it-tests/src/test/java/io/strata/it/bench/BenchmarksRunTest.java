package io.strata.it.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs every benchmark of this package once, in this JVM, with the smallest data and one short
 * measurement, so that a benchmark broken by a change fails the build instead of the next
 * person who measures. It checks only that each benchmark ran and measured something; the
 * figures of so short a run mean nothing.
 */
class BenchmarksRunTest {
  private static final String PACKAGE = BenchmarksRunTest.class.getPackageName() + ".";

  /**
   * One value for each parameter name the benchmarks declare: the smallest tables, and a value
   * every benchmark declaring the name accepts (a parameter a benchmark lacks is ignored).
   */
  private static final Map<String, String> SMALLEST = Map.ofEntries(
      Map.entry("rows", "1000"),
      Map.entry("ringMegabytes", "1"),
      Map.entry("columns", "1000"),
      Map.entry("cache", "l1"),
      Map.entry("seek", "true"),
      Map.entry("encoding", "NONE"),
      Map.entry("compression", "NONE"),
      Map.entry("durability", "SYNC_WAL"),
      Map.entry("directSync", "true"),
      Map.entry("keys", "random"),
      Map.entry("payload", "16"),
      Map.entry("transport", "EPOLL"),
      Map.entry("valueBytes", "100"),
      Map.entry("via", "PIPE"));

  @Test
  void everyBenchmarkRunsAndMeasuresSomething() throws Exception {
    OptionsBuilder options = new OptionsBuilder();
    options.include(java.util.regex.Pattern.quote(PACKAGE) + ".*")
        .forks(0)
        .threads(1)
        .warmupIterations(0)
        .measurementIterations(1)
        .measurementTime(TimeValue.milliseconds(200))
        .timeout(TimeValue.minutes(2))
        .shouldFailOnError(true)
        .verbosity(VerboseMode.SILENT);
    SMALLEST.forEach(options::param);
    Options built = options.build();

    // JMH refuses to start while another JMH run on the machine holds its lock, to keep
    // measurements apart; this run measures nothing worth protecting, and must not fail because
    // someone is benchmarking.
    System.setProperty("jmh.ignoreLock", "true");
    Collection<RunResult> results = new Runner(built).run();

    Map<String, Double> scores = new TreeMap<>();
    for (RunResult r : results) {
      scores.merge(r.getParams().getBenchmark(), r.getPrimaryResult().getScore(), Math::min);
    }
    assertEquals(benchmarksInPackage(), scores.keySet(), "benchmarks that produced a result");
    List<String> notPositive = scores.entrySet().stream().filter(e -> !(e.getValue() > 0))
        .map(e -> e.getKey() + " = " + e.getValue()).collect(Collectors.toList());
    assertEquals(List.of(), notPositive, "benchmarks whose score is not positive");
  }

  @Test
  void theParametersNamedHereAreTheOnesTheBenchmarksDeclare() {
    TreeSet<String> declared = new TreeSet<>();
    for (BenchmarkListEntry e : entries()) {
      declared.addAll(e.getParams().orElse(Map.of()).keySet());
    }
    assertFalse(declared.isEmpty());
    // A parameter missing here would run every value it has; a stale name would narrow nothing.
    assertEquals(declared, new TreeSet<>(SMALLEST.keySet()));
  }

  private static TreeSet<String> benchmarksInPackage() {
    TreeSet<String> names = new TreeSet<>();
    for (BenchmarkListEntry e : entries()) {
      names.add(e.getUsername());
    }
    assertTrue(names.size() > 0, "no benchmarks in " + PACKAGE
        + "; did JMH's annotation processor run?");
    return names;
  }

  private static List<BenchmarkListEntry> entries() {
    return BenchmarkList.defaultList().getAll(
        OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of())
        .stream().filter(e -> e.getUsername().startsWith(PACKAGE)).toList();
  }
}
