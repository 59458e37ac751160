package io.strata.client.internal.rpc;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.error.StrataException;
import io.strata.common.proto.RpcProtos.ConnectionHeaderProto;
import io.strata.common.proto.RpcProtos.ExceptionProto;
import io.strata.common.proto.RpcProtos.RequestHeaderProto;
import io.strata.common.proto.RpcProtos.ResponseHeaderProto;
import io.strata.common.rpc.RpcFrame;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One connection to one service of one server. Calls are multiplexed by call id and answered as
 * futures: with the result, with the same typed exception the server threw, with a
 * {@link CallTimeoutException} when the timeout passes first, or with a retryable
 * {@link ServerErrorException} when the connection is lost. Thread-safe.
 */
public final class RpcConnection implements Closeable {
  private final InetSocketAddress address;
  private final String service;
  private final AtomicInteger nextCallId = new AtomicInteger();
  private final Map<Integer, Pending<?>> pending = new ConcurrentHashMap<>();
  /** Whether a timeout sweep is scheduled (one at a time, only while calls wait). */
  private final java.util.concurrent.atomic.AtomicBoolean sweeping =
      new java.util.concurrent.atomic.AtomicBoolean();
  private volatile Channel channel;
  /** Why the connection ended, once it has. */
  private volatile StrataException closedBecause;

  /** How often the event loop looks for calls past their timeout. */
  static final long TIMEOUT_SWEEP_MILLIS = 10;

  /** A call awaiting its answer; {@code deadline} in nanoTime, 0 for none. */
  private record Pending<T>(String method, Parser<T> parser, CompletableFuture<RpcResponse<T>> f,
      long deadline, long timeoutMillis) {}

  RpcConnection(InetSocketAddress address, String service) {
    this.address = address;
    this.service = service;
  }

  void start(Channel ch, String user) {
    this.channel = ch;
    ByteBuf buf = ch.alloc().buffer();
    buf.writeBytes(RpcFrame.MAGIC).writeByte(RpcFrame.VERSION);
    RpcFrame.write(buf, ConnectionHeaderProto.newBuilder().setUser(user).setService(service)
        .setCellCodec("keyvalue").build(), null, null);
    ch.writeAndFlush(buf);
    ch.closeFuture().addListener(f -> failAll(new ServerErrorException(address.toString(),
        new IOException("the connection to " + address + " closed"))));
  }

  /**
   * Calls {@code method} with {@code param} (and an optional cell block); the answer's result is
   * parsed with {@code parser}. {@code timeout} zero waits forever; {@code priority} above 0
   * asks for the server's priority handlers.
   */
  public <T> CompletableFuture<RpcResponse<T>> call(String method, MessageLite param,
      byte[] cellBlock, Parser<T> parser, Duration timeout, int priority) {
    CompletableFuture<RpcResponse<T>> f = new CompletableFuture<>();
    StrataException closed = closedBecause;
    if (closed != null) {
      f.completeExceptionally(closed);
      return f;
    }
    int callId = nextCallId.updateAndGet(n -> n == Integer.MAX_VALUE ? 1 : n + 1);
    long millis = timeout.toMillis();
    pending.put(callId, new Pending<>(method, parser, f,
        millis > 0 ? System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis) : 0, millis));
    ByteBuf buf = channel.alloc().buffer();
    RpcFrame.write(buf, RequestHeaderProto.newBuilder().setCallId(callId).setMethod(method)
        .setTimeoutMillis((int) Math.min(Integer.MAX_VALUE, millis)).setPriority(priority)
        .build(), param, cellBlock);
    channel.writeAndFlush(buf);
    if (millis > 0 && !sweeping.get() && sweeping.compareAndSet(false, true)) {
      scheduleSweep();
    }
    if (closedBecause != null) {
      failAll(closedBecause); // closed while we registered: fail rather than wait forever
    }
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
    expireCalls();
    if (pending.isEmpty()) {
      sweeping.set(false);
      // A call registered after the check above but before the flag fell saw it still set.
      if (pending.isEmpty() || !sweeping.compareAndSet(false, true)) {
        return;
      }
    }
    scheduleSweep();
  }

  /** Fails every call whose timeout has passed. */
  private void expireCalls() {
    long now = System.nanoTime();
    for (Map.Entry<Integer, Pending<?>> e : pending.entrySet()) {
      Pending<?> p = e.getValue();
      if (p.deadline() != 0 && now - p.deadline() >= 0 && pending.remove(e.getKey(), p)) {
        p.f().completeExceptionally(new CallTimeoutException(service + "." + p.method(),
            address.toString(), p.timeoutMillis()));
      }
    }
  }

  /** Whether the connection still works. */
  public boolean isOpen() {
    return closedBecause == null && channel.isActive();
  }

  SimpleChannelInboundHandler<ByteBuf> handler() {
    return new SimpleChannelInboundHandler<>() {
      @Override
      protected void channelRead0(ChannelHandlerContext ctx, ByteBuf body) {
        answer(body);
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        failAll(new ServerErrorException(address.toString(), cause));
        ctx.close();
      }
    };
  }

  private void answer(ByteBuf body) {
    RpcFrame frame;
    ResponseHeaderProto header;
    try {
      frame = RpcFrame.read(body);
      header = ResponseHeaderProto.parseFrom(frame.header());
    } catch (InvalidProtocolBufferException e) {
      failAll(new ServerErrorException(address.toString(), e));
      channel.close();
      return;
    }
    if (header.getCallId() == 0) { // about the whole connection, which the server closes
      failAll(fromProto(header.getException()));
      return;
    }
    Pending<?> p = pending.remove(header.getCallId());
    if (p != null) {
      complete(p, header, frame);
    }
  }

  private static <T> void complete(Pending<T> p, ResponseHeaderProto header, RpcFrame frame) {
    if (header.hasException()) {
      p.f().completeExceptionally(fromProto(header.getException()));
      return;
    }
    try {
      p.f().complete(new RpcResponse<>(p.parser().parseFrom(frame.param()), frame.cellBlock()));
    } catch (InvalidProtocolBufferException e) {
      p.f().completeExceptionally(e);
    }
  }

  private static StrataException fromProto(ExceptionProto e) {
    return StrataException.fromWire(e.getCode(), e.getMessage(), e.getDetailsMap());
  }

  private void failAll(StrataException why) {
    if (closedBecause == null) {
      closedBecause = why;
    }
    for (Integer id : pending.keySet()) {
      Pending<?> p = pending.remove(id);
      if (p != null) {
        p.f().completeExceptionally(why);
      }
    }
  }

  @Override
  public void close() {
    channel.close().syncUninterruptibly();
  }

  @Override
  public String toString() {
    return "RpcConnection{" + service + "@" + address + "}";
  }
}
