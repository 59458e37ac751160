package io.strata.client.internal.rpc;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.strata.common.error.ServerErrorException;
import io.strata.common.error.StrataException;
import io.strata.common.proto.RpcProtos.ConnectionHeaderProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.rpc.LocalLanes;
import io.strata.common.rpc.RpcParam;
import io.strata.common.rpc.RpcFrame;
import io.strata.common.rpc.SharedLane;
import io.strata.common.util.Spinning;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import jdk.net.ExtendedSocketOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection on which the threads that wait for answers move the bytes themselves: a caller
 * writes its request to the socket from its own thread, then {@link #await}s its answer by
 * reading the socket, polling for up to {@code spinNanos} before it sleeps in the kernel. A call
 * thus wakes no other thread of the client, where a {@link NettyConnection} wakes its event loop
 * to write and again to read, and the event loop wakes the caller: on a small virtual machine
 * each of those wake-ups costs as much as a cached get.
 *
 * <p>Several threads may share the connection. One at a time reads (the leader), answering every
 * call it finds, its own and the others'; the others wait to be answered or to lead in turn.
 * Someone must await every call, so only calls whose caller waits for them may use this
 * connection (see {@link DirectScope}); everything asynchronous goes through Netty.
 *
 * <p>Through a server's local socket the calls' bytes may go through a shared-memory lane
 * instead ({@link SharedLane}, {@link LocalLanes}): requests are written into its pipe to the
 * server and answers read from its pipe to the client, with no system call while both sides
 * poll. The socket then carries only doorbells: a byte to a server loop that marked itself
 * asleep, a byte from the server when an answer lands while the leader sleeps in select. Its
 * closing still tells that the server is gone.
 */
public final class DirectConnection implements RpcConnection {
  private static final Logger LOG = LoggerFactory.getLogger(DirectConnection.class);
  /** Longest a leader sleeps before it looks for timed-out calls. */
  private static final long SWEEP_MILLIS = 10;
  /**
   * How long a connection may go without an answer before {@link #isOpen} reads the socket to
   * see whether the server closed it. Far below any idle timeout a server would use, and far
   * above the time between a busy caller's calls: that read cost about 2 µs a get, a twentieth
   * of a cached get's round trip.
   */
  private static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
  /** What a lane's writer sends on the socket to wake a sleeping reader (any byte would do). */
  private static final byte[] DOORBELL = {1};
  /** Bytes read at a time; a larger answer gets a buffer of its own size while it arrives. */
  private static final int READ_BUFFER = 64 * 1024;

  private final InetSocketAddress address;
  /** Whether the socket is the server's local one, not TCP. */
  private final boolean local;
  private final PendingCalls pending;
  private final CompletableFuture<Void> closed = new CompletableFuture<>();
  private final SocketChannel channel;
  private final Selector readable;
  private final long spinNanos;
  private final Object writeLock = new Object();
  /** Made the first time the socket's send buffer fills; guarded by writeLock. */
  private Selector writable;
  private final ReentrantLock turn = new ReentrantLock();
  private final Condition changed = turn.newCondition();
  /** Whether a thread is reading; guarded by turn. */
  private boolean leading;
  /** Threads waiting for the leader to answer them or to hand over. */
  private final AtomicInteger followers = new AtomicInteger();
  /** Bytes read and not yet made into frames; only the leader touches it. */
  private ByteBuffer in = ByteBuffer.allocate(READ_BUFFER);
  /** When the server was last heard from (System.nanoTime), or the socket last looked at. */
  private volatile long lastHeard = System.nanoTime();
  /** The shared-memory lane the calls go through; null when they go through the socket. */
  private final SharedLane lane;
  /** Doorbells read off the socket of a lane's connection: only the leader touches it. */
  private final ByteBuffer bells = ByteBuffer.allocate(64);
  /** A writer stuck on a full lane looks at the socket for the server's close here. */
  private final ByteBuffer closeCheck = ByteBuffer.allocate(64);
  /**
   * Through a lane, the calls whose requests the server may not have read whole yet, with where
   * each request ends in the pipe to the server, in the order written: a write into the pipe
   * succeeds whether or not the server is there, so when the connection breaks, the calls the
   * server never read whole are known not to have run. Writers drop the ones the server has
   * read (under the write lock); nothing else removes, so a call nobody awaits (a scanner's
   * read-ahead when it closes) is not kept past the next request.
   */
  private final ConcurrentLinkedDeque<RequestEnd> unread = new ConcurrentLinkedDeque<>();

  /** A call's request and the pipe position where it ends. */
  private record RequestEnd(CompletableFuture<?> call, long end) {}

  private DirectConnection(InetSocketAddress address, boolean local, String service,
      SocketChannel channel, Selector readable, long spinNanos, SharedLane lane) {
    this.address = address;
    this.local = local;
    this.lane = lane;
    this.pending = new PendingCalls(service, address.toString());
    this.channel = channel;
    this.readable = readable;
    this.spinNanos = spinNanos;
  }

  /**
   * Connects (blocking the calling thread up to {@code timeout}) and sends the connection
   * header; an IOException names the address when the server cannot be reached.
   */
  static DirectConnection open(InetSocketAddress address, String service, Identity who,
      Duration timeout, long spinNanos) throws IOException {
    SocketChannel ch = SocketChannel.open();
    try {
      ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
      ch.socket().connect(address, (int) Math.min(Integer.MAX_VALUE,
          Math.max(1, timeout.toMillis())));
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw new IOException("cannot connect to " + address + ": " + e.getMessage()
          + "; is the server running there?", e);
    }
    return start(ch, address, false, service, who, timeout, spinNanos, null);
  }

  /**
   * Connects to the server at {@code address} through its local socket {@code socket} (see
   * {@link io.strata.common.rpc.LocalSockets}) and sends the connection header, offering a
   * shared-memory lane made as {@code lanes} says (null: none).
   */
  static DirectConnection openLocal(Path socket, InetSocketAddress address, String service,
      Identity who, Duration timeout, long spinNanos, LocalLanes lanes) throws IOException {
    SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
    try {
      // Not blocking: a server too busy to accept fails the connect at once (its backlog is
      // full) and the caller goes over TCP, where a blocking one would wait without a limit.
      ch.configureBlocking(false);
      if (!ch.connect(UnixDomainSocketAddress.of(socket))) {
        try (Selector connected = Selector.open()) {
          ch.register(connected, SelectionKey.OP_CONNECT);
          if (connected.select(Math.max(1, timeout.toMillis())) == 0 || !ch.finishConnect()) {
            throw new IOException("no answer within " + timeout.toMillis() + " ms");
          }
        }
      }
      // Only a server run by the directory's owner (this user) may answer: the directory's
      // check alone would leave the time between that check and this connect.
      UserPrincipal peer = ch.getOption(ExtendedSocketOptions.SO_PEERCRED).user();
      UserPrincipal owner = Files.getOwner(socket.getParent(), LinkOption.NOFOLLOW_LINKS);
      if (!peer.equals(owner)) {
        throw new IOException("the socket is served by user " + peer.getName() + ", not "
            + owner.getName());
      }
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw new IOException("cannot connect to " + address + " through " + socket + ": "
          + e.getMessage(), e);
    }
    return start(ch, address, true, service, who, timeout, spinNanos, lanes);
  }

  private static DirectConnection start(SocketChannel ch, InetSocketAddress address,
      boolean local, String service, Identity who, Duration timeout, long spinNanos,
      LocalLanes lanes) throws IOException {
    Selector selector = null;
    SharedLane lane = null;
    try {
      ch.configureBlocking(false);
      selector = Selector.open();
      ch.register(selector, SelectionKey.OP_READ);
      lane = lanes == null ? null : newLane(lanes, address);
      ByteBuf buf = Unpooled.buffer(64);
      buf.writeBytes(RpcFrame.MAGIC)
          .writeByte(lane != null ? RpcFrame.LANE_VERSION : RpcFrame.VERSION);
      ConnectionHeaderProto.Builder header = who.header(service);
      if (lane != null) {
        header.setLane(lane.path().toString());
      }
      RpcFrame.write(buf, header.build(), null, (byte[]) null);
      SaslExchange sasl = who.proof() == null ? null : who.proof().exchange(address);
      if (sasl != null) {
        sasl.first(buf);
      }
      writeAll(ch, buf.nioBuffer(), timeout.toNanos(), address);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (sasl != null) {
        ByteBuf next = Unpooled.buffer(256);
        if (sasl.answer(readFrame(ch, selector, deadline, address), next)) {
          break;
        }
        writeAll(ch, next.nioBuffer(), deadline - System.nanoTime(), address);
      }
      if (lane != null && !laneTaken(ch, selector, timeout, address)) {
        lane.unlink();
        lane = null;
      }
      return new DirectConnection(address, local, service, ch, selector, spinNanos, lane);
    } catch (IOException | RuntimeException e) {
      ch.close();
      if (selector != null) {
        selector.close();
      }
      if (e instanceof io.strata.common.error.StrataException refused) {
        throw refused; // the server's own answer, such as a refused token
      }
      throw new IOException("cannot connect to " + address + ": " + e.getMessage()
          + "; is the server running there?", e);
    } finally {
      if (lane != null) {
        try {
          lane.unlink(); // mapped at both ends by now, or given up: the name has done its work
        } catch (IOException e) {
          LOG.debug("could not remove the lane {}: {}", lane.path(), e.toString());
        }
      }
    }
  }

  /** A new lane, or null (the calls then go through the socket) when none can be made. */
  private static SharedLane newLane(LocalLanes lanes, InetSocketAddress address) {
    try {
      return SharedLane.create(lanes.dir(), lanes.capacity());
    } catch (IOException | RuntimeException e) {
      LOG.debug("calling {} through its socket: no shared-memory lane in {}: {}", address,
          lanes.dir(), e.toString());
      return null;
    }
  }

  /** Writes all of {@code buf} to a channel not yet in use, waiting up to the timeout. */
  private static void writeAll(SocketChannel ch, ByteBuffer buf, long timeoutNanos,
      InetSocketAddress address) throws IOException {
    long start = System.nanoTime();
    while (buf.hasRemaining()) {
      if (ch.write(buf) == 0) {
        if (System.nanoTime() - start > timeoutNanos) {
          throw new IOException("the server at " + address + " took no connection header");
        }
        Thread.yield();
      }
    }
  }

  /** One whole frame from a channel not yet in use, waiting until {@code deadline}. */
  private static RpcFrame readFrame(SocketChannel ch, Selector selector, long deadline,
      InetSocketAddress address) throws IOException {
    ByteBuffer length = ByteBuffer.allocate(4);
    readFully(ch, selector, length, deadline, address);
    int n = length.getInt(0);
    if (n < 0 || n > 1 << 20) {
      throw new IOException("the server at " + address + " answered the token exchange with a "
          + "frame of " + n + " bytes");
    }
    ByteBuffer body = ByteBuffer.allocate(n);
    readFully(ch, selector, body, deadline, address);
    return RpcFrame.read(Unpooled.wrappedBuffer(body.array()));
  }

  private static void readFully(SocketChannel ch, Selector selector, ByteBuffer into,
      long deadline, InetSocketAddress address) throws IOException {
    while (into.hasRemaining()) {
      int n = ch.read(into);
      if (n < 0) {
        throw new IOException("the server at " + address + " closed the connection during "
            + "the token exchange");
      }
      long left = deadline - System.nanoTime();
      if (n == 0) {
        if (left <= 0) {
          throw new IOException("the server at " + address + " did not answer the token "
              + "exchange in time");
        }
        selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        selector.selectedKeys().clear();
      }
    }
  }

  /**
   * The server's one-byte answer to a header naming a lane: whether it mapped the lane. Anything
   * else (a server of an earlier release refusing the lane's protocol version, an error about
   * the header) fails the connect, and the client calls over TCP, where the error, if any,
   * comes back again and is reported.
   */
  private static boolean laneTaken(SocketChannel ch, Selector selector, Duration timeout,
      InetSocketAddress address) throws IOException {
    ByteBuffer answer = ByteBuffer.allocate(1);
    long deadline = System.nanoTime() + timeout.toNanos();
    while (answer.hasRemaining()) {
      int n = ch.read(answer);
      if (n < 0) {
        throw new IOException("the server at " + address + " closed the connection after its"
            + " header");
      }
      long left = deadline - System.nanoTime();
      if (n == 0) {
        if (left <= 0) {
          throw new IOException("the server at " + address + " did not say within "
              + timeout.toMillis() + " ms whether it took the shared-memory lane");
        }
        selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        selector.selectedKeys().clear();
      }
    }
    byte b = answer.get(0);
    if (b != RpcFrame.LANE_TAKEN && b != RpcFrame.LANE_REFUSED) {
      throw new IOException("the server at " + address + " answered the offer of a "
          + "shared-memory lane with a frame (a server of an earlier release, or an error)");
    }
    return b == RpcFrame.LANE_TAKEN;
  }

  @Override
  public boolean isLocal() {
    return local;
  }

  @Override
  public <T> CompletableFuture<RpcResponse<T>> callEncoded(String method, RpcParam param,
      CellBlock.Writer cells, Parser<T> parser, Duration timeout, int priority) {
    CompletableFuture<RpcResponse<T>> f = new CompletableFuture<>();
    long millis = timeout.toMillis();
    ByteBuf buf = pending.request(method, param, cells, parser, millis, priority, f,
        Unpooled::buffer);
    if (buf == null) {
      return f;
    }
    ByteBuffer bytes = buf.nioBuffer();
    try {
      long timeoutNanos = millis > 0 ? TimeUnit.MILLISECONDS.toNanos(millis) : Long.MAX_VALUE;
      if (lane != null) {
        sendThroughLane(bytes, timeoutNanos, f);
      } else {
        send(bytes, timeoutNanos);
      }
    } catch (IOException e) {
      if (bytes.position() == 0) { // the server cannot have this call: it may be tried again
        f.completeExceptionally(new ServerErrorException(address.toString(),
            new RequestNotSentException(address.toString(), e)));
      }
      broken(e);
    }
    pending.failAllIfEnded();
    DirectScope.record(this, f);
    return f;
  }

  /** Writes all of {@code buf}, waiting while the socket's send buffer is full. */
  private void send(ByteBuffer buf, long timeoutNanos) throws IOException {
    synchronized (writeLock) {
      long start = System.nanoTime();
      while (buf.hasRemaining()) {
        if (channel.write(buf) > 0) {
          continue;
        }
        if (System.nanoTime() - start > timeoutNanos) {
          throw new IOException("could not send a request to " + address + " within "
              + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms: the server reads nothing");
        }
        if (writable == null) {
          writable = Selector.open();
          channel.register(writable, SelectionKey.OP_WRITE);
        }
        writable.select(SWEEP_MILLIS);
        writable.selectedKeys().clear();
      }
    }
  }

  /**
   * Writes all of {@code buf} (the request of {@code call}) into the lane's pipe to the server,
   * waiting while it is full (the server drains it as it polls), and rings the server's doorbell
   * if its loop was about to sleep. A server gone meanwhile drains nothing: while the pipe stays
   * full, the socket is looked at every millisecond for its close, which ends the writing.
   */
  private void sendThroughLane(ByteBuffer buf, long timeoutNanos, CompletableFuture<?> call)
      throws IOException {
    synchronized (writeLock) {
      long taken = lane.toServer().taken();
      for (RequestEnd r; (r = unread.peekFirst()) != null && r.end() <= taken; ) {
        unread.pollFirst();
      }
      unread.addLast(new RequestEnd(call, lane.toServer().written() + buf.remaining()));
      long start = System.nanoTime();
      long looked = start;
      while (buf.hasRemaining()) {
        if (lane.toServer().write(buf) > 0) {
          if (lane.toServer().takeWaiter()) {
            // A doorbell the socket cannot take now is not needed: it holds unread ones.
            channel.write(ByteBuffer.wrap(DOORBELL));
          }
          continue;
        }
        long now = System.nanoTime();
        if (now - start > timeoutNanos) {
          throw new IOException("could not send a request to " + address + " within "
              + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms: the server reads nothing");
        }
        if (now - looked > TimeUnit.MILLISECONDS.toNanos(1)) {
          looked = now;
          closeCheck.clear();
          if (pending.isClosed() || channel.read(closeCheck) < 0) { // doorbells are dropped
            // The rest cannot go. Whoever awaits the call reads what the server put in the
            // lane before it closed (its error about this request, say), then the close.
            return;
          }
        }
        Thread.yield();
      }
    }
  }

  /**
   * Waits until {@code call} (a call made on this connection) is answered, reading the socket
   * while no other thread does. Returns early, with the interrupt flag set, if interrupted.
   */
  public void await(CompletableFuture<?> call) {
    turn.lock();
    try {
      while (!call.isDone() && !Thread.currentThread().isInterrupted()) {
        if (!leading) {
          leading = true;
          turn.unlock();
          try {
            lead(call);
          } finally {
            turn.lock();
            leading = false;
            changed.signalAll(); // the next waiter leads
          }
        } else {
          followers.incrementAndGet();
          try {
            changed.await(SWEEP_MILLIS, TimeUnit.MILLISECONDS);
          } finally {
            followers.decrementAndGet();
          }
          pending.expire();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      turn.unlock();
    }
  }

  /** Reads and answers calls until {@code call} is answered. */
  private void lead(CompletableFuture<?> call) {
    long lastRead = System.nanoTime();
    long turn = 0; // the last idle turn's end (Spinning), 0 after a read
    while (!call.isDone() && !Thread.currentThread().isInterrupted()) {
      int n;
      try {
        n = lane != null ? lane.toClient().read(in) : channel.read(in);
        if (n < 0) {
          throw new IOException("the connection to " + address + " closed");
        }
        if (n > 0) {
          frames();
          lastRead = System.nanoTime();
          turn = 0;
          continue;
        }
        // Yields between looks, so a thread with work runs here first (two cores may be all
        // there is), and sleeps at once on a machine with no processor to spare.
        if (System.nanoTime() - lastRead < spinNanos && (turn = Spinning.idleTurn(turn)) != 0) {
          continue;
        }
        pending.expire();
        if (!call.isDone()) {
          if (lane == null) {
            readable.select(SWEEP_MILLIS);
            readable.selectedKeys().clear();
          } else if (lane.toClient().prepareToWait()) {
            try {
              readable.select(SWEEP_MILLIS); // the server rings if it answers meanwhile
              readable.selectedKeys().clear();
              ringing();
            } finally {
              lane.toClient().doneWaiting();
            }
          }
          lastRead = System.nanoTime(); // poll a little again: the rest may be on its way
        }
      } catch (IOException | ClosedSelectorException e) {
        broken(e);
        return;
      }
    }
  }

  /**
   * Reads the doorbells off a lane's socket; an IOException when the server closed it (the
   * only way a lane's connection tells that its server is gone).
   */
  private void ringing() throws IOException {
    int n;
    do {
      bells.clear();
      n = channel.read(bells);
    } while (n > 0);
    if (n < 0) {
      // What the server put in the lane before it closed comes first: answers, or its error
      // about the connection.
      while (lane.toClient().read(in) > 0) {
        frames();
      }
      throw new IOException("the connection to " + address + " closed");
    }
  }

  /** Answers the calls whose whole frames are in {@code in}; keeps a partial frame's bytes. */
  private void frames() throws IOException {
    in.flip();
    boolean answered = false;
    while (in.remaining() >= 4) {
      long length = Integer.toUnsignedLong(in.getInt(in.position()));
      if (length > RpcClient.MAX_RESPONSE) {
        throw new IOException("the server at " + address + " sent a frame of " + length
            + " bytes, more than a client accepts");
      }
      if (in.remaining() - 4 < length) {
        break;
      }
      in.position(in.position() + 4);
      ByteBuf body = Unpooled.wrappedBuffer(in.array(), in.arrayOffset() + in.position(),
          (int) length);
      in.position(in.position() + (int) length);
      RpcFrame frame;
      try {
        frame = RpcFrame.read(body);
      } catch (InvalidProtocolBufferException e) {
        throw new IOException("the server at " + address + " sent a malformed frame: "
            + e.getMessage(), e);
      }
      if (!pending.answer(frame) || pending.isClosed()) {
        throw new IOException("the server at " + address + " ended the connection: "
            + pending.closedBecause().getMessage());
      }
      answered = true;
    }
    if (answered) {
      lastHeard = System.nanoTime();
    }
    int partial = in.remaining() >= 4 ? 4 + in.getInt(in.position()) : 0;
    if (partial > in.capacity()) { // make room for the whole frame
      ByteBuffer bigger = ByteBuffer.allocate(partial);
      bigger.put(in);
      in = bigger;
    } else if (!in.hasRemaining() && in.capacity() > READ_BUFFER) {
      in = ByteBuffer.allocate(READ_BUFFER); // a large answer is done: give its room back
    } else {
      in.compact();
    }
    if (answered && followers.get() > 0) {
      turn.lock();
      try {
        changed.signalAll(); // their calls may be among those answered
      } finally {
        turn.unlock();
      }
    }
  }

  /** The connection failed: every call fails with a retryable error, and it closes. */
  private void broken(Throwable why) {
    StrataException e = why instanceof StrataException se ? se
        : new ServerErrorException(address.toString(), why);
    if (lane != null) {
      long taken = lane.toServer().taken();
      for (RequestEnd r : unread) {
        if (r.end() > taken) { // the server never had this request whole: it cannot have run
          r.call().completeExceptionally(new ServerErrorException(address.toString(),
              new RequestNotSentException(address.toString(), why instanceof IOException io
                  ? io : new IOException(why))));
        }
      }
    }
    pending.failAll(e);
    closeQuietly();
  }

  /**
   * Whether the connection still works. Nothing reads an idle direct connection, so this looks:
   * a server that closed it (its idle timeout, a restart) is noticed here, before a call is
   * sent into a dead socket and comes back with an unknown outcome. A connection answered within
   * {@link #QUIET_NANOS} is taken as open without looking; a server lost since then fails the
   * next call as it would fail a call in flight.
   */
  @Override
  public boolean isOpen() {
    if (pending.isClosed() || !channel.isOpen()) {
      return false;
    }
    long now = System.nanoTime();
    if (now - lastHeard < QUIET_NANOS) {
      return true;
    }
    if (pending.isEmpty() && turn.tryLock()) {
      try {
        if (!leading) {
          if (lane != null) {
            ringing();
            lane.toClient().read(in);
          } else if (channel.read(in) < 0) {
            throw new IOException("the connection to " + address + " closed");
          }
          frames(); // answers to calls nobody waits for any more
          lastHeard = now;
        }
      } catch (IOException e) {
        broken(e);
      } finally {
        turn.unlock();
      }
    }
    return !pending.isClosed();
  }

  @Override
  public CompletableFuture<Void> closed() {
    return closed;
  }

  @Override
  public void close() {
    pending.failAll(new ServerErrorException(address.toString(),
        new IOException("the connection to " + address + " was closed by the client")));
    closeQuietly();
  }

  private void closeQuietly() {
    try {
      channel.close();
    } catch (IOException ignored) {
      // closing anyway
    }
    closed.complete(null);
    try {
      readable.close(); // wakes a leader sleeping in select
      synchronized (writeLock) {
        if (writable != null) {
          writable.close();
        }
      }
    } catch (IOException ignored) {
      // closing anyway
    }
  }

  @Override
  public String toString() {
    return "DirectConnection{" + pending.service() + "@" + address + (lane != null
        ? " (shared-memory lane)" : local ? " (local socket)" : "") + "}";
  }
}
