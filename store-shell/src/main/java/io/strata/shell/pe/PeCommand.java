package io.strata.shell.pe;

import java.util.Locale;
import java.util.function.Function;

/**
 * The commands of {@code bin/strata pe}, named and behaving as in HBase's PerformanceEvaluation:
 * what one row of each does is in its test class, and in docs/pe.md.
 */
enum PeCommand {
  SEQUENTIAL_WRITE("sequentialWrite", "write rows in key order", Kind.WRITE,
      c -> new WriteTest(c, false, false)),
  RANDOM_WRITE("randomWrite", "write rows at random keys", Kind.WRITE,
      c -> new WriteTest(c, true, false)),
  SEQUENTIAL_READ("sequentialRead", "get rows in key order", Kind.READ,
      c -> new ReadTest(c, false, false)),
  RANDOM_READ("randomRead", "get rows at random keys", Kind.READ,
      c -> new ReadTest(c, true, false)),
  RANDOM_SEEK_SCAN("randomSeekScan", "scan up to 120 rows from a random key", Kind.READ,
      RandomSeekScanTest::new),
  SCAN("scan", "one scanner reads the client's rows in key order", Kind.READ,
      c -> new ScanTest(c, false)),
  SCAN_RANGE_10("scanRange10", "scan 10 rows from a random key", Kind.READ,
      c -> new ScanRangeTest(c, 10)),
  SCAN_RANGE_100("scanRange100", "scan 100 rows from a random key", Kind.READ,
      c -> new ScanRangeTest(c, 100)),
  SCAN_RANGE_1000("scanRange1000", "scan 1,000 rows from a random key", Kind.READ,
      c -> new ScanRangeTest(c, 1000)),
  SCAN_RANGE_10000("scanRange10000", "scan 10,000 rows from a random key", Kind.READ,
      c -> new ScanRangeTest(c, 10000)),
  FILTER_SCAN("filterScan", "scan the whole table for a random value (use few --rows)",
      Kind.READ, FilterScanTest::new),
  INCREMENT("increment", "increment a counter in each row", Kind.SHARED_WRITE,
      c -> new CounterTest(c, false)),
  APPEND("append", "append the row key to a cell of each row", Kind.SHARED_WRITE,
      c -> new CounterTest(c, true)),
  CHECK_AND_MUTATE("checkAndMutate", "put a row, then check it and mutate it",
      Kind.SHARED_WRITE, c -> new CheckAndMutateTest(c, CheckAndMutateTest.Then.MUTATE_ROW)),
  CHECK_AND_PUT("checkAndPut", "put a row, then check it and put it again",
      Kind.SHARED_WRITE, c -> new CheckAndMutateTest(c, CheckAndMutateTest.Then.PUT)),
  CHECK_AND_DELETE("checkAndDelete", "put a row, then check it and delete the cell",
      Kind.SHARED_WRITE, c -> new CheckAndMutateTest(c, CheckAndMutateTest.Then.DELETE)),
  ASYNC_SEQUENTIAL_WRITE("asyncSequentialWrite", "sequentialWrite through the async client",
      Kind.ASYNC_WRITE, c -> new WriteTest(c, false, true)),
  ASYNC_RANDOM_WRITE("asyncRandomWrite", "randomWrite through the async client",
      Kind.ASYNC_WRITE, c -> new WriteTest(c, true, true)),
  ASYNC_SEQUENTIAL_READ("asyncSequentialRead", "sequentialRead through the async client",
      Kind.ASYNC_READ, c -> new ReadTest(c, false, true)),
  ASYNC_RANDOM_READ("asyncRandomRead", "randomRead through the async client", Kind.ASYNC_READ,
      c -> new ReadTest(c, true, true)),
  ASYNC_SCAN("asyncScan", "scan through the async client", Kind.ASYNC_READ,
      c -> new ScanTest(c, true));

  private enum Kind { READ, WRITE, SHARED_WRITE, ASYNC_READ, ASYNC_WRITE }

  private final String name;
  private final String description;
  private final Kind kind;
  private final Function<PeClient, PeTest> factory;

  PeCommand(String name, String description, Kind kind, Function<PeClient, PeTest> factory) {
    this.name = name;
    this.description = description;
    this.kind = kind;
    this.factory = factory;
  }

  String commandName() {
    return name;
  }

  String description() {
    return description;
  }

  /** Writes create the table when it is missing; reads need it to exist. */
  boolean writes() {
    return kind == Kind.WRITE || kind == Kind.SHARED_WRITE || kind == Kind.ASYNC_WRITE;
  }

  boolean async() {
    return kind == Kind.ASYNC_READ || kind == Kind.ASYNC_WRITE;
  }

  /** Every client works on rows 0..rows-1 (the read-modify-write commands contend). */
  boolean sharedKeys() {
    return kind == Kind.SHARED_WRITE;
  }

  /** With both --size and --rows: --size is the key space, --rows the operations. */
  boolean sizeSetsKeySpace() {
    return this == RANDOM_READ || this == RANDOM_SEEK_SCAN;
  }

  PeTest newTest(PeClient client) {
    return factory.apply(client);
  }

  static PeCommand byName(String name) {
    for (PeCommand c : values()) {
      if (c.name.equals(name)) {
        return c;
      }
    }
    for (PeCommand c : values()) {
      if (c.name.equalsIgnoreCase(name)) {
        throw new PeUsageException("unknown command '" + name + "'; did you mean " + c.name
            + "?");
      }
    }
    throw new PeUsageException("unknown command '" + name + "'" + (name.startsWith("-")
        ? " (options start with -- and go before the command)" : "")
        + "; bin/strata pe --help lists the commands");
  }

  /** The commands, one a line, for the usage text. */
  static String commandsHelp() {
    StringBuilder sb = new StringBuilder();
    for (PeCommand c : values()) {
      sb.append(String.format(Locale.ROOT, "  %-21s %s%n", c.name, c.description));
    }
    return sb.toString();
  }
}
