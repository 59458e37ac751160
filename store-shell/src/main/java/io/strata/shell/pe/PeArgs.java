package io.strata.shell.pe;

import io.strata.common.schema.BloomType;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.Compression;
import io.strata.common.schema.DataBlockEncoding;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Parses {@code [options] <command> <clients>}. Options are written as HBase's tool takes them,
 * {@code --rows=1000}, or with the value as the next word, {@code --rows 1000}. Flags stand
 * alone ({@code --valueRandom}) or take {@code =true|false}.
 */
final class PeArgs {
  record Parsed(PeOptions options, PeCommand command, int clients) {}

  private record Option(String help, boolean flag, BiConsumer<PeOptions, String> set) {}

  private static final Map<String, Option> OPTIONS = new LinkedHashMap<>();

  private static void value(String name, String help, BiConsumer<PeOptions, String> set) {
    OPTIONS.put(name, new Option(help, false, set));
  }

  private static void flag(String name, String help, BiConsumer<PeOptions, Boolean> set) {
    OPTIONS.put(name, new Option(help, true, (o, v) -> set.accept(o, bool(name, v))));
  }

  static {
    value("rows", "rows each client runs (default 1048576)", (o, v) -> {
      o.rows = positive("rows", v);
      o.rowsGiven = true;
    });
    value("size", "total gigabytes of data, shared by the clients (instead of --rows)",
        (o, v) -> o.size = sizeGb(v));
    value("valueSize", "bytes of each value (default 1000)",
        (o, v) -> o.valueSize = positive("valueSize", v));
    flag("valueRandom", "value lengths uniform in [0, valueSize)", (o, v) -> o.valueRandom = v);
    flag("valueZipf", "value lengths Zipf-distributed in [1, valueSize), small ones likeliest",
        (o, v) -> o.valueZipf = v);
    value("columns", "columns per family (default 1)", (o, v) -> o.columns = positive("columns",
        v));
    value("families", "column families, info0.. (default 1)",
        (o, v) -> o.families = positive("families", v));
    value("table", "table name (default TestTable)", (o, v) -> o.table = v);
    value("presplit", "regions to create the table with; recreates an existing table (write"
        + " commands)", (o, v) -> o.presplit = positive("presplit", v));
    value("compress", "compression of a new table: NONE, GZ, SNAPPY, LZ4, ZSTD",
        (o, v) -> o.compress = Compression.parse(v));
    value("blockEncoding", "data block encoding of a new table: NONE, PREFIX, FAST_DIFF,"
        + " ROW_INDEX_V1", (o, v) -> o.blockEncoding = DataBlockEncoding.parse(v));
    value("bloomFilter", "bloom filter of a new table: NONE, ROW (default), ROWCOL",
        (o, v) -> o.bloomFilter = BloomType.parse(v));
    value("blockSize", "block size of a new table in bytes (default 65536)", (o, v) -> {
      o.blockSize = positive("blockSize", v);
      if (o.blockSize < ColumnFamilyDescriptor.MIN_BLOCK_SIZE
          || o.blockSize > ColumnFamilyDescriptor.MAX_BLOCK_SIZE) {
        throw new PeUsageException("--blockSize=" + v + " is outside "
            + ColumnFamilyDescriptor.MIN_BLOCK_SIZE + ".." + ColumnFamilyDescriptor.MAX_BLOCK_SIZE);
      }
    });
    flag("inmemory", "new table's families IN_MEMORY in the block cache",
        (o, v) -> o.inMemory = v);
    flag("writeToWAL", "write the WAL (default true; false is SKIP_WAL)",
        (o, v) -> o.writeToWal = v);
    flag("autoFlush", "send every write at once (default false: through a 2 MB write buffer)",
        (o, v) -> o.autoFlush = v);
    value("bufferSize", "write buffer bytes when autoFlush is false (default 2097152)",
        (o, v) -> o.bufferSize = positive("bufferSize", v));
    value("multiPut", "puts sent together in one batch (needs --autoFlush=true)",
        (o, v) -> o.multiPut = nonNegative("multiPut", v));
    value("multiGet", "gets sent together in one batch (randomRead)",
        (o, v) -> o.multiGet = nonNegative("multiGet", v));
    value("caching", "rows a scanner call fetches (default 30)",
        (o, v) -> o.caching = positive("caching", v));
    flag("cacheBlocks", "reads fill the block cache (default true)", (o, v) -> o.cacheBlocks = v);
    flag("addColumns", "gets and scans name every column (default true; false: whole families)",
        (o, v) -> o.addColumns = v);
    flag("latency", "also print min, stdDev, 99.99th and 99.999th latency per client",
        (o, v) -> o.latency = v);
    flag("oneCon", "all clients share one connection (default: one each)",
        (o, v) -> o.oneCon = v);
    value("cycles", "times each client runs its rows (default 1)",
        (o, v) -> o.cycles = positive("cycles", v));
    value("sampleRate", "fraction of the rows to run, in (0, 1] (default 1)", (o, v) -> {
      o.sampleRate = number("sampleRate", v);
      if (!(o.sampleRate > 0 && o.sampleRate <= 1)) {
        throw new PeUsageException("--sampleRate=" + v + " must be above 0 and at most 1");
      }
    });
    value("startRow", "row every client starts at (default: client i starts at i × rows)",
        (o, v) -> {
          o.startRow = nonNegative("startRow", v);
          o.startRowGiven = true;
        });
    value("seed", "seed of the random rows and values (default: from the clock)", (o, v) -> {
      try {
        o.seed = Long.parseLong(v);
        o.seedGiven = true;
      } catch (NumberFormatException e) {
        throw new PeUsageException("--seed=" + v + " is not a whole number");
      }
    });
    value("json", "also write the results as JSON to this file", (o, v) -> o.json = Path.of(v));
    flag("nomapred", "accepted for HBase command lines; clients are always threads here",
        (o, v) -> { });
  }

  private PeArgs() {}

  static Parsed parse(String[] args) {
    PeOptions o = new PeOptions();
    int i = 0;
    for (; i < args.length && args[i].startsWith("--"); i++) {
      String word = args[i].substring(2);
      int eq = word.indexOf('=');
      String name = eq < 0 ? word : word.substring(0, eq);
      Option opt = OPTIONS.get(name);
      if (opt == null) {
        throw new PeUsageException("unknown option '--" + name + "'" + suggest(name));
      }
      String v;
      if (eq >= 0) {
        v = word.substring(eq + 1);
      } else if (opt.flag) {
        v = "true";
      } else if (i + 1 < args.length) {
        v = args[++i];
      } else {
        throw new PeUsageException("--" + name + " needs a value, e.g. --" + name + "=10");
      }
      try {
        opt.set.accept(o, v);
      } catch (IllegalArgumentException e) {
        throw e instanceof PeUsageException ? e
            : new PeUsageException("--" + name + "=" + v + ": " + e.getMessage());
      }
    }
    if (i >= args.length) {
      throw new PeUsageException("say which command to run, e.g. bin/strata pe"
          + " --rows=100000 sequentialWrite 1");
    }
    PeCommand command = PeCommand.byName(args[i]);
    if (i + 1 >= args.length) {
      throw new PeUsageException("say how many clients " + command.commandName() + " runs, e.g."
          + " bin/strata pe " + command.commandName() + " 1");
    }
    int clients;
    try {
      clients = Integer.parseInt(args[i + 1]);
    } catch (NumberFormatException e) {
      throw new PeUsageException("the number of clients '" + args[i + 1] + "' is not a"
          + " number; options go before the command");
    }
    if (clients <= 0) {
      throw new PeUsageException("the number of clients must be at least 1, not " + clients);
    }
    if (i + 2 < args.length) {
      throw new PeUsageException("unexpected '" + args[i + 2] + "' after the number of clients;"
          + " options go before the command");
    }
    if (o.valueRandom && o.valueZipf) {
      throw new PeUsageException("--valueRandom and --valueZipf exclude each other; pick one");
    }
    o.resolve(command, clients);
    return new Parsed(o, command, clients);
  }

  /** The options, one a line, for the usage text. */
  static String optionsHelp() {
    StringBuilder sb = new StringBuilder();
    OPTIONS.forEach((name, opt) -> sb.append(String.format(Locale.ROOT, "  --%-14s %s%n",
        name + (opt.flag ? "" : "=N"), opt.help)));
    return sb.toString();
  }

  private static String suggest(String name) {
    for (String known : OPTIONS.keySet()) {
      if (known.equalsIgnoreCase(name)) {
        return "; did you mean --" + known + "?";
      }
    }
    return "; bin/strata pe --help lists the options";
  }

  private static boolean bool(String name, String v) {
    return switch (v.toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new PeUsageException("--" + name + "=" + v + ": say true or false");
    };
  }

  private static long parseLong(String name, String v) {
    try {
      return Long.parseLong(v.replace("_", ""));
    } catch (NumberFormatException e) {
      throw new PeUsageException("--" + name + "=" + v + " is not a whole number");
    }
  }

  private static int positive(String name, String v) {
    return intFrom(name, v, 1);
  }

  private static int nonNegative(String name, String v) {
    return intFrom(name, v, 0);
  }

  private static int intFrom(String name, String v, int min) {
    long n = parseLong(name, v);
    if (n < min || n > Integer.MAX_VALUE) {
      throw new PeUsageException("--" + name + "=" + v + " must be from " + min + " to "
          + Integer.MAX_VALUE);
    }
    return (int) n;
  }

  private static float number(String name, String v) {
    try {
      return Float.parseFloat(v);
    } catch (NumberFormatException e) {
      throw new PeUsageException("--" + name + "=" + v + " is not a number");
    }
  }

  private static float sizeGb(String v) {
    float gb = number("size", v);
    if (!(gb >= 1)) {
      throw new PeUsageException("--size=" + v + " is in gigabytes and must be at least 1; use"
          + " --rows for smaller runs");
    }
    return gb;
  }
}
