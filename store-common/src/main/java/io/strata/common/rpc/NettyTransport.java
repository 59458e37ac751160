package io.strata.common.rpc;

import io.netty.channel.DefaultSelectStrategyFactory;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SelectStrategyFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.nio.channels.spi.SelectorProvider;
import java.util.concurrent.ThreadFactory;

/**
 * Which Netty transport RPC runs on: Linux's native epoll where it loads (a call costs fewer
 * system calls and its wake-ups are cheaper), Java NIO otherwise. Client and server choose the
 * same way, from {@code strata.rpc.native.transport}.
 */
public enum NettyTransport {
  EPOLL,
  NIO;

  /** Epoll when asked for and available, else NIO. */
  public static NettyTransport choose(boolean preferNative) {
    return preferNative && Epoll.isAvailable() ? EPOLL : NIO;
  }

  public EventLoopGroup newGroup(int threads, ThreadFactory threadFactory) {
    return newGroup(threads, threadFactory, 0);
  }

  /**
   * Event loops that keep polling for {@code spinNanos} after their last work before they sleep
   * ({@link SpinningSelectStrategy}); 0 sleeps at once.
   */
  public EventLoopGroup newGroup(int threads, ThreadFactory threadFactory, long spinNanos) {
    SelectStrategyFactory strategy = spinNanos > 0 ? SpinningSelectStrategy.factory(spinNanos)
        : DefaultSelectStrategyFactory.INSTANCE;
    return this == EPOLL ? new EpollEventLoopGroup(threads, threadFactory, strategy)
        : new NioEventLoopGroup(threads, threadFactory, SelectorProvider.provider(), strategy);
  }

  public Class<? extends SocketChannel> socketChannel() {
    return this == EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
  }

  /** Whether this transport has Unix domain sockets (epoll's; Java NIO's are not used). */
  public boolean hasDomainSockets() {
    return this == EPOLL;
  }

  public Class<? extends ServerChannel> serverChannel() {
    return this == EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
  }
}
