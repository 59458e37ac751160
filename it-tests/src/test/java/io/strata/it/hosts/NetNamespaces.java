package io.strata.it.hosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Test hosts as Linux network namespaces (root only): host {@code i} is namespace
 * {@code <prefix>h<i>} holding one end of a veth pair whose other end is on a bridge that also
 * carries the test's own address, so every host and the test reach one another over a real
 * link, and {@link #cut} takes a host's link down (its packets go nowhere, as when a cable is
 * pulled) until {@link #heal}. Everything is removed by {@link #close}; traffic stays on this
 * machine.
 */
public final class NetNamespaces implements AutoCloseable {
  private final String prefix;
  private final int subnet;
  private final int hosts;

  private NetNamespaces(String prefix, int subnet, int hosts) {
    this.prefix = prefix;
    this.subnet = subnet;
    this.hosts = hosts;
  }

  /** Whether this process may make namespaces: it runs as root and {@code ip} works. */
  public static boolean available() {
    if (!"root".equals(System.getProperty("user.name"))) {
      return false;
    }
    try {
      return run(false, "ip", "netns", "list") == 0;
    } catch (IOException e) {
      return false;
    }
  }

  /** Makes {@code hosts} hosts on a new bridge; names start with {@code prefix} (short). */
  public static NetNamespaces create(String prefix, int hosts) throws IOException {
    int subnet = 100 + (int) (ProcessHandle.current().pid() % 100);
    NetNamespaces n = new NetNamespaces(prefix, subnet, hosts);
    try {
      n.cleanUp();
      run(true, "ip", "link", "add", n.bridge(), "type", "bridge");
      run(true, "ip", "addr", "add", n.testAddress() + "/24", "dev", n.bridge());
      run(true, "ip", "link", "set", n.bridge(), "up");
      for (int i = 0; i < hosts; i++) {
        String ns = n.namespace(i);
        run(true, "ip", "netns", "add", ns);
        run(true, "ip", "link", "add", n.outer(i), "type", "veth", "peer", "name", n.inner(i));
        run(true, "ip", "link", "set", n.outer(i), "master", n.bridge());
        run(true, "ip", "link", "set", n.outer(i), "up");
        run(true, "ip", "link", "set", n.inner(i), "netns", ns);
        run(true, "ip", "netns", "exec", ns, "ip", "addr", "add", n.address(i) + "/24", "dev",
            n.inner(i));
        run(true, "ip", "netns", "exec", ns, "ip", "link", "set", n.inner(i), "up");
        run(true, "ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
      }
    } catch (IOException | RuntimeException e) {
      n.close();
      throw e;
    }
    return n;
  }

  /** The address of host {@code i}. */
  public String address(int i) {
    return "10.77." + subnet + "." + (i + 2);
  }

  /** The test's own address on the bridge, which every host reaches. */
  public String testAddress() {
    return "10.77." + subnet + ".1";
  }

  /** The command prefix that runs a program on host {@code i}. */
  public List<String> runOn(int i) {
    return List.of("ip", "netns", "exec", namespace(i));
  }

  /** Takes host {@code i}'s link down: nothing reaches it and nothing leaves it. */
  public void cut(int i) throws IOException {
    run(true, "ip", "link", "set", outer(i), "down");
  }

  /** Brings host {@code i}'s link back up. */
  public void heal(int i) throws IOException {
    run(true, "ip", "link", "set", outer(i), "up");
  }

  private String namespace(int i) {
    return prefix + "h" + i;
  }

  private String bridge() {
    return prefix + "br";
  }

  private String outer(int i) {
    return prefix + "o" + i;
  }

  private String inner(int i) {
    return prefix + "i" + i;
  }

  /** Removes what a run with this prefix made, including a run killed before its close. */
  private void cleanUp() throws IOException {
    for (int i = 0; i < hosts; i++) {
      run(false, "ip", "netns", "del", namespace(i));
      run(false, "ip", "link", "del", outer(i));
    }
    run(false, "ip", "link", "del", bridge());
  }

  @Override
  public void close() throws IOException {
    cleanUp();
  }

  private static int run(boolean mustWork, String... cmd) throws IOException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    try {
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", cmd) + " did not finish in 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted running " + String.join(" ", cmd), e);
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (mustWork && p.exitValue() != 0) {
      throw new IOException(String.join(" ", cmd) + " failed (" + p.exitValue() + "): " + out);
    }
    return p.exitValue();
  }
}
