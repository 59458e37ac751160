package io.strata.client.internal.rpc;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.strata.common.rpc.LocalLanes;
import io.strata.common.rpc.LocalSockets;
import io.strata.common.rpc.NettyTransport;
import io.strata.common.rpc.RpcBuffers;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes {@link RpcConnection}s; owns the event loop threads they share. Thread-safe; close it
 * last.
 */
public final class RpcClient implements Closeable {
  /** Largest answer accepted: a result plus its cell block. */
  static final int MAX_RESPONSE = Integer.MAX_VALUE - 8;

  private static final Logger LOG = LoggerFactory.getLogger(RpcClient.class);

  private final EventLoopGroup loop;
  private final NettyTransport transport;
  /** Set once by a cluster's own process before its first connection (presentClusterToken). */
  private volatile Identity identity;
  /** TLS for TCP connections (strata.rpc.tls.enabled); null: plain. */
  private volatile io.strata.common.rpc.Tls tls;
  /** Where servers on this machine keep their local sockets; null: TCP only. */
  private final Path localSockets;
  /** The shared-memory lanes direct connections offer local servers; null: none. */
  private final LocalLanes lanes;

  /** A client on the native transport where it is available, over TCP only. */
  public RpcClient(String user, int threads) {
    this(user, threads, NettyTransport.choose(true));
  }

  public RpcClient(String user, int threads, NettyTransport transport) {
    this(user, threads, transport, null);
  }

  /**
   * A client that calls servers on this machine through their local sockets in {@code
   * localSockets} ({@link LocalSockets}) where it can, over TCP otherwise; null: TCP only.
   */
  public RpcClient(String user, int threads, NettyTransport transport, Path localSockets) {
    this(user, threads, transport, localSockets, null);
  }

  /**
   * As {@link #RpcClient(String, int, NettyTransport, Path)}, its direct connections through a
   * local socket offering the server a shared-memory lane made as {@code lanes} says (null:
   * none; see {@link DirectConnection}).
   */
  public RpcClient(String user, int threads, NettyTransport transport, Path localSockets,
      LocalLanes lanes) {
    this.identity = new Identity(user, null, null);
    this.transport = transport;
    this.localSockets = transport.hasDomainSockets() ? localSockets : null;
    this.lanes = lanes;
    this.loop = transport.newGroup(threads, r -> {
      Thread t = new Thread(r, "strata-rpc-client");
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * Makes every connection opened from now on present {@code token}, the cluster secret: for a
   * cluster's own processes (a master calling region servers, a region server reporting), whose
   * calls servers take only from their peers.
   */
  /** Connects over TCP with TLS from now on (the local socket stays plain). */
  public void useTls(io.strata.common.rpc.Tls t) {
    this.tls = t;
  }

  /** Whether connections over TCP use TLS. */
  public boolean usesTls() {
    return tls != null;
  }

  public void presentClusterToken(byte[] token) {
    identity = new Identity(identity.user(), token.clone(), identity.proof());
  }

  /**
   * Makes every connection opened from now on prove {@code token}'s user before its first call
   * (docs/security.md), as a server with strata.security.authentication=token requires.
   */
  public void authenticateWith(io.strata.common.security.Token token) {
    identity = new Identity(token.user(), identity.clusterToken(), new TokenProof(token));
  }

  /**
   * Makes every connection opened from now on prove its user with the Kerberos login {@code
   * conf} names (docs/security.md), as a server with strata.security.authentication=kerberos
   * takes; an IOException saying what to do when the client has no login.
   */
  public void authenticateWithKerberos(io.strata.common.conf.StrataConfiguration conf)
      throws IOException {
    KerberosProof login = KerberosProof.login(conf);
    identity = new Identity(login.user(), identity.clusterToken(), login);
  }

  /** Connects to {@code service} at {@code address}, waiting up to {@code timeout}. */
  public RpcConnection connect(InetSocketAddress address, String service, Duration timeout)
      throws IOException {
    try {
      return connectAsync(address, service, timeout).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted connecting to " + address);
    } catch (java.util.concurrent.ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    }
  }

  /**
   * Connects without blocking (so it may be called from any thread, an event loop included);
   * the future fails with an IOException naming the address if the server cannot be reached
   * within {@code timeout}.
   */
  public CompletableFuture<RpcConnection> connectAsync(InetSocketAddress address,
      String service, Duration timeout) {
    Path socket = localSocket(address);
    if (socket == null) {
      return connectAsync(address, null, service, timeout);
    }
    return connectAsync(address, socket, service, timeout).exceptionallyCompose(e -> {
      LOG.debug("calling {} over TCP: {}", address, e.getMessage());
      return connectAsync(address, null, service, timeout);
    });
  }

  /** Connects over TCP, or through the local {@code socket} when it is not null. */
  private CompletableFuture<RpcConnection> connectAsync(InetSocketAddress address, Path socket,
      String service, Duration timeout) {
    NettyConnection connection = new NettyConnection(address, service);
    // Plain connections start at once; TLS ones once their handshake is done.
    CompletableFuture<Void> handshake = tls != null && socket == null
        ? new CompletableFuture<>() : CompletableFuture.completedFuture(null);
    Bootstrap b = new Bootstrap().group(loop)
        .option(ChannelOption.ALLOCATOR, RpcBuffers.ALLOCATOR)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE,
            timeout.toMillis()))
        .handler(new ChannelInitializer<Channel>() {
          @Override
          protected void initChannel(Channel ch) {
            io.strata.common.rpc.Tls t = tls;
            if (t != null && socket == null) {
              io.netty.handler.ssl.SslHandler h = t.clientHandler(ch.alloc(),
                  address.getHostString(), address.getPort());
              h.handshakeFuture().addListener(f -> {
                if (f.isSuccess()) {
                  handshake.complete(null);
                } else {
                  handshake.completeExceptionally(new IOException("the TLS handshake "
                      + "with " + address + " failed: " + f.cause().getMessage() + "; does "
                      + "strata.tls.truststore hold the server's certificate (or its "
                      + "authority's), and does the certificate name the host?", f.cause()));
                }
              });
              ch.pipeline().addLast("tls", h);
            }
            ch.pipeline()
                .addLast("frames", new LengthFieldBasedFrameDecoder(MAX_RESPONSE, 0, 4, 0, 4))
                .addLast("answers", connection.handler());
          }
        });
    if (socket == null) {
      b.channel(transport.socketChannel()).option(ChannelOption.TCP_NODELAY, true);
    } else {
      b.channel(EpollDomainSocketChannel.class);
    }
    String where = socket == null ? address.toString() : address + " through " + socket;
    CompletableFuture<RpcConnection> result = new CompletableFuture<>();
    try {
      b.connect(socket == null ? address : new DomainSocketAddress(socket.toString()))
          .addListener((io.netty.channel.ChannelFutureListener) f -> {
            if (f.isSuccess() && socket != null && !servedByThisUser(f.channel())) {
              f.channel().close();
              result.completeExceptionally(new IOException("the socket " + socket
                  + " is served by another user"));
            } else if (f.isSuccess()) {
              handshake.whenComplete((x, failed) -> {
                if (failed != null) {
                  f.channel().close();
                  result.completeExceptionally(failed);
                  return;
                }
                connection.start(f.channel(), identity).whenComplete((ready, refused) -> {
                  if (refused == null) {
                    result.complete(connection);
                  } else {
                    result.completeExceptionally(refused);
                  }
                });
              });
            } else {
              Throwable cause = f.cause();
              result.completeExceptionally(new IOException("cannot connect to " + where + ": "
                  + (cause == null ? "cancelled" : cause.getMessage())
                  + "; is the server running there?", cause));
            }
          });
    } catch (RuntimeException e) { // the event loop is shut down
      result.completeExceptionally(new IOException("cannot connect to " + where + ": "
          + e.getMessage(), e));
    }
    return result;
  }

  /**
   * Whether the server at the other end of a local socket runs as the directory's owner (this
   * client's user), as {@link DirectConnection} checks too: the directory's check alone would
   * leave the time between that check and the connect.
   */
  private boolean servedByThisUser(Channel ch) {
    try {
      int peer = ((EpollDomainSocketChannel) ch).peerCredentials().uid();
      return peer == (Integer) Files.getAttribute(localSockets, "unix:uid",
          LinkOption.NOFOLLOW_LINKS);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * The local socket of the server at {@code address} when it is on this machine and has one
   * in a directory closed to other users; else null.
   */
  private Path localSocket(InetSocketAddress address) {
    if (localSockets == null || !LocalSockets.isThisMachine(address.getAddress())) {
      return null;
    }
    Path socket = LocalSockets.socket(localSockets, address);
    return Files.exists(socket) && LocalSockets.isPrivate(localSockets) ? socket : null;
  }

  /**
   * Connects a {@link DirectConnection}, blocking the calling thread up to {@code timeout};
   * its waiting callers poll the socket for {@code spinNanos} before they sleep.
   */
  public DirectConnection connectDirect(InetSocketAddress address, String service,
      Duration timeout, long spinNanos) throws IOException {
    Path socket = localSocket(address);
    if (socket != null) {
      try {
        return DirectConnection.openLocal(socket, address, service, identity, timeout, spinNanos,
            lanes);
      } catch (IOException e) {
        LOG.debug("calling {} over TCP: {}", address, e.getMessage());
      }
    }
    return DirectConnection.open(address, service, identity, timeout, spinNanos);
  }

  @Override
  public void close() {
    loop.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
