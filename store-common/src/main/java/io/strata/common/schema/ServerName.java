package io.strata.common.schema;

/**
 * A region server or master process: host, port and start code (the process's start time in
 * milliseconds, which tells a restarted server from its previous life on the same port).
 * Written as {@code host,port,startcode}, as in HBase.
 *
 * <pre>{@code
 * ServerName s = ServerName.parse("127.0.0.1,16020,1700000000000");
 * s.getAddress();   // "127.0.0.1:16020"
 * }</pre>
 */
public record ServerName(String host, int port, long startCode) implements Comparable<ServerName> {
  public ServerName {
    if (host == null || host.isEmpty()) {
      throw new IllegalArgumentException("server host must not be empty");
    }
    if (host.indexOf(',') >= 0 || host.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("server host '" + host
          + "' must not contain ',' or white space");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("server port " + port + " is outside 1..65535");
    }
    if (startCode < 0) {
      throw new IllegalArgumentException("server start code " + startCode + " is negative");
    }
  }

  public static ServerName valueOf(String host, int port, long startCode) {
    return new ServerName(host, port, startCode);
  }

  /** Parses {@code host,port,startcode}. */
  public static ServerName parse(String text) {
    String[] parts = text == null ? new String[0] : text.split(",", -1);
    if (parts.length != 3) {
      throw new IllegalArgumentException("server name '" + text
          + "' is not of the form host,port,startcode (for example 'host1,16020,1700000000000')");
    }
    try {
      return new ServerName(parts[0], Integer.parseInt(parts[1]), Long.parseLong(parts[2]));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("server name '" + text
          + "': port and start code must be numbers (for example 'host1,16020,1700000000000')");
    }
  }

  /** {@code host:port}, for connecting. */
  public String getAddress() {
    return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
  }

  @Override
  public int compareTo(ServerName o) {
    int c = host.compareTo(o.host);
    if (c != 0) {
      return c;
    }
    c = Integer.compare(port, o.port);
    return c != 0 ? c : Long.compare(startCode, o.startCode);
  }

  @Override
  public String toString() {
    return host + "," + port + "," + startCode;
  }
}
