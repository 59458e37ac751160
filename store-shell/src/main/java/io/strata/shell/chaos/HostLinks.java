package io.strata.shell.chaos;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Cuts a host off the network and heals it, where this machine can: a host whose address lives
 * in one of this machine's network namespaces (test hosts made of namespaces and veth pairs) has
 * that interface taken down, so nothing reaches it and nothing leaves it, as when a cable is
 * pulled. Needs root and {@code ip}; a host that is another machine, or a loopback alias,
 * cannot be cut from here, and {@link #canCut} says so.
 */
public final class HostLinks {
  /** Where a host's address lives: the namespace and the interface inside it. */
  record Link(String namespace, String device) {}

  /** The namespace link of the host, or null when it is not in a namespace of this machine. */
  Link find(String host) {
    String address;
    try {
      address = InetAddress.getByName(host).getHostAddress();
    } catch (IOException e) {
      return null;
    }
    try {
      for (String line : run(false, "ip", "netns", "list").split("\n")) {
        String ns = line.trim().split("\\s+")[0];
        if (ns.isEmpty()) {
          continue;
        }
        for (String a : run(false, "ip", "netns", "exec", ns, "ip", "-o", "-4", "addr", "show")
            .split("\n")) {
          // "2: sti0    inet 10.77.1.3/24 brd ... scope global sti0"
          String[] f = a.trim().split("\\s+");
          if (f.length > 3 && f[2].equals("inet") && f[3].startsWith(address + "/")) {
            return new Link(ns, f[1]);
          }
        }
      }
    } catch (IOException e) {
      return null; // no ip, or not root: nothing can be cut
    }
    return null;
  }

  public boolean canCut(String host) {
    return find(host) != null;
  }

  /** Takes the host's link down. */
  public void cut(String host) throws IOException {
    Link l = require(host);
    run(true, "ip", "netns", "exec", l.namespace(), "ip", "link", "set", l.device(), "down");
  }

  /** Brings the host's link back up (its address and routes come back with it). */
  public void heal(String host) throws IOException {
    Link l = require(host);
    run(true, "ip", "netns", "exec", l.namespace(), "ip", "link", "set", l.device(), "up");
  }

  private Link require(String host) throws IOException {
    Link l = find(host);
    if (l == null) {
      throw new IOException("host " + host + " is not in a network namespace of this machine; "
          + "only such hosts can be cut off from here");
    }
    return l;
  }

  private static String run(boolean mustWork, String... cmd) throws IOException {
    Process p = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", cmd) + " did not finish in 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted running " + String.join(" ", cmd));
    }
    if (p.exitValue() != 0) {
      if (mustWork) {
        throw new IOException(String.join(" ", cmd) + " failed (" + p.exitValue() + "): " + out);
      }
      throw new IOException(out);
    }
    return out;
  }
}
