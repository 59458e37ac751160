package io.strata.server.rpc;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.concurrent.ScheduledFuture;
import io.strata.common.conf.RpcKeys;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.ErrorCode;
import io.strata.common.error.ServerBusyException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.error.StrataException;
import io.strata.common.proto.RpcProtos.ConnectionHeaderProto;
import io.strata.common.proto.RpcProtos.ExceptionProto;
import io.strata.common.proto.RpcProtos.RequestHeaderProto;
import io.strata.common.proto.RpcProtos.ResponseHeaderProto;
import io.strata.common.rpc.RpcFrame;
import io.strata.common.rpc.SharedLane;
import io.strata.common.util.CallDeadline;
import io.strata.server.security.ClusterSecret;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection: checks the preamble, reads the connection header, then turns each frame
 * into a call on the right handler pool and writes its answer. Runs on the connection's event
 * loop; handlers answer from their own threads (Netty queues the write). Reads and scanner
 * calls run right here on the event loop when {@code strata.rpc.reads.on.io.thread} is on. The
 * bytes are split into frames by a {@link FrameReader}, which reads a call's cell block into the
 * array chosen once its header and parameter say which method it is for.
 */
final class ServerConnection extends ChannelInboundHandlerAdapter implements FrameReader.Sink {
  private static final Logger LOG = LoggerFactory.getLogger(ServerConnection.class);
  /** Frames this small are taken even when the in-flight budget is spent. */
  static final int SMALL_FRAME = 64 * 1024;

  private enum State { PREAMBLE, HEADER, AUTHENTICATING, CALLS, CLOSED }

  private final RpcServer server;
  private final FrameReader reader;
  private ChannelHandlerContext ctx;
  private State state = State.PREAMBLE;
  private RpcService service;
  /** The preamble said {@link RpcFrame#LANE_VERSION}: the header gets a one-byte answer. */
  private boolean answersHeader;
  private ScheduledFuture<?> setupTimer;
  /** The connection header presented the cluster secret: a peer's calls. */
  private boolean fromPeer;
  /** The user the connection header gave, recorded once for every call on the connection. */
  private String user;
  /** While AUTHENTICATING: the token exchange, and the lane the header named (or empty). */
  private io.strata.server.security.ConnectionProof sasl;
  private String laneAfterAuthentication;
  /** The token the connection proved its user with (set on the event loop, read by calls). */
  private volatile io.strata.common.security.Token provenBy;
  /** Whether the connection proved its user by Kerberos (set as provenBy is). */
  private volatile boolean provenByKerberos;
  /** The client address this connection is counted against, once set up; null for peers. */
  private String addressSlot;
  /** Calls of this connection waiting in the handlers' queues. */
  private final java.util.concurrent.atomic.AtomicInteger queued =
      new java.util.concurrent.atomic.AtomicInteger();
  private String peer;
  /** The call whose cell block is being read, until it is all there. */
  private Call reading;
  /** Bytes of the in-flight budget the frame being read holds, until a call takes them. */
  private long frameHeld;
  private ScheduledFuture<?> rateTimer;
  /** {@link FrameReader#bytesRead} at the rate timer's last turn, and whether mid-frame then. */
  private long bytesAtLastTurn;
  private boolean midFrameAtLastTurn;

  ServerConnection(RpcServer server) {
    this.server = server;
    this.reader = new FrameReader(this, server.largestRequest());
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    long millis = server.options().setupTimeout().toMillis();
    setupTimer = ctx.executor().schedule(() -> {
      if (state == State.PREAMBLE || state == State.HEADER || state == State.AUTHENTICATING) {
        drop(ctx, "sent no preamble and connection header, or did not end its token "
            + "exchange, within "
            + RpcKeys.SETUP_TIMEOUT.name() + " (" + millis + " ms)");
      }
    }, millis, TimeUnit.MILLISECONDS);
    long period = server.options().frameRatePeriod().toMillis();
    if (server.options().frameMinRate() > 0 && period > 0) {
      rateTimer = ctx.executor().scheduleAtFixedRate(() -> checkRate(ctx), period, period,
          TimeUnit.MILLISECONDS);
    }
    super.channelActive(ctx);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    close();
    if (setupTimer != null) {
      setupTimer.cancel(false);
    }
    if (rateTimer != null) {
      rateTimer.cancel(false);
    }
    if (reading != null) { // its cell block never came whole: no call holds its array
      giveBack(reading.request());
      release(reading.request());
      reading = null;
    }
    server.budget().give(frameHeld);
    frameHeld = 0;
    if (addressSlot != null) {
      server.giveConnectionSlot(addressSlot);
      addressSlot = null;
    }
    super.channelInactive(ctx);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof ByteBuf in)) {
      ctx.fireChannelRead(msg);
      return;
    }
    try {
      reader.read(in);
    } finally {
      in.release();
    }
  }

  @Override
  public boolean preamble(byte[] preamble) {
    if (!checkPreamble(ctx, preamble)) {
      return false;
    }
    answersHeader = preamble[4] == RpcFrame.LANE_VERSION;
    state = State.HEADER;
    return true;
  }

  @Override
  public void tooLarge(long length) {
    boolean budget = server.largestRequest() < server.options().maxRequestSize();
    connectionError(ctx, new BadRequestException("a request of " + length + " bytes is "
        + "larger than " + (budget ? RpcKeys.MAX_INFLIGHT_BYTES.name()
            : RpcKeys.MAX_REQUEST_SIZE.name()) + " (" + server.largestRequest()
        + " bytes); send smaller batches"));
  }

  @Override
  public boolean admit(long length) {
    // A small call (a get, a scanner's next) is always taken, so that reads go on while large
    // writes wait; what small calls hold is bounded by their size and the connections.
    boolean taken = server.budget().take(length, length <= SMALL_FRAME);
    frameHeld = taken ? length : 0;
    return taken;
  }

  @Override
  public void refused(byte[] headerBytes) {
    frameHeld = 0;
    int callId;
    try {
      callId = RequestHeaderProto.parseFrom(headerBytes).getCallId();
    } catch (InvalidProtocolBufferException e) {
      connectionError(ctx, new BadRequestException("malformed request header: "
          + e.getMessage()));
      return;
    }
    InflightBudget b = server.budget();
    answerError(ctx, callId, new ServerBusyException(server.name(), "it holds " + b.held()
        + " bytes of requests, near its " + RpcKeys.MAX_INFLIGHT_BYTES.name() + " ("
        + b.capacity() + " bytes)"));
  }

  /**
   * Closes the connection if a request was partly read across the whole last period and less
   * than {@code strata.rpc.frame.min.rate} of it arrived meanwhile: a trickle that would hold
   * the request's memory for as long as its sender likes.
   */
  private void checkRate(ChannelHandlerContext ctx) {
    long read = reader.bytesRead();
    boolean mid = reader.midFrame();
    long period = server.options().frameRatePeriod().toMillis();
    long least = server.options().frameMinRate() * period / 1000;
    if (mid && midFrameAtLastTurn && read - bytesAtLastTurn < least && state != State.CLOSED) {
      LOG.warn("{}: closing connection from {}: it sent a request at {} bytes a second over the "
          + "last {} ms, slower than {} ({} bytes a second)", server.name(),
          ctx.channel().remoteAddress(), (read - bytesAtLastTurn) * 1000 / period, period,
          RpcKeys.FRAME_MIN_RATE.name(), server.options().frameMinRate());
      close();
      ctx.close();
      return;
    }
    bytesAtLastTurn = read;
    midFrameAtLastTurn = mid;
  }

  @Override
  public void malformed(String why) {
    connectionError(ctx, new BadRequestException("malformed frame: " + why));
  }

  @Override
  public byte[] messages(byte[] header, byte[] param, int cellsLength) {
    long held = frameHeld;
    frameHeld = 0;
    if (state == State.HEADER) {
      server.budget().give(held);
      readConnectionHeader(ctx, header);
      return null; // a connection header's cell block, if it had one, means nothing
    }
    if (state == State.AUTHENTICATING) {
      server.budget().give(held);
      authenticate(ctx, header, param);
      return null;
    }
    reading = call(ctx, header, param, cellsLength, held);
    if (reading == null) { // answered already: its cell block is skipped, not kept
      server.budget().give(held);
      return null;
    }
    return reading.request().cells();
  }

  @Override
  public void cells() {
    Call call = reading;
    reading = null;
    serveOrQueue(call);
  }

  private boolean checkPreamble(ChannelHandlerContext ctx, byte[] preamble) {
    if (RpcFrame.isPreamble(preamble)) {
      return true;
    }
    if (java.util.Arrays.equals(preamble, 0, 4, RpcFrame.MAGIC, 0, 4)) {
      connectionError(ctx, new BadRequestException("RPC protocol version " + preamble[4]
          + " is not spoken here; this server speaks versions " + RpcFrame.VERSION + " and "
          + RpcFrame.LANE_VERSION + ": use a client of the same release"));
    } else {
      drop(ctx, "did not start with the Strata RPC preamble (is it talking another protocol "
          + "to this port?)");
    }
    return false;
  }

  private void readConnectionHeader(ChannelHandlerContext ctx, byte[] bytes) {
    ConnectionHeaderProto header;
    try {
      header = ConnectionHeaderProto.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      connectionError(ctx, new BadRequestException("malformed connection header: "
          + e.getMessage()));
      return;
    }
    service = server.service(header.getService());
    if (service == null) {
      connectionError(ctx, new BadRequestException("this server offers no service '"
          + header.getService() + "'; it offers " + server.serviceNames()));
      return;
    }
    if (header.getUser().isEmpty()) {
      connectionError(ctx, new BadRequestException("the connection header names no user; a"
          + " client gives its user (strata.client.user, or the operating system's)"));
      return;
    }
    user = header.getUser();
    if (!header.getClusterToken().isEmpty()) {
      ClusterSecret secret = server.clusterSecret();
      if (secret == null || !secret.matches(header.getClusterToken().toByteArray())) {
        connectionError(ctx, new AccessDeniedException("the cluster token this connection"
            + " presents is not this cluster's secret; is the process from another cluster"
            + " (another strata.rootdir)?"));
        return;
      }
      fromPeer = true;
    }
    if (!header.getCellCodec().isEmpty() && !header.getCellCodec().equals("keyvalue")) {
      connectionError(ctx, new BadRequestException("cell block codec '" + header.getCellCodec()
          + "' is unknown; use keyvalue"));
      return;
    }
    if (!header.getAuthMechanism().isEmpty()) {
      startAuthentication(ctx, header);
      return;
    }
    if (server.authenticationRequired() && !fromPeer) {
      refuse(ctx, server.kerberos() != null
          ? "this cluster requires authentication (strata.security.authentication=kerberos) "
              + "and the connection proved no user; set strata.security.authentication=kerberos"
              + " and strata.security.kerberos.principal on the client and log in (kinit, or "
              + "strata.client.keytab.file), or give a token file in STRATA_TOKEN_FILE"
          : "this cluster requires token authentication (strata.security.authentication="
              + "token) and the connection proved no user; create a token with bin/strata token "
              + "create " + user + " and give its file in STRATA_TOKEN_FILE or "
              + "strata.client.token.file");
      return;
    }
    ready(ctx, header.getLane());
  }

  private void startAuthentication(ChannelHandlerContext ctx, ConnectionHeaderProto header) {
    String mechanism = header.getAuthMechanism();
    try {
      if (mechanism.equals(io.strata.common.security.DigestSasl.MECHANISM)) {
        if (server.tokens() == null) {
          connectionError(ctx, new BadRequestException("this server checks no tokens (it has "
              + "no cluster secret); connect without strata.client.token.file"));
          return;
        }
        sasl = new io.strata.server.security.TokenSaslServer(server.tokens());
      } else if (mechanism.equals(io.strata.common.security.KerberosSasl.MECHANISM)) {
        if (server.kerberos() == null) {
          connectionError(ctx, new BadRequestException("this server takes no Kerberos "
              + "connections (its strata.security.authentication is not kerberos); connect "
              + "with the servers' strata.security.authentication"));
          return;
        }
        sasl = new io.strata.server.security.KerberosSaslServer(server.kerberos());
      } else {
        connectionError(ctx, new BadRequestException("authentication mechanism '" + mechanism
            + "' is unknown; this server takes " + io.strata.common.security.DigestSasl.MECHANISM
            + " (tokens)" + (server.kerberos() != null ? " and "
                + io.strata.common.security.KerberosSasl.MECHANISM + " (Kerberos)" : "")));
        return;
      }
    } catch (javax.security.sasl.SaslException e) {
      connectionError(ctx, new ServerErrorException(server.name(), e));
      return;
    }
    laneAfterAuthentication = header.getLane();
    state = State.AUTHENTICATING;
  }

  /** One frame of the client's proof of its user: answered, until the user is proven. */
  private void authenticate(ChannelHandlerContext ctx, byte[] headerBytes, byte[] param) {
    byte[] challenge;
    try {
      RequestHeaderProto h = RequestHeaderProto.parseFrom(headerBytes);
      if (!h.getMethod().equals("Authenticate")) {
        connectionError(ctx, new BadRequestException("a call to " + h.getMethod() + " came "
            + "before its user was proven; a client sends calls once it is authenticated"));
        return;
      }
      challenge = sasl.step(io.strata.common.proto.RpcProtos.SaslMessageProto.parseFrom(param)
          .getToken().toByteArray());
    } catch (InvalidProtocolBufferException e) {
      connectionError(ctx, new BadRequestException("malformed token exchange frame: "
          + e.getMessage()));
      return;
    } catch (javax.security.sasl.SaslException e) {
      sasl.dispose();
      refuse(ctx, e.getMessage());
      return;
    }
    boolean complete = sasl.isComplete();
    ByteBuf buf = ctx.alloc().buffer();
    RpcFrame.write(buf, ResponseHeaderProto.newBuilder().setCallId(0).build(),
        io.strata.common.proto.RpcProtos.SaslMessageProto.newBuilder()
            .setToken(com.google.protobuf.ByteString.copyFrom(challenge))
            .setComplete(complete).build(), (byte[]) null);
    ctx.writeAndFlush(buf);
    if (complete) {
      user = sasl.user();
      provenBy = sasl.token();
      provenByKerberos = sasl.kerberos();
      sasl.dispose();
      sasl = null;
      ready(ctx, laneAfterAuthentication);
    }
  }

  /** Refuses the connection's authentication: logged with its address, answered, closed. */
  private void refuse(ChannelHandlerContext ctx, String why) {
    LOG.warn("{}: refused a connection from {} claiming user {}: {}", server.name(), peer(),
        user, why);
    connectionError(ctx, new AccessDeniedException(why));
  }

  /** The connection is set up: its lane answered if it asked for one, its calls taken. */
  private void ready(ChannelHandlerContext ctx, String lanePath) {
    if (!fromPeer) {
      java.net.SocketAddress remote = ctx.channel().remoteAddress();
      String address = remote instanceof java.net.InetSocketAddress inet
          ? inet.getAddress().getHostAddress() : "the local socket";
      if (!server.takeConnectionSlot(address)) {
        connectionError(ctx, new ServerBusyException(server.name(), "it holds "
            + server.options().maxConnectionsPerAddress() + " connections from " + address
            + ", its " + io.strata.common.conf.SecurityKeys.MAX_CONNECTIONS_PER_ADDRESS.name()
            + "; share one Connection among a process's threads"));
        return;
      }
      addressSlot = address;
    }
    if (answersHeader) {
      LaneHandler lane = lanePath.isEmpty() ? null : mapLane(ctx, lanePath);
      // The answer goes on the socket before the lane's handler takes over the channel's writes.
      ctx.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {
          lane != null ? RpcFrame.LANE_TAKEN : RpcFrame.LANE_REFUSED}));
      if (lane != null) {
        ctx.pipeline().addFirst("lane", lane);
      }
    }
    state = State.CALLS;
    setupTimer.cancel(false);
  }

  /**
   * The handler of the shared-memory lane the client named, or null (the calls stay on the
   * socket) when this server takes no lanes, the connection is not its local socket, or the
   * file is not a lane of the client's user in the lanes' directory (only there: a path
   * elsewhere could be a file whose reads block this thread, on a network file system).
   */
  private LaneHandler mapLane(ChannelHandlerContext ctx, String path) {
    Path dir = server.options().laneDir();
    if (dir == null || !(ctx.channel() instanceof EpollDomainSocketChannel local)) {
      return null;
    }
    try {
      Path lane = Path.of(path).toAbsolutePath().normalize();
      if (!dir.equals(lane.getParent())) {
        throw new IOException(lane + " is not in " + dir + " (" + RpcKeys.LOCAL_LANE_DIR.name()
            + "), where this server takes lanes from");
      }
      return new LaneHandler(SharedLane.open(lane, local.peerCredentials().uid(),
          SharedLane.MAX_CAPACITY));
    } catch (IOException | RuntimeException e) {
      LOG.warn("{}: not taking the client's shared-memory lane: {}", server.name(),
          e.getMessage());
      return null;
    }
  }

  /**
   * The request of one call: its parameter's bytes and its cell block, the first {@code
   * cellsLength} bytes of {@code cells}, an array lent by {@link RequestArrays} if {@code lent}.
   */
  private record Request(byte[] param, byte[] cells, int cellsLength, boolean lent, long held) {}

  /** A call whose header and parameter are read, waiting for its cell block or a handler. */
  private record Call(RequestHeaderProto header, RpcMethod method, MessageLite param,
      Request request) {}

  /**
   * The call of a frame's {@code headerBytes} and {@code paramBytes}, its cell block of {@code
   * cellsLength} bytes still to read into its request's array; null if it is answered already
   * (an error), its cell block then to be skipped.
   */
  private Call call(ChannelHandlerContext ctx, byte[] headerBytes, byte[] paramBytes,
      int cellsLength, long held) {
    RequestHeaderProto header;
    try {
      header = RequestHeaderProto.parseFrom(headerBytes);
    } catch (InvalidProtocolBufferException e) {
      connectionError(ctx, new BadRequestException("malformed request header: "
          + e.getMessage()));
      return null;
    }
    int callId = header.getCallId();
    if (callId == 0) {
      connectionError(ctx, new BadRequestException("call id 0 is reserved for errors about the "
          + "connection; number calls from 1"));
      return null;
    }
    RpcMethod method = service.methods().get(header.getMethod());
    if (method == null) {
      answerError(ctx, callId, BadRequestException.noSuchMethod(service.name(),
          header.getMethod()));
      return null;
    }
    MessageLite param;
    try {
      // A raw method reads its parameter on its handler thread.
      param = method.raw() == null ? method.parser().parseFrom(paramBytes) : null;
    } catch (InvalidProtocolBufferException e) {
      answerError(ctx, callId, BadRequestException.malformedParameter(service.name(),
          header.getMethod(), e.getMessage()));
      return null;
    }
    // Only a raw method reads a cell block shorter than its array.
    boolean lent = method.raw() != null && server.requestArrays().lends(cellsLength);
    byte[] cells = lent ? server.requestArrays().take(cellsLength) : new byte[cellsLength];
    return new Call(header, method, param, new Request(paramBytes, cells, cellsLength, lent,
        held));
  }

  /** Serves a call whose cell block is read: here, or on a handler of its kind. */
  private void serveOrQueue(Call call) {
    RequestHeaderProto header = call.header();
    RpcMethod method = call.method();
    MessageLite param = call.param();
    Request request = call.request();
    int callId = header.getCallId();
    long received = System.nanoTime();
    long timeoutNanos = TimeUnit.MILLISECONDS.toNanos(header.getTimeoutMillis());
    CallKind kind = header.getPriority() > 0 ? CallKind.PRIORITY : method.kind();
    if (!server.stopping() && ((kind == CallKind.READ || kind == CallKind.SCAN)
        ? server.options().readsOnIoThread()
        : kind == CallKind.WRITE && method.triesIoThread()
            && server.options().writesOnIoThread())) {
      // No hand-off to a handler and back: two thread wake-ups fewer per call.
      RpcServer.ON_IO_THREAD.set(true);
      try {
        if (serve(ctx, header, method, param, request, received, timeoutNanos)) {
          return;
        }
      } finally {
        RpcServer.ON_IO_THREAD.set(false);
      }
    }
    int limit = server.options().maxQueuedPerConnection();
    if (!fromPeer && queued.get() >= limit) {
      answerBusy(call, "this connection has " + limit + " calls waiting for handlers, its "
          + io.strata.common.conf.SecurityKeys.MAX_QUEUED_PER_CONNECTION.name()
          + "; wait for answers before sending more");
      return;
    }
    queued.incrementAndGet();
    Runnable run = () -> {
      queued.decrementAndGet();
      serve(ctx, header, method, param, request, received, timeoutNanos);
    };
    if (!server.queues().offer(kind, run)) {
      queued.decrementAndGet();
      answerBusy(call, server.stopping() ? "it is stopping"
          : "its " + kind.name().toLowerCase() + " call queue is full ("
              + server.options().queueLength() + " calls)");
    }
  }

  /** Answers a call that was not queued with a retryable server-busy error saying why. */
  private void answerBusy(Call call, String why) {
    Request request = call.request();
    giveBack(request);
    release(request);
    int size = answerError(ctx, call.header().getCallId(),
        new ServerBusyException(server.name(), why));
    server.callListener().answered(call.header().getMethod(), 0, 0, 0,
        request.param().length + request.cellsLength(), size, ErrorCode.SERVER_BUSY.name(),
        call.param(), peer(), user, null);
  }

  /**
   * Runs the call and answers it; returns false, having answered nothing, if the method handed
   * the call off (only on a network thread: {@link RpcResult#HAND_OFF}).
   */
  private boolean serve(ChannelHandlerContext ctx, RequestHeaderProto header, RpcMethod method,
      MessageLite param, Request request, long received, long timeoutNanos) {
    boolean done = true;
    RpcServer.FROM_PEER.set(fromPeer);
    RpcServer.CALLER.set(user);
    RpcServer.CONNECTION.set(this);
    CallDeadline.set(timeoutNanos > 0 ? received + timeoutNanos : 0);
    try {
      done = serveOnce(ctx, header, method, param, request, received, timeoutNanos);
      return done;
    } finally {
      RpcServer.FROM_PEER.set(false);
      RpcServer.CALLER.remove();
      RpcServer.CONNECTION.remove();
      CallDeadline.clear();
      if (done) {
        release(request);
      }
    }
  }

  private boolean serveOnce(ChannelHandlerContext ctx, RequestHeaderProto header,
      RpcMethod method, MessageLite param, Request request, long received, long timeoutNanos) {
    int callId = header.getCallId();
    if (timeoutNanos > 0 && System.nanoTime() - received > timeoutNanos) {
      server.countDroppedExpired(); // the client has given up: do not do the work
      giveBack(request);
      return true;
    }
    long start = System.nanoTime();
    long answering = start;
    int answered = 0;
    StrataException failed = null;
    RpcServer.OPERATION.remove();
    RpcServer.TAG.remove();
    try {
      RpcResult result = method.raw() != null
          ? method.raw().call(request.param(), request.cells(), request.cellsLength())
          : method.handler().call(param, request.cells());
      if (result == RpcResult.HAND_OFF) {
        if (RpcServer.onIoThread()) {
          return false;
        }
        throw new IllegalStateException("handed off a call on a handler thread");
      }
      if (result.requestFree()) { // before the answer: the client's next batch may use it
        giveBack(request);
      }
      StrataException fenced = server.fenced();
      if (fenced != null) {
        if (result.after() != null) {
          runAfter(result.after(), header);
        }
        throw fenced;
      }
      answering = System.nanoTime();
      answered = answer(ctx, ResponseHeaderProto.newBuilder().setCallId(callId).build(),
          result.result(), result.cellBlock());
      if (result.after() != null) {
        runAfter(result.after(), header);
      }
    } catch (StrataException e) {
      failed = e;
    } catch (CallDeadline.Exceeded e) {
      failed = new CallTimeoutException(service.name() + "."
          + header.getMethod() + " ran past the client's timeout of "
          + header.getTimeoutMillis() + " ms on " + server.name() + ": its filter or row is"
          + " too costly for the time; narrow the filter or the columns, or raise the timeout");
    } catch (IOException | RuntimeException e) {
      LOG.warn("{}.{} failed", service.name(), header.getMethod(), e);
      failed = new ServerErrorException(server.name(), e);
    } catch (Error e) {
      // Answered all the same: a call left unanswered keeps its client waiting for its whole
      // timeout, and an error escaping here would end the handler thread for good.
      LOG.error("{}.{} failed", service.name(), header.getMethod(), e);
      failed = new ServerErrorException(server.name(), e);
    }
    if (failed != null) {
      answering = System.nanoTime();
      answered = answerError(ctx, callId, failed);
    }
    String operation = RpcServer.OPERATION.get();
    server.callListener().answered(operation != null ? operation : header.getMethod(),
        start - received, answering - start, System.nanoTime() - answering,
        request.param().length + request.cellsLength(), answered,
        failed == null ? null : failed.code().name(), param, peer(), user,
        RpcServer.TAG.get());
    RpcServer.TAG.remove(); // a region closed meanwhile must not stay reachable from here
    return true;
  }

  /**
   * The connection's remote address as text, made once: {@code host:port} over TCP, {@code
   * local pid N} through the local socket (a process on this machine).
   */
  /** The token this connection proved its user with; null when it proved none. */
  io.strata.common.security.Token provenBy() {
    return provenBy;
  }

  boolean provenByKerberos() {
    return provenByKerberos;
  }

  String peer() {
    String p = peer;
    if (p == null) {
      io.netty.channel.Channel ch = ctx == null ? null : ctx.channel();
      java.net.SocketAddress a = ch == null ? null : ch.remoteAddress();
      if (a instanceof java.net.InetSocketAddress i) {
        p = i.getAddress().getHostAddress() + ":" + i.getPort();
      } else if (ch instanceof io.netty.channel.epoll.EpollDomainSocketChannel d) {
        p = localPeer(d);
      } else {
        p = "local";
      }
      peer = p;
    }
    return p;
  }

  private static String localPeer(io.netty.channel.epoll.EpollDomainSocketChannel d) {
    try {
      return "local pid " + d.peerCredentials().pid();
    } catch (IOException | RuntimeException e) {
      return "local";
    }
  }

  /**
   * Returns a lent array for reuse: only for a call never run, or one whose result says nothing
   * holds its request any more. A call that failed keeps it (its cells may be in a queue still).
   */
  private void giveBack(Request request) {
    if (request.lent()) {
      server.requestArrays().give(request.cells());
    }
  }

  /** Gives the call's share of the in-flight budget back: once, when it is answered or dropped. */
  private void release(Request request) {
    server.budget().give(request.held());
  }

  /** Runs a call's work after its answer; the call is answered, so a failure is only logged. */
  private void runAfter(Runnable after, RequestHeaderProto header) {
    try {
      after.run();
    } catch (RuntimeException e) {
      LOG.warn("{}.{}: the work after the answer failed", service.name(), header.getMethod(), e);
    }
  }

  /** Writes an answer; returns its frame's size. */
  private static int answer(ChannelHandlerContext ctx, ResponseHeaderProto header,
      MessageLite result, byte[] cellBlock) {
    int size = RpcFrame.frameSize(header, result, cellBlock);
    ByteBuf buf = ctx.alloc().buffer(size);
    RpcFrame.write(buf, header, result, cellBlock);
    ctx.writeAndFlush(buf);
    return size;
  }

  private static int answerError(ChannelHandlerContext ctx, int callId, StrataException e) {
    return answer(ctx, ResponseHeaderProto.newBuilder().setCallId(callId)
        .setException(toProto(e)).build(), null, (byte[]) null);
  }

  static ExceptionProto toProto(StrataException e) {
    return ExceptionProto.newBuilder().setCode(e.code().code())
        .setMessage(String.valueOf(e.getMessage())).putAllDetails(e.details()).build();
  }

  /** Answers with an error about the whole connection (call id 0), then closes it. */
  private void connectionError(ChannelHandlerContext ctx, StrataException e) {
    LOG.info("{}: closing connection from {}: {}", server.name(), ctx.channel().remoteAddress(),
        e.getMessage());
    close();
    ByteBuf buf = ctx.alloc().buffer();
    RpcFrame.write(buf, ResponseHeaderProto.newBuilder().setCallId(0)
        .setException(toProto(e)).build(), null, (byte[]) null);
    ctx.writeAndFlush(buf).addListener(f -> ctx.close());
  }

  /** Reads nothing more from this connection. */
  private void close() {
    state = State.CLOSED;
    reader.stop();
  }

  private void drop(ChannelHandlerContext ctx, String why) {
    LOG.info("{}: closing connection from {}: it {}", server.name(),
        ctx.channel().remoteAddress(), why);
    close();
    ctx.close();
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
    if (evt instanceof IdleStateEvent) {
      drop(ctx, "was idle for " + RpcKeys.IDLE_TIMEOUT.name() + " ("
          + server.options().idleTimeout().toMillis() + " ms)");
      return;
    }
    super.userEventTriggered(ctx, evt);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    LOG.info("{}: closing connection from {} after an error: {}", server.name(),
        ctx.channel().remoteAddress(), cause.toString());
    close();
    ctx.close();
  }
}
