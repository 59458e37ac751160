package io.strata.it.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.RegionLocation;
import io.strata.client.RegionLocator;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableName;
import io.strata.it.minicluster.MiniCluster;
import io.strata.it.shell.ShellRunner.Outcome;
import io.strata.shell.Commands;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every shell command, run through {@code -e} as {@code bin/strata shell -e} runs it, against a
 * mini cluster of two region servers, with its output checked line for line.
 */
class ShellCommandsTest {
  @TempDir
  static Path dir;
  static MiniCluster cluster;
  static Connection conn;
  static ShellRunner shell;

  @BeforeAll
  static void start() throws Exception {
    cluster = MiniCluster.start(dir, 2);
    conn = cluster.connect();
    shell = new ShellRunner(cluster.configuration());
  }

  @AfterAll
  static void stop() throws Exception {
    if (conn != null) {
      conn.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  /** A header line of a two-column listing. */
  static String header(String left, String right) {
    return String.format("%-28s %s%n", left, right);
  }

  /** A row line of a two-column listing. */
  static String row(String left, String right) {
    return String.format("%-28s %s%n", " " + left, right);
  }

  static String took() {
    return "Took T seconds\n";
  }

  static String lines(String... lines) {
    return String.join("\n", lines) + "\n";
  }

  static void ok(String script, String expectedOut) {
    Outcome o = shell.execute(script);
    assertEquals("", o.err(), "errors of: " + script);
    assertEquals(expectedOut, o.out(), "output of: " + script);
    assertEquals(0, o.status());
  }

  static final String F1_DEFAULTS = "{NAME => 'f1', BLOOMFILTER => 'ROW', IN_MEMORY => 'false',"
      + " VERSIONS => '1', DATA_BLOCK_ENCODING => 'NONE', COMPRESSION => 'NONE', TTL => "
      + "'FOREVER', MIN_VERSIONS => '0', BLOCKCACHE => 'true', BLOCKSIZE => '65536'}";

  @Test
  void ddlCommands() {
    ok("create 'ddl1', 'f1', {NAME => 'f2', VERSIONS => 3, MIN_VERSIONS => 1, TTL => '1 DAY',"
        + " BLOOMFILTER => 'ROWCOL', COMPRESSION => 'GZ', DATA_BLOCK_ENCODING => 'FAST_DIFF',"
        + " BLOCKSIZE => 8192, IN_MEMORY => true, BLOCKCACHE => false, CONFIGURATION => "
        + "{'k' => 'v'}}, {MAX_FILESIZE => 1073741824, DURABILITY => 'ASYNC_WAL', METADATA =>"
        + " {'owner' => 'ops'}}",
        "Created table ddl1\n" + took());
    ok("describe 'ddl1'", lines("Table ddl1 is ENABLED",
        "ddl1, {TABLE_ATTRIBUTES => {MAX_FILESIZE => '1073741824', DURABILITY => 'ASYNC_WAL',"
            + " METADATA => {'owner' => 'ops'}}}",
        "COLUMN FAMILIES DESCRIPTION", F1_DEFAULTS, "",
        "{NAME => 'f2', BLOOMFILTER => 'ROWCOL', IN_MEMORY => 'true', VERSIONS => '3', "
            + "DATA_BLOCK_ENCODING => 'FAST_DIFF', COMPRESSION => 'GZ', TTL => '86400 SECONDS "
            + "(1 DAY)', MIN_VERSIONS => '1', BLOCKCACHE => 'false', BLOCKSIZE => '8192', "
            + "CONFIGURATION => {'k' => 'v'}}", "", "2 row(s)") + took());
    ok("exists 'ddl1'; exists 'nope'; is_enabled 'ddl1'; is_disabled 'ddl1'",
        "Table ddl1 does exist\n" + took() + "Table nope does not exist\n" + took()
            + "true\n" + took() + "false\n" + took());
    String altered = "Updating all regions with the new schema...\nDone.\n" + took();
    ok("alter 'ddl1', NAME => 'f1', VERSIONS => 5\nalter 'ddl1', 'f3'\n"
        + "alter 'ddl1', 'delete' => 'f2'\nalter 'ddl1', 'f1'\n"
        + "alter 'ddl1', READONLY => true, MEMSTORE_FLUSHSIZE => 67108864\n"
        + "alter 'ddl1', METHOD => 'table_att_unset', NAME => ['MAX_FILESIZE', 'owner']",
        altered.repeat(6));
    String described = lines(
        "ddl1, {TABLE_ATTRIBUTES => {MEMSTORE_FLUSHSIZE => '67108864', DURABILITY => "
            + "'ASYNC_WAL', READONLY => 'true'}}",
        "COLUMN FAMILIES DESCRIPTION", F1_DEFAULTS.replace("VERSIONS => '1'",
            "VERSIONS => '5'").replace("MIN_VERSIONS => '5'", "MIN_VERSIONS => '0'"), "",
        F1_DEFAULTS.replace("'f1'", "'f3'"), "", "2 row(s)");
    ok("desc 'ddl1'", "Table ddl1 is ENABLED\n" + described + took());
    ok("disable 'ddl1'; is_enabled 'ddl1'; describe 'ddl1'; enable 'ddl1'; list 'ddl.*'",
        took() + "false\n" + took() + "Table ddl1 is DISABLED\n" + described + took()
            + took() + lines("TABLE", "ddl1", "1 row(s)") + took());
    ok("disable 'ddl1'; drop 'ddl1'; exists 'ddl1'",
        took() + took() + "Table ddl1 does not exist\n" + took());
  }

  @Test
  void createWithSplits() throws Exception {
    Path splits = dir.resolve("splits.txt");
    Files.writeString(splits, "b\nd\n\nf\n");
    ok("create 'sp1', 'f', SPLITS => ['10', '20', '30']; get_splits 'sp1'",
        "Created table sp1\n" + took() + lines("Total number of splits = 4", "10", "20", "30")
            + took());
    ok("create 'sp2', 'f', SPLITS_FILE => '" + splits + "'; get_splits 'sp2'",
        "Created table sp2\n" + took() + lines("Total number of splits = 4", "b", "d", "f")
            + took());
    ok("create 'sp3', 'f', {NUMREGIONS => 4, SPLITALGO => 'HexStringSplit'}; get_splits 'sp3'",
        "Created table sp3\n" + took() + lines("Total number of splits = 4", "40000000",
            "80000000", "c0000000") + took());
    ok("create 'sp4', 'f', {NUMREGIONS => 2, SPLITALGO => 'UniformSplit'}; get_splits 'sp4'",
        "Created table sp4\n" + took() + lines("Total number of splits = 2", "\\x80\\x00\\x00\\x00\\x00\\x00\\x00\\x00") + took());
  }

  @Test
  void putGetAndScan() {
    ok("create 'dml1', {NAME => 'f', VERSIONS => 3}\n"
        + "put 'dml1', 'r1', 'f:a', 'v1', 10\n"
        + "put 'dml1', 'r1', 'f:a', 'v2', 20\n"
        + "put 'dml1', 'r1', 'f:b', \"\\x00\\xFFz\\\\\", 10\n"
        + "put 'dml1', 'r2', 'f:n', \"\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x2A\", 5\n"
        + "put 'dml1', \"r\\x003\", 'f:a', 'x', 7",
        "Created table dml1\n" + took().repeat(6));
    String r1a = "timestamp=20, value=v2";
    String r1b = "timestamp=10, value=\\x00\\xFFz\\x5C";
    ok("get 'dml1', 'r1'", header("COLUMN", "CELL") + row("f:a", r1a) + row("f:b", r1b)
        + "2 row(s)\n" + took());
    ok("get 'dml1', 'r1', {COLUMN => 'f:a', VERSIONS => 2}", header("COLUMN", "CELL")
        + row("f:a", r1a) + row("f:a", "timestamp=10, value=v1") + "2 row(s)\n" + took());
    ok("get 'dml1', 'r1', 'f:a', 'f:b'; get 'dml1', 'r1', ['f:b']",
        header("COLUMN", "CELL") + row("f:a", r1a) + row("f:b", r1b) + "2 row(s)\n" + took()
            + header("COLUMN", "CELL") + row("f:b", r1b) + "1 row(s)\n" + took());
    ok("get 'dml1', 'r1', {TIMERANGE => [15, 25]}; get 'dml1', 'r1', {COLUMN => 'f:a', "
        + "TIMESTAMP => 10}", header("COLUMN", "CELL") + row("f:a", r1a) + "1 row(s)\n"
        + took() + header("COLUMN", "CELL") + row("f:a", "timestamp=10, value=v1")
        + "1 row(s)\n" + took());
    ok("get 'dml1', 'r2', {COLUMN => 'f:n:toLong'}; get 'dml1', 'r2', "
        + "{COLUMN => 'f:n:c(org.apache.hadoop.hbase.util.Bytes).toLong'}",
        (header("COLUMN", "CELL") + row("f:n", "timestamp=5, value=42") + "1 row(s)\n"
            + took()).repeat(2));
    ok("get 'dml1', 'r1', {FILTER => \"ValueFilter(=, 'binary:v2')\"}; get 'dml1', 'nothing'",
        header("COLUMN", "CELL") + row("f:a", r1a) + "1 row(s)\n" + took()
            + header("COLUMN", "CELL") + "0 row(s)\n" + took());
    ok("get 'dml1', 'r1', COLUMN => 'f:b', FORMATTER => 'toHex', MAXLENGTH => 20",
        header("COLUMN", "CELL") + row("f:b", "timestamp=10, value=") + "1 row(s)\n" + took());
    String r3 = "r\\x003";
    String all = row(r3, "column=f:a, timestamp=7, value=x")
        + row("r1", "column=f:a, " + r1a) + row("r1", "column=f:b, " + r1b)
        + row("r2", "column=f:n, timestamp=5, value=\\x00\\x00\\x00\\x00\\x00\\x00\\x00*");
    ok("scan 'dml1'", header("ROW", "COLUMN+CELL") + all + "3 row(s)\n" + took());
    ok("scan 'dml1', {CACHE => 1, BATCH => 1, CACHE_BLOCKS => false}",
        header("ROW", "COLUMN+CELL") + all + "3 row(s)\n" + took());
    ok("scan 'dml1', {STARTROW => 'r1', STOPROW => 'r2'}", header("ROW", "COLUMN+CELL")
        + row("r1", "column=f:a, " + r1a) + row("r1", "column=f:b, " + r1b) + "1 row(s)\n"
        + took());
    ok("scan 'dml1', {ROWPREFIXFILTER => 'r', LIMIT => 2, COLUMNS => 'f:a'}",
        header("ROW", "COLUMN+CELL") + row(r3, "column=f:a, timestamp=7, value=x")
            + row("r1", "column=f:a, " + r1a) + "2 row(s)\n" + took());
    ok("scan 'dml1', {REVERSED => true, COLUMNS => ['f:a']}", header("ROW", "COLUMN+CELL")
        + row("r1", "column=f:a, " + r1a) + row(r3, "column=f:a, timestamp=7, value=x")
        + "2 row(s)\n" + took());
    ok("scan 'dml1', {ROWPREFIXFILTER => 'r1', REVERSED => true}", header("ROW", "COLUMN+CELL")
        + row("r1", "column=f:a, " + r1a) + row("r1", "column=f:b, " + r1b) + "1 row(s)\n"
        + took());
    ok("scan 'dml1', {COLUMNS => 'f:a', VERSIONS => 3, STARTROW => 'r1', STOPROW => 'r2'}",
        header("ROW", "COLUMN+CELL") + row("r1", "column=f:a, " + r1a)
            + row("r1", "column=f:a, timestamp=10, value=v1") + "1 row(s)\n" + took());
    ok("scan 'dml1', {FILTER => \"PrefixFilter('r2') OR QualifierFilter(=, 'binary:b')\"}",
        header("ROW", "COLUMN+CELL") + row("r1", "column=f:b, " + r1b)
            + row("r2", "column=f:n, timestamp=5, value=\\x00\\x00\\x00\\x00\\x00\\x00\\x00*")
            + "2 row(s)\n" + took());
    ok("scan 'dml1', {TIMERANGE => [6, 11]}", header("ROW", "COLUMN+CELL")
        + row(r3, "column=f:a, timestamp=7, value=x")
        + row("r1", "column=f:a, timestamp=10, value=v1") + row("r1", "column=f:b, " + r1b)
        + "2 row(s)\n" + took());
    ok("count 'dml1'; count 'dml1', INTERVAL => 1, CACHE => 2",
        "3 row(s)\n" + took() + lines("Current count: 1, row: " + r3,
            "Current count: 2, row: r1", "Current count: 3, row: r2", "3 row(s)") + took());
    ok("count 'dml1', {FILTER => \"QualifierFilter(=, 'binary:a')\"}", "2 row(s)\n" + took());
    ok("count 'dml1', 2; count 'dml1', \"PrefixFilter('r2')\"", lines("Current count: 2, row: r1",
        "3 row(s)") + took() + "1 row(s)\n" + took());
  }

  @Test
  void deletesAndRawScans() {
    ok("create 'del1', {NAME => 'f', VERSIONS => 3}\n"
        + "put 'del1', 'r1', 'f:a', 'v1', 10; put 'del1', 'r1', 'f:a', 'v2', 20\n"
        + "put 'del1', 'r1', 'f:b', 'b', 10; put 'del1', 'r2', 'f:a', 'x', 10\n"
        + "delete 'del1', 'r1', 'f:a', 15\n"
        + "deleteall 'del1', 'r2', 'f', 100",
        "Created table del1\n" + took().repeat(7));
    ok("scan 'del1', {VERSIONS => 3}", header("ROW", "COLUMN+CELL")
        + row("r1", "column=f:a, timestamp=20, value=v2")
        + row("r1", "column=f:b, timestamp=10, value=b") + "1 row(s)\n" + took());
    ok("scan 'del1', {RAW => true, VERSIONS => 5}", header("ROW", "COLUMN+CELL")
        + row("r1", "column=f:a, timestamp=20, value=v2")
        + row("r1", "column=f:a, timestamp=15, type=DeleteColumn")
        + row("r1", "column=f:a, timestamp=10, value=v1")
        + row("r1", "column=f:b, timestamp=10, value=b")
        + row("r2", "column=f:, timestamp=100, type=DeleteFamily")
        + row("r2", "column=f:a, timestamp=10, value=x") + "2 row(s)\n" + took());
    ok("deleteall 'del1', 'r1'; count 'del1'", took() + "0 row(s)\n" + took());
    ok("put 'del1', 'p1', 'f:a', 'v', 1; put 'del1', 'p2', 'f:a', 'v', 1; put 'del1', 'q1', "
        + "'f:a', 'v', 1; deleteall 'del1', {ROWPREFIXFILTER => 'p', BATCH => 1}; scan 'del1'",
        took().repeat(4) + header("ROW", "COLUMN+CELL")
            + row("q1", "column=f:a, timestamp=1, value=v") + "1 row(s)\n" + took());
  }

  @Test
  void countersAndAppends() {
    ok("create 'cnt1', 'f'\nincr 'cnt1', 'c', 'f:hits'\nincr 'cnt1', 'c', 'f:hits', 10\n"
        + "incr 'cnt1', 'c', 'f:hits', -2\nget_counter 'cnt1', 'c', 'f:hits'\n"
        + "get_counter 'cnt1', 'c', 'f:none'\nappend 'cnt1', 'c', 'f:log', 'ab'\n"
        + "append 'cnt1', 'c', 'f:log', \"\\x01\"",
        "Created table cnt1\n" + took() + "COUNTER VALUE = 1\n" + took()
            + "COUNTER VALUE = 11\n" + took() + "COUNTER VALUE = 9\n" + took()
            + "COUNTER VALUE = 9\n" + took() + "No counter found at specified coordinates\n"
            + took() + "CURRENT VALUE = ab\n" + took() + "CURRENT VALUE = ab\\x01\n" + took());
  }

  @Test
  void namespaces() {
    ok("create_namespace 'ns1', {'k1' => 'v1'}; describe_namespace 'ns1'",
        took() + lines("DESCRIPTION", "{NAME => 'ns1', 'k1' => 'v1'}") + took());
    ok("alter_namespace 'ns1', {METHOD => 'set', 'k2' => 'v2'}\n"
        + "alter_namespace 'ns1', {METHOD => 'unset', NAME => 'k1'}\ndescribe_namespace 'ns1'",
        took() + took() + lines("DESCRIPTION", "{NAME => 'ns1', 'k2' => 'v2'}") + took());
    ok("create 'ns1:t1', 'f'; list_namespace_tables 'ns1'; list_namespace 'ns.*'; "
        + "list 'ns1:.*'", "Created table ns1:t1\n" + took()
        + lines("TABLE", "t1", "1 row(s)") + took() + lines("NAMESPACE", "ns1", "1 row(s)")
        + took() + lines("TABLE", "ns1:t1", "1 row(s)") + took());
    ok("list_namespace '(default|strata)'", lines("NAMESPACE", "default", "strata", "2 row(s)")
        + took());
    ok("disable 'ns1:t1'; drop 'ns1:t1'; drop_namespace 'ns1'; list_namespace 'ns.*'",
        took().repeat(3) + lines("NAMESPACE", "0 row(s)") + took());
  }

  @Test
  void tableReferences() {
    Outcome o = shell.execute("t = create 'ref1', 'f'\nt.put 'r', 'f:q', 'v', 5\nt.get 'r'\n"
        + "t.count\nt.scan\nt.incr 'c', 'f:n', 2\nt.get_counter 'c', 'f:n'\nt.exists\n"
        + "u = get_table 'ref1'\ncount u\nt.disable\nt.drop");
    assertEquals("", o.err());
    assertEquals("Created table ref1\n" + took() + took() + header("COLUMN", "CELL")
        + row("f:q", "timestamp=5, value=v") + "1 row(s)\n" + took() + "1 row(s)\n" + took()
        + header("ROW", "COLUMN+CELL") + row("r", "column=f:q, timestamp=5, value=v")
        + "1 row(s)\n" + took() + "COUNTER VALUE = 2\n" + took() + "COUNTER VALUE = 2\n"
        + took() + "Table ref1 does exist\n" + took() + took() + "2 row(s)\n" + took()
        + took() + took(), o.out());
    assertEquals(0, o.status());
  }

  @Test
  void errorsNameTheProblemAndShowUsage() {
    String scanHelp = Commands.all().get("scan").help().stripTrailing();
    Outcome o = shell.execute("scan 'nope'");
    assertEquals(1, o.status());
    assertEquals("ERROR: Unknown table nope!\n\nHere is some help for this command:\n"
        + scanHelp + "\n\n", o.err());
    assertEquals(took(), o.out());

    ok("create 'err1', 'f'", "Created table err1\n" + took());
    assertError("create 'err1', 'f'", "Table already exists: err1!");
    assertError("put 'err1', 'r', 'g:q', 'v'", "Unknown column family! Valid column names: f:*");
    assertError("drop 'err1'", "Table err1 is enabled. Disable it first.");
    assertError("enable 'err1'", "Table err1 is already enabled!");
    assertError("scan 'err1', {LIMT => 1}", "scan does not take LIMT; it takes COLUMNS, "
        + "STARTROW, STOPROW, ROWPREFIXFILTER, LIMIT, TIMESTAMP, TIMERANGE, VERSIONS, RAW, "
        + "REVERSED, FILTER, CACHE, CACHE_BLOCKS, BATCH, FORMATTER, MAXLENGTH");
    assertError("get 'err1'", "get takes at least 2 arguments, got 1");
    assertError("scan 'err1', {FILTER => \"PrefxFilter('a')\"}", "bad FILTER: column 1: "
        + "unknown filter 'PrefxFilter'; did you mean PrefixFilter? (show_filters lists them)");
    assertError("create 'bad name', 'f'", "'bad name' is not a valid table name");
    assertError("incr 'err1', 'r', 'f:q', 'x'", "argument 4 (amount) must be an integer, got "
        + "\"x\"");

    assertError("get 'err1', 'r', {TIMESTAMP => -5}", "TIMESTAMP must be 0 or more, got -5");
    assertError("put 'err1', '', 'f:q', 'v'", "argument 2 (row) is empty; a row key has at "
        + "least one byte");
    assertError("create 'err2', 5", "argument 2 (column family name) must be a quoted name "
        + "such as 'name', got 5");
    assertError("create 'err2', 'f', {NUMREGIONS => 1, SPLITALGO => 'HexStringSplit'}",
        "NUMREGIONS must be at least 2 (one region needs no split), got 1");
    assertError("create 'err2', {NAME => 'f', VERSIONS => 5}, 'f'",
        "column family 'f' is given twice");
    assertError("alter 'err1', METHOD => 'table_att_unset', NAME => 'MAX_FILESIZ'", "table err1"
        + " has no setting or metadata key 'MAX_FILESIZ' to unset; its settings are "
        + "MAX_FILESIZE, MEMSTORE_FLUSHSIZE, DURABILITY, READONLY, NORMALIZATION_ENABLED, "
        + "METADATA");
    assertError("t = get_table 'err1'; t.put 'r', 'f:q'", "put takes 3 to 5 arguments, got 2");
    assertError("get 'err1', 'r', ''", "argument 3 (column) '' has an empty family");
    o = shell.execute("x = " + "[".repeat(200));
    assertTrue(o.err().startsWith("ERROR: syntax error at column 105: brackets are nested "
        + "more than 100 deep"), o.err());

    o = shell.execute("craete 'x'");
    assertEquals("ERROR: Unknown command 'craete'. Did you mean 'create'? Type help for the "
        + "list of commands.\n\n", o.err());
    assertEquals(1, o.status());

    o = shell.execute("list\nget 'err1' 'r'");
    assertEquals(1, o.status());
    assertEquals("", o.out(), "nothing runs when the input does not parse");
    assertEquals("ERROR: syntax error at line 2, column 12: expected ';' or the end of the line"
        + " after the command, found string 'r'\n  get 'err1' 'r'\n             ^\n\n", o.err());

    o = shell.execute("scan 'nope'; exists 'err1'");
    assertEquals(1, o.status(), "a failure anywhere fails the run");
    assertTrue(o.out().endsWith("Table err1 does exist\n" + took()), o.out());
    o = shell.run("", "-n", "-e", "scan 'nope'; exists 'err1'");
    assertEquals(1, o.status());
    assertEquals(took(), o.out(), "-n stops at the first failure");
  }

  private static void assertError(String script, String message) {
    Outcome o = shell.execute(script);
    assertEquals(1, o.status(), script);
    assertTrue(o.err().startsWith("ERROR: " + message), "error of " + script + ": " + o.err());
    assertTrue(o.err().contains("Here is some help for this command:"), o.err());
  }

  @Test
  void bulkCommandsAskFirst() {
    ok("create 'bulk_a', 'f'; create 'bulk_b', 'f'", ("Created table bulk_a\n" + took())
        + "Created table bulk_b\n" + took());
    Outcome no = shell.run("n\n", "-e", "disable_all 'bulk_.*'");
    assertEquals(lines("bulk_a", "bulk_b", "", "Disable the above 2 tables (y/n)?",
        "No tables disabled") + took(), no.out());
    Outcome yes = shell.run("y\n", "-e", "disable_all 'bulk_.*'; enable_all 'bulk_a'");
    assertEquals(lines("bulk_a", "bulk_b", "", "Disable the above 2 tables (y/n)?",
        "2 tables successfully disabled") + took() + lines("bulk_a", "",
        "Enable the above 1 tables (y/n)?", "(no answer on standard input: taken as no)",
        "No tables enabled") + took(), yes.out());
    Outcome enable = shell.run("yes\n", "-e", "enable_all 'bulk_b'; disable 'bulk_b'");
    assertEquals(lines("bulk_b", "", "Enable the above 1 tables (y/n)?",
        "1 tables successfully enabled") + took() + took(), enable.out());
    ok("enable 'bulk_a'", took());
    Outcome drop = shell.run("y\n", "-e", "drop_all 'bulk_.*'");
    assertEquals(1, drop.status(), "bulk_a is enabled, so one drop fails");
    assertEquals(lines("bulk_a", "bulk_b", "", "Drop the above 2 tables (y/n)?",
        "1 tables successfully dropped", "1 tables not dropped:",
        "  bulk_a: Table bulk_a is enabled. Disable it first.") + took(), drop.out());
    ok("list 'bulk_.*'; disable 'bulk_a'; drop 'bulk_a'; disable_all 'bulk_.*'",
        lines("TABLE", "bulk_a", "1 row(s)") + took() + took() + took()
            + "No tables matched the regular expression 'bulk_.*'\n" + took());
  }

  @Test
  void generalCommands() {
    Outcome o = shell.execute("version; whoami; table_help");
    assertEquals(0, o.status());
    assertTrue(o.out().startsWith(io.strata.common.Version.get() + ", Java "), o.out());
    assertTrue(o.out().contains(System.getProperty("user.name") + " (auth:SIMPLE)\n    groups: "),
        o.out());
    assertTrue(o.out().contains("A table reference names a table once for many commands."),
        o.out());
    // Load reports arrive every 300 ms and regions of other tests may still be closing: compare
    // with a load that held from before the command to after it.
    long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
    while (true) {
      double before = averageLoad();
      Outcome status = shell.execute("status");
      if (before == averageLoad() || System.nanoTime() > deadline) {
        assertEquals(0, status.status());
        assertEquals("", status.err());
        assertEquals("1 active master, 0 backup masters, 2 servers, 0 dead, "
            + String.format(java.util.Locale.ROOT, "%.4f", before) + " average load\n"
            + took(), status.out());
        break;
      }
    }
    o = shell.execute("status 'simple'");
    assertTrue(o.out().startsWith("active master:  127.0.0.1:"), o.out());
    assertTrue(o.out().contains("\n0 backup masters\n2 live servers\n"), o.out());
    assertTrue(o.out().contains("\n0 dead servers\nAggregate load: "), o.out());
    o = shell.execute("status 'detailed'");
    assertTrue(o.out().startsWith("version " + io.strata.common.Version.get()
        + "\n0 regionsInTransition\n"), o.out());
    assertTrue(o.out().contains("\"strata:meta,,"), o.out());
    assertError("status 'everything'", "status takes 'summary', 'simple' or 'detailed', got"
        + " 'everything'");
    o = shell.execute("help");
    assertTrue(o.out().startsWith("Strata Shell, version "), o.out());
    assertTrue(o.out().contains("  Group name: ddl\n  Commands: alter, create, describe, "
        + "disable, disable_all, drop, drop_all, enable, enable_all, exists, get_table, "
        + "is_disabled, is_enabled, list, list_regions, locate_region, show_filters\n"), o.out());
    assertTrue(!o.out().contains("Took"), "help is not timed");
    ok("help 'get_counter'", Commands.all().get("get_counter").help());
    o = shell.execute("help 'namespace'");
    assertTrue(o.out().startsWith("Command group: namespace"), o.out());
    assertTrue(o.out().contains("Command: alter_namespace\n"), o.out());
    o = shell.execute("show_filters");
    assertTrue(o.out().contains("PrefixFilter('prefix')\n"), o.out());
  }

  private static double averageLoad() {
    try {
      return conn.getAdmin().getClusterStatus().averageLoad();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void regionTools() throws Exception {
    TableName name = TableName.valueOf("tools1");
    Admin admin = conn.getAdmin();
    ok("create 'tools1', 'f', SPLITS => ['m']; put 'tools1', 'a', 'f:q', 'v', 1; "
        + "put 'tools1', 'z', 'f:q', 'v', 1", "Created table tools1\n" + took().repeat(3));
    RegionLocation first;
    try (RegionLocator locator = conn.getRegionLocator(name)) {
      first = locator.getRegionLocation(new byte[] {'a'}, true);
    }
    ok("locate_region 'tools1', 'a'", header("HOST", "REGION") + row(first.server()
        .getAddress(), "{ENCODED => " + first.region().getEncodedName() + ", NAME => '"
        + first.region().getRegionNameAsString() + "', STARTKEY => '', ENDKEY => 'm'}")
        + "1 row(s)\n" + took());
    String encoded = first.region().getEncodedName();
    ok("flush 'tools1'; flush '" + encoded + "'; flush '" + first.server() + "'; compact "
        + "'tools1'; compact 'tools1', 'f'; major_compact 'tools1'; major_compact '" + encoded
        + "', 'f'; compact '" + encoded + "'", took().repeat(8));
    Outcome o = shell.execute("list_regions 'tools1'");
    String[] lines = o.out().split("\n");
    assertEquals(" SERVER_NAME | REGION_NAME | START_KEY | END_KEY | SIZE | REQ |",
        lines[0].replaceAll(" +", " "));
    assertEquals(" 2 rows", lines[4]);
    assertTrue(lines[2].contains(" tools1,,"), lines[2]);
    o = shell.execute("list_regions 'tools1', {}, ['start_key', 'END_KEY']");
    assertEquals(lines(" START_KEY | END_KEY |", " --------- | ------- |",
        "           |       m |", "         m |         |", " 2 rows") + took(), o.out());

    ok("split 'tools1', 'g'", took());
    MiniCluster.waitFor(() -> regions(admin, name) == 3, Duration.ofSeconds(60),
        "the split into 3 regions");
    ok("get_splits 'tools1'", lines("Total number of splits = 3", "g", "m") + took());

    ok("balance_switch false; balancer_enabled; balancer; balance_switch true; "
        + "balancer_enabled", lines("Previous balancer state : true") + took()
        + "false\n" + took() + "false\n" + took()
        + "Previous balancer state : false\n" + took() + "true\n" + took());

    RegionInfo last = admin.getRegions(name).get(2);
    String from = serverOf(last).toString();
    ok("move '" + last.getEncodedName() + "'", took());
    MiniCluster.waitFor(() -> serverOf(last) != null && !serverOf(last).toString().equals(from),
        Duration.ofSeconds(60), "the region to move");
    ok("unassign '" + last.getEncodedName() + "'", took());
    ok("assign '" + last.getEncodedName() + "'", took());
    MiniCluster.waitFor(() -> serverOf(last) != null, Duration.ofSeconds(60),
        "the region to reopen");
    assertError("close_region '" + last.getEncodedName() + "', 'elsewhere,1,1'", "region "
        + last.getEncodedName() + " is on " + serverOf(last) + ", not elsewhere,1,1");
    ok("close_region '" + last.getEncodedName() + "', '" + serverOf(last) + "'; assign '"
        + last.getEncodedName() + "'", took() + took());
    MiniCluster.waitFor(() -> serverOf(last) != null, Duration.ofSeconds(60),
        "the region to reopen");
    ok("count 'tools1'", "2 row(s)\n" + took());

    ok("truncate_preserve 'tools1'; get_splits 'tools1'; count 'tools1'",
        lines("Truncating 'tools1' table (it may take a while):", "Disabling table...",
            "Truncating table (keeping the region boundaries)...") + took()
            + lines("Total number of splits = 3", "g", "m") + took() + "0 row(s)\n" + took());
    ok("truncate 'tools1'; get_splits 'tools1'",
        lines("Truncating 'tools1' table (it may take a while):", "Disabling table...",
            "Truncating table...") + took() + lines("Total number of splits = 1") + took());
  }

  private static int regions(Admin admin, TableName name) {
    try {
      return admin.getRegions(name).size();
    } catch (java.io.IOException e) {
      return -1;
    }
  }

  private static io.strata.common.schema.ServerName serverOf(RegionInfo region) {
    try (RegionLocator locator = conn.getRegionLocator(region.getTable())) {
      for (RegionLocation l : locator.getAllRegionLocations()) {
        if (l.region().getEncodedName().equals(region.getEncodedName())) {
          return l.server();
        }
      }
      return null;
    } catch (java.io.IOException e) {
      return null;
    }
  }

  @Test
  void scriptFiles() throws Exception {
    Path good = dir.resolve("good.rb");
    Files.writeString(good, "create 'file1', 'f'\n# a comment\nput 'file1', 'r', 'f:q', 'v', 3"
        + "\nscan 'file1',\n  {LIMIT => 1}\nexit\nlist 'never'\n");
    Outcome o = shell.run("", good.toString());
    assertEquals(0, o.status());
    assertEquals("Created table file1\n" + took() + took() + header("ROW", "COLUMN+CELL")
        + row("r", "column=f:q, timestamp=3, value=v") + "1 row(s)\n" + took(), o.out());
    Path bad = dir.resolve("bad.rb");
    Files.writeString(bad, "exists 'file1'\ndrop 'file1'\n");
    o = shell.run("", bad.toString());
    assertEquals(1, o.status());
    assertEquals(2, shell.run("", dir.resolve("missing.rb").toString()).status());
    assertEquals(2, shell.run("", "-e", "list", good.toString()).status());
    assertEquals(2, shell.run("", "--bogus").status());
    o = shell.run("list 'file.*'\n");
    assertEquals(lines("TABLE", "file1", "1 row(s)") + took(), o.out(), "commands from stdin");
  }
}
