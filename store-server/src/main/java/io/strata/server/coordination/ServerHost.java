package io.strata.server.coordination;

import io.strata.common.conf.ConfigKey;
import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.ServerKeys;
import io.strata.common.conf.StrataConfiguration;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Where a daemon listens and what it publishes in ZooKeeper: the host of
 * {@code strata.master.hostname} or {@code strata.regionserver.hostname}, else 127.0.0.1 in
 * standalone mode and this machine's host name in a cluster. A daemon never listens on every
 * interface unless the key says 0.0.0.0, and then publishes the host name, which others can
 * reach it by.
 *
 * @param bind the address to bind ports to
 * @param published the name others reach this daemon by, as it goes into its server name
 */
public record ServerHost(String bind, String published) {
  private static final String ANY = "0.0.0.0";

  /** The master's host. */
  public static ServerHost master(StrataConfiguration conf) {
    return of(conf, ServerKeys.MASTER_HOSTNAME);
  }

  /** A region server's host. */
  public static ServerHost regionServer(StrataConfiguration conf) {
    return of(conf, ServerKeys.REGIONSERVER_HOSTNAME);
  }

  private static ServerHost of(StrataConfiguration conf, ConfigKey<String> key) {
    String host = conf.get(key).trim();
    if (host.isEmpty()) {
      if (!conf.get(CoreKeys.CLUSTER_DISTRIBUTED)) {
        return new ServerHost("127.0.0.1", "127.0.0.1");
      }
      String name = localHostName(key);
      return new ServerHost(resolve(name, key), name);
    }
    if (host.equals(ANY)) {
      return new ServerHost(ANY, localHostName(key));
    }
    resolve(host, key); // a name that does not resolve fails the start here, naming the key
    return new ServerHost(host, host);
  }

  private static String localHostName(ConfigKey<String> key) {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("this machine's host name does not resolve ("
          + e.getMessage() + "); add it to /etc/hosts or DNS, or set " + key.name()
          + " to the name or address this daemon should listen on", e);
    }
  }

  private static String resolve(String host, ConfigKey<String> key) {
    try {
      return InetAddress.getByName(host).getHostAddress();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("the host '" + host + "' of " + key.name()
          + " does not resolve; set it to a name in /etc/hosts or DNS, or to an address of "
          + "this machine", e);
    }
  }
}
