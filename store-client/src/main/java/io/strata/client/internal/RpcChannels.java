package io.strata.client.internal;

import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.error.ServerErrorException;
import io.strata.common.schema.ServerName;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One RPC connection per server and service, made on first use and again after it broke.
 * Connection failures are retryable {@link ServerErrorException}s: the server may be
 * restarting, or the region may have moved.
 */
public final class RpcChannels implements Closeable {
  private record Key(String host, int port, String service) {}

  private final RpcClient client;
  private final Duration connectTimeout;
  private final Map<Key, RpcConnection> open = new ConcurrentHashMap<>();

  public RpcChannels(RpcClient client, Duration connectTimeout) {
    this.client = client;
    this.connectTimeout = connectTimeout;
  }

  public RpcConnection get(ServerName server, String service) throws IOException {
    Key k = new Key(server.host(), server.port(), service);
    RpcConnection c = open.get(k);
    if (c != null && c.isOpen()) {
      return c;
    }
    synchronized (this) {
      c = open.get(k);
      if (c != null && c.isOpen()) {
        return c;
      }
      try {
        c = client.connect(new InetSocketAddress(server.host(), server.port()), service,
            connectTimeout);
      } catch (IOException e) {
        throw new ServerErrorException(server.toString(), e);
      }
      open.put(k, c);
      return c;
    }
  }

  /** Closes and forgets the connections to a server that is gone. */
  public synchronized void forget(ServerName server) {
    open.entrySet().removeIf(e -> {
      boolean gone = e.getKey().host().equals(server.host())
          && e.getKey().port() == server.port();
      if (gone) {
        e.getValue().close();
      }
      return gone;
    });
  }

  @Override
  public synchronized void close() {
    open.values().forEach(RpcConnection::close);
    open.clear();
  }
}
