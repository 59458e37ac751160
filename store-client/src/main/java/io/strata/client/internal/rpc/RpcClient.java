package io.strata.client.internal.rpc;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.strata.common.rpc.NettyTransport;
import io.strata.common.rpc.RpcBuffers;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Makes {@link RpcConnection}s; owns the event loop threads they share. Thread-safe; close it
 * last.
 */
public final class RpcClient implements Closeable {
  /** Largest answer accepted: a result plus its cell block. */
  static final int MAX_RESPONSE = Integer.MAX_VALUE - 8;

  private final EventLoopGroup loop;
  private final NettyTransport transport;
  private final String user;

  /** A client on the native transport where it is available. */
  public RpcClient(String user, int threads) {
    this(user, threads, NettyTransport.choose(true));
  }

  public RpcClient(String user, int threads, NettyTransport transport) {
    this.user = user;
    this.transport = transport;
    this.loop = transport.newGroup(threads, r -> {
      Thread t = new Thread(r, "strata-rpc-client");
      t.setDaemon(true);
      return t;
    });
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
    NettyConnection connection = new NettyConnection(address, service);
    Bootstrap b = new Bootstrap().group(loop).channel(transport.socketChannel())
        .option(ChannelOption.TCP_NODELAY, true)
        .option(ChannelOption.ALLOCATOR, RpcBuffers.ALLOCATOR)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE,
            timeout.toMillis()))
        .handler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            ch.pipeline()
                .addLast("frames", new LengthFieldBasedFrameDecoder(MAX_RESPONSE, 0, 4, 0, 4))
                .addLast("answers", connection.handler());
          }
        });
    CompletableFuture<RpcConnection> result = new CompletableFuture<>();
    try {
      b.connect(address).addListener((io.netty.channel.ChannelFutureListener) f -> {
        if (f.isSuccess()) {
          connection.start(f.channel(), user);
          result.complete(connection);
        } else {
          Throwable cause = f.cause();
          result.completeExceptionally(new IOException("cannot connect to " + address + ": "
              + (cause == null ? "cancelled" : cause.getMessage())
              + "; is the server running there?", cause));
        }
      });
    } catch (RuntimeException e) { // the event loop is shut down
      result.completeExceptionally(new IOException("cannot connect to " + address + ": "
          + e.getMessage(), e));
    }
    return result;
  }

  /**
   * Connects a {@link DirectConnection}, blocking the calling thread up to {@code timeout};
   * its waiting callers poll the socket for {@code spinNanos} before they sleep.
   */
  public DirectConnection connectDirect(InetSocketAddress address, String service,
      Duration timeout, long spinNanos) throws IOException {
    return DirectConnection.open(address, service, user, timeout, spinNanos);
  }

  @Override
  public void close() {
    loop.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
