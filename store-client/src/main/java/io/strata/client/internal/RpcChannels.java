package io.strata.client.internal;

import io.strata.client.internal.rpc.DirectConnection;
import io.strata.client.internal.rpc.DirectScope;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.error.ServerErrorException;
import io.strata.common.schema.ServerName;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One RPC connection per server and service, made on first use and again after it broke.
 * Connection failures are retryable {@link ServerErrorException}s: the server may be
 * restarting, or the region may have moved.
 */
public final class RpcChannels implements Closeable {
  private record Key(String host, int port, String service) {
    // Written out: a record's generated equals and hashCode go through method handles, which
    // the benchmark client's C1-only JIT does not inline (about 1 us of each call's lookup).
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && port == k.port && host.equals(k.host)
          && service.equals(k.service);
    }

    @Override
    public int hashCode() {
      return (host.hashCode() * 31 + port) * 31 + service.hashCode();
    }
  }

  private final RpcClient client;
  private final Duration connectTimeout;
  private final Map<Key, CompletableFuture<RpcConnection>> open = new ConcurrentHashMap<>();
  /** Whether calls in a {@link DirectScope} go over direct connections; and their spin. */
  private final boolean directCalls;
  private final long spinNanos;
  private final Map<Key, DirectConnection> direct = new ConcurrentHashMap<>();

  /** Connections on the event loops only (for servers' own calls). */
  public RpcChannels(RpcClient client, Duration connectTimeout) {
    this(client, connectTimeout, false, 0);
  }

  /**
   * With {@code directCalls}, a blocking operation's call to a region server goes over a
   * {@link DirectConnection} whose waiting threads poll for {@code spinNanos} before sleeping.
   */
  public RpcChannels(RpcClient client, Duration connectTimeout, boolean directCalls,
      long spinNanos) {
    this.client = client;
    this.connectTimeout = connectTimeout;
    this.directCalls = directCalls;
    this.spinNanos = spinNanos;
  }

  /** The connection, waiting for it to be made (not from an event loop thread). */
  public RpcConnection get(ServerName server, String service) throws IOException {
    try {
      return connection(server, service).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted connecting to " + server);
    } catch (java.util.concurrent.ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    }
  }

  /**
   * The open connection to the service of the server, made if there is none (callers asking at
   * once share one attempt). Never blocks; a failure is a retryable ServerErrorException.
   */
  public CompletableFuture<RpcConnection> connection(ServerName server, String service) {
    Key k = new Key(server.host(), server.port(), service);
    if (directCalls && DirectScope.wanted()) {
      try {
        return CompletableFuture.completedFuture(direct(k));
      } catch (IOException e) {
        return CompletableFuture.failedFuture(connectFailure(server, e));
      }
    }
    CompletableFuture<RpcConnection> f = open.get(k);
    if (f != null && (!f.isDone() || usable(f))) {
      return f;
    }
    synchronized (this) {
      f = open.get(k);
      if (f != null && (!f.isDone() || usable(f))) {
        return f;
      }
      CompletableFuture<RpcConnection> made = client.connectAsync(
          new InetSocketAddress(server.host(), server.port()), service, connectTimeout)
          .handle((c, e) -> {
            if (e != null) {
              throw new CompletionException(connectFailure(server,
                  e instanceof CompletionException && e.getCause() != null ? e.getCause() : e));
            }
            return c;
          });
      open.put(k, made);
      return made;
    }
  }

  /**
   * The direct connection for {@code k}, connecting on this (blocking) thread if there is none
   * or it broke.
   */
  private DirectConnection direct(Key k) throws IOException {
    DirectConnection d = direct.get(k);
    if (d != null && d.isOpen()) {
      return d;
    }
    synchronized (direct) {
      d = direct.get(k);
      if (d != null && d.isOpen()) {
        return d;
      }
      d = client.connectDirect(new InetSocketAddress(k.host(), k.port()), k.service(),
          connectTimeout, spinNanos);
      direct.put(k, d);
      return d;
    }
  }

  /**
   * What a failed connect fails calls with: retryable, the server may be starting or moving;
   * but a refusal the server itself gave (a token it did not take) as it is, not retried.
   */
  private static Throwable connectFailure(ServerName server, Throwable e) {
    if (e instanceof io.strata.common.error.StrataException se && !se.isRetryable()) {
      return se;
    }
    return new ServerErrorException(server.toString(), e);
  }

  private static boolean usable(CompletableFuture<RpcConnection> f) {
    return !f.isCompletedExceptionally() && f.join().isOpen();
  }

  /** Closes and forgets the connections to a server that is gone. */
  public synchronized void forget(ServerName server) {
    open.entrySet().removeIf(e -> {
      boolean gone = e.getKey().host().equals(server.host())
          && e.getKey().port() == server.port();
      if (gone) {
        e.getValue().thenAccept(RpcConnection::close);
      }
      return gone;
    });
    direct.entrySet().removeIf(e -> {
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
    open.values().forEach(f -> f.thenAccept(RpcConnection::close));
    open.clear();
    direct.values().forEach(DirectConnection::close);
    direct.clear();
  }
}
