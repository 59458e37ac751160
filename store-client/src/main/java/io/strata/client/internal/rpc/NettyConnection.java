package io.strata.client.internal.rpc;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.unix.DomainSocketChannel;
import io.strata.common.error.ServerErrorException;
import io.strata.common.rpc.CellBlock;
import io.strata.common.rpc.RpcParam;
import io.strata.common.rpc.RpcFrame;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A connection on the client's Netty event loops: requests are written and answers read by the
 * event loop thread, which completes the calls' futures. Any thread may call, and nobody needs
 * to wait, so this is the connection for asynchronous work. Thread-safe.
 */
final class NettyConnection implements RpcConnection {
  private final InetSocketAddress address;
  private final PendingCalls pending;
  /** Whether a timeout sweep is scheduled (one at a time, only while calls wait). */
  private final AtomicBoolean sweeping = new AtomicBoolean();
  private volatile Channel channel;
  private final CompletableFuture<Void> closed = new CompletableFuture<>();
  /** Done once calls may be sent: at once, or, with a proof, once its user is proven. */
  private final CompletableFuture<Void> authenticated = new CompletableFuture<>();
  /** With a proof: its exchange, until done; read and written on the event loop only. */
  private SaslExchange sasl;

  /** How often the event loop looks for calls past their timeout. */
  static final long TIMEOUT_SWEEP_MILLIS = 10;

  NettyConnection(InetSocketAddress address, String service) {
    this.address = address;
    this.pending = new PendingCalls(service, address.toString());
  }

  /**
   * Sends the preamble and connection header; the future completes once calls may be sent: at
   * once, or, with a proof, when the server says its user is proven (failing with the server's
   * refusal otherwise).
   */
  CompletableFuture<Void> start(Channel ch, Identity who) {
    this.channel = ch;
    ByteBuf buf = ch.alloc().buffer();
    buf.writeBytes(RpcFrame.MAGIC).writeByte(RpcFrame.VERSION);
    RpcFrame.write(buf, who.header(serviceName()).build(), null, (byte[]) null);
    if (who.proof() == null) {
      authenticated.complete(null);
    } else {
      try {
        sasl = who.proof().exchange(address);
        sasl.first(buf);
      } catch (IOException e) {
        buf.release();
        ch.close();
        authenticated.completeExceptionally(e);
        return authenticated;
      }
    }
    ch.writeAndFlush(buf);
    ch.closeFuture().addListener(f -> {
      pending.failAll(new ServerErrorException(address.toString(),
          new IOException("the connection to " + address + " closed")));
      authenticated.completeExceptionally(new IOException("the server at " + address
          + " closed the connection before it proved the user"));
      closed.complete(null);
    });
    return authenticated;
  }

  /** One answer of the authentication exchange, on the event loop. */
  private void authenticate(ChannelHandlerContext ctx, RpcFrame frame) {
    ByteBuf out = ctx.alloc().buffer();
    try {
      if (sasl.answer(frame, out)) {
        out.release();
        authenticated.complete(null);
      } else {
        ctx.writeAndFlush(out);
      }
    } catch (IOException | RuntimeException e) {
      out.release();
      authenticated.completeExceptionally(e);
      ctx.close();
    }
  }

  private String serviceName() {
    return pending.service();
  }

  @Override
  public <T> CompletableFuture<RpcResponse<T>> callEncoded(String method, RpcParam param,
      CellBlock.Writer cells, Parser<T> parser, Duration timeout, int priority) {
    CompletableFuture<RpcResponse<T>> f = new CompletableFuture<>();
    long millis = timeout.toMillis();
    // A heap buffer: each cell is one System.arraycopy into it, and the transport copies the
    // frame to native memory in one piece. Into a direct buffer each cell was an
    // Unsafe.copyMemory, a native call per cell under C1 (the benchmark tools' compiler).
    ByteBuf buf = pending.request(method, param, cells, parser, millis, priority, f,
        channel.alloc()::heapBuffer);
    if (buf == null) {
      return f;
    }
    channel.writeAndFlush(buf);
    if (millis > 0 && !sweeping.get() && sweeping.compareAndSet(false, true)) {
      scheduleSweep();
    }
    pending.failAllIfEnded();
    return f;
  }

  /**
   * One sweep finds every call's timeout, instead of a timer task per call that would stay
   * queued (holding the call) for the whole timeout after the answer came. It runs every
   * {@value #TIMEOUT_SWEEP_MILLIS} ms while calls wait, so an idle connection costs nothing.
   */
  private void scheduleSweep() {
    try {
      channel.eventLoop().schedule(this::sweep, TIMEOUT_SWEEP_MILLIS, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException stopped) {
      sweeping.set(false); // the client is closing; failAll answers what waits
    }
  }

  private void sweep() {
    pending.expire();
    if (pending.isEmpty()) {
      sweeping.set(false);
      // A call registered after the check above but before the flag fell saw it still set.
      if (pending.isEmpty() || !sweeping.compareAndSet(false, true)) {
        return;
      }
    }
    scheduleSweep();
  }

  @Override
  public boolean isLocal() {
    return channel instanceof DomainSocketChannel;
  }

  @Override
  public CompletableFuture<Void> closed() {
    return closed;
  }

  @Override
  public boolean isOpen() {
    return !pending.isClosed() && channel.isActive();
  }

  SimpleChannelInboundHandler<ByteBuf> handler() {
    return new SimpleChannelInboundHandler<>() {
      @Override
      protected void channelRead0(ChannelHandlerContext ctx, ByteBuf body) {
        RpcFrame frame;
        try {
          frame = RpcFrame.read(body);
        } catch (InvalidProtocolBufferException e) {
          pending.failAll(new ServerErrorException(address.toString(), e));
          channel.close();
          return;
        }
        if (sasl != null && !sasl.isDone()) {
          authenticate(ctx, frame);
        } else if (!pending.answer(frame)) {
          channel.close();
        }
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        pending.failAll(new ServerErrorException(address.toString(), cause));
        ctx.close();
      }
    };
  }

  @Override
  public void close() {
    channel.close().syncUninterruptibly();
  }

  @Override
  public String toString() {
    return "NettyConnection{" + serviceName() + "@" + address + "}";
  }
}
