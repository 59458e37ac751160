package io.strata.it.security;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A ZooKeeper server in a child JVM that requires every client to log in with SASL
 * (enforce.auth.schemes=sasl), its login modules given by a JAAS Server section. A child
 * process because JAAS and Kerberos settings are the JVM's own, and the test JVM's clients
 * must not share them.
 */
final class SaslZooKeeper implements AutoCloseable {
  private final Process process;
  private final int port;

  private SaslZooKeeper(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /**
   * Starts one under {@code dir} with {@code serverSection} as its JAAS Server section's body
   * and {@code jvmOptions} (such as java.security.krb5.conf); returns once it takes connections.
   */
  static SaslZooKeeper start(Path dir, String serverSection, String... jvmOptions)
      throws IOException, InterruptedException {
    Files.createDirectories(dir.resolve("data"));
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Path jaas = Files.writeString(dir.resolve("jaas.conf"),
        "Server {\n  " + serverSection + ";\n};\n");
    Path cfg = Files.writeString(dir.resolve("zoo.cfg"), String.join("\n",
        "tickTime=500",
        "dataDir=" + dir.resolve("data"),
        "clientPort=" + port,
        "clientPortAddress=127.0.0.1",
        "admin.enableServer=false",
        "authProvider.1=org.apache.zookeeper.server.auth.SASLAuthenticationProvider",
        "enforce.auth.enabled=true",
        "enforce.auth.schemes=sasl", ""));
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
        "-Djava.security.auth.login.config=" + jaas,
        "-Dlog4j2.configurationFile=" + System.getProperty("log4j2.configurationFile", ""),
        "-cp", System.getProperty("java.class.path")));
    cmd.addAll(List.of(jvmOptions));
    cmd.addAll(List.of("org.apache.zookeeper.server.ZooKeeperServerMain", cfg.toString()));
    Process p = new ProcessBuilder(cmd)
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve("zookeeper.log").toFile())
        .start();
    SaslZooKeeper zk = new SaslZooKeeper(p, port);
    try {
      io.strata.it.minicluster.MiniCluster.waitFor(() -> zk.listening() || !p.isAlive(),
          java.time.Duration.ofSeconds(60), "the child ZooKeeper to listen");
    } catch (AssertionError timedOut) {
      // reported below, with its log
    }
    if (!zk.listening()) {
      zk.close();
      throw new IOException("the child ZooKeeper did not start; see "
          + dir.resolve("zookeeper.log") + ":\n" + Files.readString(dir.resolve(
              "zookeeper.log")));
    }
    return zk;
  }

  String connectString() {
    return "127.0.0.1:" + port;
  }

  private boolean listening() {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }
}
