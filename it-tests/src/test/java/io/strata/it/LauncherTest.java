package io.strata.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.Version;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs bin/strata as a user would, in a child process. */
class LauncherTest {
  private static final Path ROOT = Path.of(System.getProperty("strata.source.root", ".."));

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) throws IOException, InterruptedException {
    return run(java.util.Map.of(), args);
  }

  private static Run run(java.util.Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new java.util.ArrayList<>();
    cmd.add(ROOT.resolve("bin/strata").toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(ROOT.toFile());
    pb.environment().putAll(env);
    Process p = pb.start();
    p.getOutputStream().close();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("bin/strata " + String.join(" ", args) + " did not finish in 180s");
    }
    return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(),
        StandardCharsets.UTF_8), new String(p.getErrorStream().readAllBytes(),
        StandardCharsets.UTF_8));
  }

  @Test
  void versionPrintsTheBuildVersion() throws Exception {
    Run r = run("version");
    assertEquals(0, r.exit, r.err);
    assertTrue(r.out.startsWith("Strata " + Version.get() + "\nJava "), r.out);
  }

  /**
   * The client's classpath, as hbase classpath prints HBase's: the configuration directory first,
   * then jars that exist, enough on their own to load and initialize the client's entry points
   * (which need store-common, ZooKeeper, protobuf, Netty and slf4j); --server adds the daemons'.
   */
  @Test
  void classpathPrintsWhatAClientProgramNeeds() throws Exception {
    Run r = run("classpath");
    assertEquals(0, r.exit, r.err);
    List<String> entries = List.of(r.out.trim().split(":"));
    assertEquals(ROOT.resolve("conf").toRealPath(), Path.of(entries.get(0)).toRealPath());
    assertTrue(entries.get(1).matches(".*/store-client/target/store-client-[^/]*\\.jar"),
        entries.get(1));
    java.util.List<java.net.URL> urls = new java.util.ArrayList<>();
    for (String e : entries) {
      assertTrue(java.nio.file.Files.exists(Path.of(e)), e + " does not exist");
      urls.add(Path.of(e).toUri().toURL());
    }
    assertTrue(entries.stream().noneMatch(e -> e.contains("store-server")), r.out);
    try (java.net.URLClassLoader client = new java.net.URLClassLoader(
        urls.toArray(new java.net.URL[0]), ClassLoader.getPlatformClassLoader())) {
      for (String name : List.of("io.strata.client.ConnectionFactory",
          "io.strata.client.internal.AsyncConnectionImpl",
          "io.strata.client.internal.rpc.RpcClient")) {
        assertEquals(client, Class.forName(name, true, client).getClassLoader(), name);
      }
    }
    Run server = run("classpath", "--server");
    assertEquals(0, server.exit, server.err);
    assertTrue(server.out.contains("/store-server/target/store-server-"), server.out);
    Run bad = run("classpath", "--bogus");
    assertEquals(2, bad.exit);
    assertEquals("bin/strata classpath: unknown option '--bogus'; say nothing (the client's) or"
        + " --server\n", bad.err);
  }

  /**
   * A client program on that classpath logs through it: a warning reaches its standard error
   * (SLF4J finds log4j, which reads conf/log4j2.xml, not the tests' logging), and nothing is
   * written under its working directory; the daemons' log files are bin/strata's.
   */
  @Test
  void aClientProgramOnTheClasspathLogsToItsStandardError(@TempDir Path dir) throws Exception {
    Run cp = run("classpath");
    assertEquals(0, cp.exit, cp.err);
    Path program = dir.resolve("Ported.java");
    Files.writeString(program, "public class Ported { public static void main(String[] a) { "
        + "io.strata.common.conf.StrataConfiguration.defaults()"
        + ".set(\"hbase.zookeeper.quorum\", \"zk1\"); } }");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-cp", cp.out.trim(), program.toString()).directory(dir.toFile())
        .redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile())
        .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the client program did not finish in 120 s");
    }
    String err = Files.readString(dir.resolve("err"));
    assertEquals(0, p.exitValue(), err);
    assertTrue(err.matches("\\d{4}-\\d\\d-\\d\\dT[0-9:,]+ WARN  \\[main\\] StrataConfiguration: "
        + "HBase's configuration key 'hbase.zookeeper.quorum' in set\\(hbase.zookeeper.quorum\\)"
        + " means nothing to Strata: set 'strata.zookeeper.quorum' instead "
        + "\\(host:port,host:port,...\\)\n"), err);
    assertEquals("", Files.readString(dir.resolve("out")));
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of("Ported.java", "err", "out"),
          files.map(f -> f.getFileName().toString()).sorted().toList());
    }
  }

  @Test
  void unknownCommandsFailWithUsage() throws Exception {
    Run r = run("frobnicate");
    assertEquals(2, r.exit);
    assertTrue(r.err.startsWith("bin/strata: unknown command 'frobnicate'\nUsage: bin/strata"),
        r.err);
  }

  @Test
  void ycsbWithoutAPhaseFailsWithUsage() throws Exception {
    Run r = run("ycsb", "-P", "conf/ycsb/workloada");
    assertEquals(2, r.exit);
    assertTrue(r.err.startsWith("bin/strata ycsb: unknown phase '-P'; say load (insert the "
        + "records) or run (the workload's operations)\nUsage: bin/strata ycsb load|run"), r.err);
  }

  @Test
  void aFailedStartSaysWhyInOneLineAndExitsNonZero(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    String common = "-Dstrata.rootdir=" + dir.resolve("data").toUri()
        + " -Dstrata.zookeeper.quorum=127.0.0.1:0 -Dstrata.master.port=0";
    String log = dir.resolve("logs/strata-standalone.log").toString();
    java.util.Map<String, String> env = new java.util.HashMap<>(java.util.Map.of(
        "STRATA_PID_DIR", dir.resolve("pids").toString(),
        "STRATA_LOG_DIR", dir.resolve("logs").toString()));

    env.put("STRATA_OPTS", common + " -Dstrata.regionserver.port=notaport");
    Run bad = run(env, "start");
    assertEquals(new Run(1, "", "Strata standalone could not start: configuration key"
        + " 'strata.regionserver.port' has value 'notaport' (from -Dstrata.regionserver.port),"
        + " which is not a whole number; fix it there\n(details in " + log + ")\n"), bad);

    // Another failure's output is its own: nothing of the run before, no stack trace.
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1,
        java.net.InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      env.put("STRATA_OPTS", common + " -Dstrata.regionserver.port=" + port
          + " -Dstrata.regionserver.prot=1");
      Run inUse = run(env, "start");
      assertEquals(new Run(1, "", "warning: unknown configuration key"
          + " 'strata.regionserver.prot' in -Dstrata.regionserver.prot; did you mean"
          + " 'strata.regionserver.port'?\n"
          + "Strata standalone could not start: regionserver could not listen on 127.0.0.1:"
          + port + ": bind(..) failed with error(-98): Address already in use; choose a free"
          + " port\n(details in " + log + ")\n"), inUse);
    }
    // The trace is in the log, for whoever digs further.
    assertTrue(java.nio.file.Files.readString(Path.of(log)).contains(
        "java.io.IOException: regionserver could not listen on 127.0.0.1:"));
    assertEquals(3, run(env, "status").exit);
  }

  @Test
  void startStatusAndStopRunStandaloneStrata(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    java.util.Map<String, String> env = java.util.Map.of(
        "STRATA_PID_DIR", dir.resolve("pids").toString(),
        "STRATA_LOG_DIR", dir.resolve("logs").toString(),
        "STRATA_OPTS", "-Dstrata.rootdir=" + dir.resolve("data").toUri()
            + " -Dstrata.zookeeper.quorum=127.0.0.1:0 -Dstrata.master.port=0"
            + " -Dstrata.regionserver.port=0 -Dstrata.blockcache.l1.heap.fraction=0.05"
            + " -Dstrata.regionserver.prot=1");
    Run notYet = run(env, "status");
    assertEquals(3, notYet.exit, notYet.err);
    assertEquals("Strata standalone is not running\n", notYet.out);
    try {
      Run start = run(env, "start");
      assertEquals(0, start.exit, start.out + start.err);
      assertTrue(start.out.startsWith("Strata standalone started (pid "), start.out);
      // A misspelled key is said on the terminal, not only in the log.
      assertEquals("warning: unknown configuration key 'strata.regionserver.prot' in"
          + " -Dstrata.regionserver.prot; did you mean 'strata.regionserver.port'?\n",
          start.err);
      // Huge pages for the heap exactly where the kernel gives them on request.
      Path thp = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
      boolean madvise = java.nio.file.Files.isReadable(thp)
          && java.nio.file.Files.readString(thp).contains("[madvise]");
      String pid = java.nio.file.Files.readString(dir.resolve("pids/strata-standalone.pid"))
          .trim();
      String cmdline = java.nio.file.Files.readString(Path.of("/proc", pid, "cmdline"))
          .replace('\0', ' ');
      assertEquals(madvise, cmdline.contains(" -XX:+UseTransparentHugePages "), cmdline);
      // A 1 GB heap's G1 regions of 8 MB, so that a write buffer's frame is not humongous.
      assertTrue(cmdline.contains(" -XX:G1HeapRegionSize=8m "), cmdline);
      // A region server collects for class metadata only once it holds 64 MB of it.
      assertTrue(cmdline.contains(" -XX:MetaspaceSize=64m "), cmdline);
      // A standalone's heap is 1 GB unless STRATA_HEAPSIZE says, grown as it is used.
      assertTrue(cmdline.contains(" -Xmx1g "), cmdline);
      assertFalse(cmdline.contains("InitialRAMPercentage"), cmdline);
      assertFalse(cmdline.contains("AlwaysPreTouch"), cmdline);
      // Netty's pooled direct memory allocated without the JDK's zeroing.
      assertTrue(cmdline.contains(" -Dio.netty.tryReflectionSetAccessible=true "), cmdline);
      assertTrue(cmdline.contains(" --add-opens=java.base/java.nio=ALL-UNNAMED "), cmdline);
      // C2 inlines hot methods of up to 100 bytecodes: less compiling in a fresh server's writes.
      assertTrue(cmdline.contains(" -XX:FreqInlineSize=100 "), cmdline);
      // Native libraries loaded without the warnings of JDK 24 and later.
      assertTrue(cmdline.contains(" --enable-native-access=ALL-UNNAMED "), cmdline);
      Run again = run(env, "start");
      assertEquals(1, again.exit);
      assertTrue(again.err.startsWith("Strata standalone is already running (pid "), again.err);
      Run status = run(env, "status");
      assertEquals(0, status.exit, status.err);
      String zk = null;
      for (String line : status.out.split("\n")) {
        if (line.trim().startsWith("zookeeper=")) {
          zk = line.trim().substring("zookeeper=".length());
        }
      }
      assertTrue(status.out.contains("  master=127.0.0.1:") && zk != null, status.out);
      // A client finds it through ZooKeeper and uses it.
      io.strata.common.conf.StrataConfiguration conf =
          io.strata.common.conf.StrataConfiguration.defaults().set("strata.zookeeper.quorum", zk);
      try (io.strata.client.Connection conn =
          io.strata.client.ConnectionFactory.createConnection(conf)) {
        io.strata.common.schema.TableName t = io.strata.common.schema.TableName.valueOf("t");
        conn.getAdmin().createTable(io.strata.common.schema.TableDescriptor.newBuilder(t)
            .setColumnFamily(io.strata.common.schema.ColumnFamilyDescriptor.of("f")).build());
        byte[] f = io.strata.common.util.Bytes.toBytes("f");
        conn.getTable(t).put(new io.strata.client.Put(f).addColumn(f, f, f));
        assertEquals(1, conn.getTable(t).get(new io.strata.client.Get(f)).size());
      }
      // The admin shell, as a user starts it, on the same cluster.
      java.util.Map<String, String> shellEnv = new java.util.HashMap<>(env);
      shellEnv.put("STRATA_OPTS", "-Dstrata.zookeeper.quorum=" + zk);
      Run shell = run(shellEnv, "shell", "-e", "scan 't'; count 't'");
      assertEquals(0, shell.exit, shell.err);
      assertTrue(shell.out.matches("(?s)ROW +COLUMN\\+CELL\n f +column=f:f, timestamp=\\d+, "
          + "value=f\n1 row\\(s\\)\nTook \\d+\\.\\d{4} seconds\n1 row\\(s\\)\nTook .*"),
          shell.out);
      Run failing = run(shellEnv, "shell", "-e", "scan 'nope'");
      assertEquals(1, failing.exit);
      assertTrue(failing.err.startsWith("ERROR: Unknown table nope!\n"), failing.err);
      // The catalog check, as an operator runs it.
      Run hbck = run(shellEnv, "hbck");
      assertEquals(0, hbck.exit, hbck.out + hbck.err);
      assertEquals("Checked strata:meta: 2 table(s), 2 region(s).\nStatus: OK\n", hbck.out);
      // The performance evaluation tool, as a user runs it, writing then reading.
      java.nio.file.Path json = dir.resolve("pe.json");
      Run write = run(shellEnv, "pe", "--rows=100", "sequentialWrite", "2");
      assertEquals(0, write.exit, write.err);
      assertTrue(write.out.contains("sequentialWrite total, 2 clients: 200 rows in "),
          write.out);
      Run read = run(shellEnv, "pe", "--rows=100", "--json", json.toString(), "randomRead",
          "2");
      assertEquals(0, read.exit, read.err);
      assertTrue(java.nio.file.Files.readString(json).contains("\"command\": \"randomRead\""));
      Run wrong = run(shellEnv, "pe", "randomread", "1");
      assertEquals(2, wrong.exit);
      assertEquals("bin/strata pe: unknown command 'randomread'; did you mean randomRead?\n",
          wrong.err);
      // YCSB, as a user goes from start to a benchmark: run wants a loaded table, load
      // creates it.
      String workload = ROOT.resolve("conf/ycsb/workloada").toString();
      Run early = run(shellEnv, "ycsb", "run", "-P", workload);
      assertEquals(new Run(1, "", "bin/strata ycsb: table 'usertable' does not exist; load it "
          + "first: bin/strata ycsb load -P <workload file> (with the same -p table and -p "
          + "columnfamily)\n"), early);
      Run load = run(shellEnv, "ycsb", "load", "-P", workload, "-p", "recordcount=20");
      assertEquals(0, load.exit, load.err);
      assertTrue(load.err.startsWith("Created table 'usertable' with family 'family'\n"),
          load.err);
      assertTrue(load.out.matches("(?s)\\[OVERALL], RunTime\\(ms\\), \\d+\n.*"
          + "\\[INSERT], Operations, 20\n.*\\[INSERT], Return=OK, 20\n.*"), load.out);
      Run ycsb = run(shellEnv, "ycsb", "run", "-P", workload, "-p", "recordcount=20",
          "-p", "operationcount=20");
      assertEquals(0, ycsb.exit, ycsb.err);
      assertTrue(ycsb.out.matches("(?s)\\[OVERALL], RunTime\\(ms\\), \\d+\n.*"
          + "\\[READ], Operations, \\d+\n.*"), ycsb.out);
    } finally {
      Run stop = run(env, "stop");
      assertEquals(0, stop.exit, stop.err);
    }
    Run after = run(env, "status");
    assertEquals(3, after.exit);
    String log = java.nio.file.Files.readString(dir.resolve("logs/strata-standalone.log"));
    assertTrue(log.contains("standalone Strata stopped"), "the clean stop ran to its end");
  }
}
