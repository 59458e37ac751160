package io.strata.server.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.util.ReferenceCountUtil;
import io.strata.common.rpc.LoopWork;
import io.strata.common.rpc.SharedLane;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's end of a connection's shared-memory lane ({@link SharedLane}), first in its
 * pipeline once the client's lane is mapped. The connection's event loop polls it on every turn
 * ({@link LoopWork}): requests come out of the lane's pipe to the server and go up the pipeline
 * as if read from the socket; answers written to the channel go into the pipe to the client
 * instead of the socket, as far as it has room, the rest on later turns. The socket still
 * carries the doorbells (a byte from a client that wrote while this loop was about to sleep,
 * dropped here; a byte to a client whose answer came while it slept) and still ends the
 * connection when it closes. A loop whose answers wait for a client that has stopped reading
 * sleeps all the same, looking at them again every millisecond.
 */
final class LaneHandler extends ChannelDuplexHandler implements LoopWork.Poller {
  private static final Logger LOG = LoggerFactory.getLogger(LaneHandler.class);
  /** Most bytes taken from the lane in one turn, so the loop's other connections get theirs. */
  private static final int POLL_BYTES = 256 * 1024;
  /**
   * How often a sleeping loop looks again at answers waiting for room in the pipe to a client
   * that has stopped reading: the client rings nobody when it makes room, and a loop that
   * polled until then would spend a core on one slow client.
   */
  private static final long RETRY_MICROS = 1000;

  private final SharedLane lane;
  private final ArrayDeque<Pending> out = new ArrayDeque<>();
  private ChannelHandlerContext ctx;
  private boolean registered;
  /** A look at the waiting answers is scheduled. */
  private boolean retrying;
  /** The lane failed or the connection ended: the lane is no longer touched (nor mapped). */
  private boolean broken;

  /** An answer not yet all in the pipe, and the promise its writer waits on. */
  private record Pending(ByteBuf buf, ChannelPromise promise) {}

  LaneHandler(SharedLane lane) {
    this.lane = lane;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
    LoopWork.register(this);
    registered = true;
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    end();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    end();
    super.channelInactive(ctx);
  }

  /**
   * Stops polling and unmaps the lane at once rather than when a collection finds the mapping:
   * a server outlives many connections, and each lane holds its memory until unmapped. Safe,
   * since only this loop's thread touches the lane and it touches it no more.
   */
  private void end() {
    if (registered) {
      LoopWork.unregister(this);
      registered = false;
    }
    for (Pending p; (p = out.poll()) != null; ) {
      p.buf().release();
      p.promise().tryFailure(new ClosedChannelException());
    }
    if (!broken) {
      broken = true;
      lane.unmap();
    }
  }

  /** From the socket: doorbells, which only woke the loop. */
  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ReferenceCountUtil.release(msg);
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    // the bytes were doorbells: nothing for the decoder
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (msg instanceof ByteBuf b && !broken) {
      out.add(new Pending(b, promise));
    } else {
      ctx.write(msg, promise);
    }
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    drain();
  }

  @Override
  public boolean poll() {
    if (broken) {
      return false;
    }
    boolean moved = drain();
    if (broken) {
      return false; // the drain failed: the lane is gone
    }
    try {
      int n = Math.min(lane.toServer().available(), POLL_BYTES);
      if (n > 0) {
        ByteBuf buf = ctx.alloc().heapBuffer(n);
        ByteBuffer into = buf.nioBuffer(0, n);
        buf.writerIndex(lane.toServer().read(into));
        ctx.fireChannelRead(buf);
        ctx.fireChannelReadComplete();
        moved = true;
      }
    } catch (IOException | RuntimeException | InternalError e) {
      fail(e); // InternalError: a fault in the mapping (the client cut its file short)
    }
    return moved;
  }

  /** Moves answers into the pipe to the client while it has room; rings it if it sleeps. */
  private boolean drain() {
    if (broken) {
      return false;
    }
    boolean moved = false;
    try {
      while (!out.isEmpty()) {
        Pending p = out.peek();
        ByteBuf b = p.buf();
        int n = lane.toClient().write(b.nioBuffer(b.readerIndex(), b.readableBytes()));
        b.skipBytes(n);
        moved |= n > 0;
        if (b.isReadable()) {
          break; // the pipe is full: the rest on a later turn, once the client has read
        }
        out.poll();
        b.release();
        p.promise().trySuccess();
      }
    } catch (IOException | RuntimeException | InternalError e) {
      fail(e);
      return false;
    }
    if (broken) {
      return false; // a listener of a written answer closed the channel meanwhile
    }
    if (moved && lane.toClient().takeWaiter()) {
      ctx.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {1})); // to the socket, past this
    }
    return moved;
  }

  private void fail(Throwable e) {
    LOG.warn("closing a connection through the local socket: its shared-memory lane {} failed:"
        + " {}", lane.path(), e.toString());
    end();
    ctx.close();
  }

  @Override
  public boolean prepareToSleep() {
    if (broken) {
      return true;
    }
    if (!out.isEmpty() && !retrying) {
      retrying = true;
      ctx.executor().schedule(() -> {
        retrying = false;
        drain();
      }, RETRY_MICROS, TimeUnit.MICROSECONDS);
    }
    try {
      return lane.toServer().prepareToWait();
    } catch (IOException | RuntimeException | InternalError e) {
      fail(e);
      return true;
    }
  }

  @Override
  public void awake() {
    if (!broken) {
      lane.toServer().doneWaiting();
    }
  }
}
