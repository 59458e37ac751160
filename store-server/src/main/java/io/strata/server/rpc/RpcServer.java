package io.strata.server.rpc;

import io.strata.common.error.AccessDeniedException;
import io.strata.server.security.ClusterSecret;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.strata.common.rpc.LocalSockets;
import io.strata.common.rpc.RpcBuffers;
import java.io.Closeable;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server of {@link RpcService}s over Netty (docs/formats/rpc.md). Each connection starts with
 * the preamble and a connection header naming its service; its calls are parsed on the event
 * loop and run on the handler pool of their method's {@link CallKind}. Bad input (wrong magic,
 * garbage, oversized or truncated frames, unknown services or methods, slow or silent clients)
 * gets an error answer or a closed connection and a log line, never a stuck or dead server.
 *
 * <pre>{@code
 * RpcServer server = new RpcServer("regionserver", options, List.of(clientService));
 * server.start();
 * ... server.address() ...
 * server.close(); // stops accepting, finishes queued calls, closes connections
 * }</pre>
 */
public final class RpcServer implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(RpcServer.class);
  /** How long a stop waits for queued calls to finish. */
  private static final long DRAIN_MILLIS = 10_000;
  /** How old another server's socket file must be before this one may remove it. */
  private static final Duration STALE_SOCKET_AGE = Duration.ofMinutes(1);

  private final String name;
  private final RpcServerOptions options;
  private final Map<String, RpcService> services = new HashMap<>();
  private final CallQueues queues;
  private final EventLoopGroup boss;
  private final EventLoopGroup workers;
  private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
  private final LongAdder droppedExpired = new LongAdder();
  private final RequestArrays requestArrays;
  private final InflightBudget budget;
  private volatile ClusterSecret clusterSecret;
  private volatile io.strata.server.security.TokenAuthority tokens;
  private volatile io.strata.server.security.KerberosLogin kerberos;
  /** TLS for TCP connections; null: plain. */
  private volatile io.strata.common.rpc.Tls tls;
  /** Client connections set up, by client address (peers' are not counted). */
  private final io.strata.common.util.BoundedCounts<String> perAddress =
      new io.strata.common.util.BoundedCounts<>();
  private volatile boolean authenticationRequired;
  private volatile CallListener callListener = CallListener.NONE;
  private Channel listener;
  private Channel localListener;
  private volatile Path localSocket;
  private volatile boolean stopping;
  private boolean closed;
  /** Why no call may be answered with success now, or null (see {@link #fenceWith}). */
  private volatile java.util.function.Supplier<io.strata.common.error.StrataException> fence =
      () -> null;

  public RpcServer(String name, RpcServerOptions options, List<RpcService> services) {
    this.name = name;
    this.options = options;
    this.requestArrays = new RequestArrays(options.requestArrays());
    this.budget = new InflightBudget(InflightBudget.capacity(options.maxInflightBytes(),
        Runtime.getRuntime().maxMemory()));
    for (RpcService s : services) {
      if (this.services.put(s.name(), s) != null) {
        throw new IllegalArgumentException("service " + s.name() + " is registered twice");
      }
    }
    this.queues = new CallQueues(name, options.handlers(), options.queueLength(),
        options.spin().toNanos());
    this.boss = options.transport().newGroup(1, new DefaultThreadFactory(name + "-rpc-accept"));
    this.workers = options.transport().newGroup(
        Math.max(2, Runtime.getRuntime().availableProcessors()),
        new DefaultThreadFactory(name + "-rpc-io"), options.spin().toNanos());
  }

  /** Binds and starts accepting connections. */
  public void start() throws IOException {
    ServerBootstrap b = new ServerBootstrap().group(boss, workers)
        .channel(options.transport().serverChannel())
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childOption(ChannelOption.ALLOCATOR, RpcBuffers.ALLOCATOR)
        .childHandler(connectionSetup());
    try {
      listener = b.bind(options.host(), options.port()).sync().channel();
    } catch (Exception e) {
      close();
      throw new IOException(name + " could not listen on " + options.host() + ":"
          + options.port() + ": " + e.getMessage() + "; choose a free port", e);
    }
    LOG.info("{} listening on {}", name, address());
    if (options.localSocketDir() != null && options.transport().hasDomainSockets()) {
      listenLocally(options.localSocketDir());
    }
  }

  /** Every accepted connection, over TCP or the local socket, gets the same pipeline. */
  private ChannelInitializer<Channel> connectionSetup() {
    return new ChannelInitializer<>() {
      @Override
      protected void initChannel(Channel ch) {
        connections.add(ch);
        io.strata.common.rpc.Tls t = tls;
        if (t != null && !(ch instanceof io.netty.channel.unix.DomainSocketChannel)) {
          ch.pipeline().addLast("tls-gate", new TlsGate(t, name));
        }
        ch.pipeline()
            .addLast("idle", new IdleStateHandler(0, 0,
                options.idleTimeout().toMillis(), TimeUnit.MILLISECONDS))
            .addLast("connection", new ServerConnection(RpcServer.this));
      }
    };
  }

  /**
   * Also listens on the local socket of the TCP address just bound (strata.rpc.local.sockets).
   * A file left there whose socket nobody answers belongs to a server that held this address
   * before and is gone, so it is replaced; one that answers is left alone. Clients fall back to
   * TCP, so a socket that cannot be made is a warning only.
   */
  private void listenLocally(Path dir) {
    Path socket = LocalSockets.socket(dir, address());
    try {
      LocalSockets.prepare(dir);
      sweep(dir, socket);
      if (Files.exists(socket) && !refuses(socket)) {
        throw new IOException("another server answers there");
      }
      Files.deleteIfExists(socket);
      localListener = new ServerBootstrap().group(boss, workers)
          .channel(EpollServerDomainSocketChannel.class)
          .childOption(ChannelOption.ALLOCATOR, RpcBuffers.ALLOCATOR)
          .childHandler(connectionSetup())
          .bind(new DomainSocketAddress(socket.toString())).sync().channel();
      localSocket = socket;
      LOG.info("{} listening on {} for clients on this machine", name, socket);
    } catch (Exception e) {
      LOG.warn("{} serves TCP only: no local socket at {}: {}", name, socket, e.toString());
    }
  }

  /**
   * Removes the socket files of other servers that are gone (killed, so they never deleted
   * them): files named as servers name them, older than {@link #STALE_SOCKET_AGE}, at which a
   * connect is refused. A busy server's full backlog is another error, not a refusal, and a
   * server that just bound its file has not listened yet for a moment, which the age covers.
   */
  private void sweep(Path dir, Path own) {
    long before = System.currentTimeMillis() - STALE_SOCKET_AGE.toMillis();
    List<Path> removed = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "rpc-*.sock")) {
      for (Path f : files) {
        if (!f.equals(own)
            && Files.getLastModifiedTime(f, LinkOption.NOFOLLOW_LINKS).toMillis() < before
            && refuses(f) && Files.deleteIfExists(f)) {
          removed.add(f.getFileName());
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.debug("{} did not finish looking for dead servers' sockets in {}: {}", name, dir,
          e.toString());
    }
    if (!removed.isEmpty()) {
      LOG.info("{} removed the sockets of {} servers gone from {}: {}", name, removed.size(),
          dir, removed);
    }
  }

  /**
   * Whether a connect to {@code socket} is refused: no server listens there (a plain file is
   * refused too). Not blocking, so a busy server's full backlog is an error at once, and not a
   * refusal.
   */
  private static boolean refuses(Path socket) {
    try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
      probe.configureBlocking(false);
      probe.connect(UnixDomainSocketAddress.of(socket));
      return false;
    } catch (ConnectException e) {
      return true;
    } catch (IOException | RuntimeException e) {
      return false; // busy, or not ours to judge
    }
  }

  /** The local socket's file, or null when the server listens on TCP only. */
  public Path localSocket() {
    return localSocket;
  }

  /** Set while a call runs on a network thread ({@code strata.rpc.reads.on.io.thread}). */
  static final ThreadLocal<Boolean> ON_IO_THREAD = ThreadLocal.withInitial(() -> false);
  /** The user the connection of the call being served gave in its header. */
  static final ThreadLocal<String> CALLER = new ThreadLocal<>();
  /** The connection of the call being served. */
  static final ThreadLocal<Object> CONNECTION = new ThreadLocal<>();

  /**
   * The connection the call being served came on, as a key to count what one connection holds
   * (its open scanners); null outside a call.
   */
  public static Object connection() {
    return CONNECTION.get();
  }

  /**
   * The token the connection of the call being served proved its user with (no password), or
   * null: under simple authentication, for the cluster's own processes, outside a call.
   */
  public static io.strata.common.security.Token callToken() {
    return CONNECTION.get() instanceof ServerConnection c ? c.provenBy() : null;
  }

  /** Whether the connection of the call being served proved its user by Kerberos. */
  public static boolean callKerberos() {
    return CONNECTION.get() instanceof ServerConnection c && c.provenByKerberos();
  }

  /** Where this server finds delegation tokens' expiries (see {@code TokenAuthority}). */
  public void useTokenRenewals(io.strata.server.security.TokenAuthority.Renewals r) {
    tokens.useRenewals(r);
  }

  /**
   * Where the call being served came from, for logs ({@code host:port}, or {@code local pid N}
   * through the local socket); null outside a call.
   */
  public static String remoteAddress() {
    return CONNECTION.get() instanceof ServerConnection c ? c.peer() : null;
  }

  /**
   * The user of the call being served, as its connection's header gave it when the connection
   * was set up (a call cannot claim another); null outside a call.
   */
  public static String caller() {
    return CALLER.get();
  }

  /** Whether the call being served came over a connection that presented the cluster secret. */
  static final ThreadLocal<Boolean> FROM_PEER = ThreadLocal.withInitial(() -> false);

  /**
   * Whether the calling handler serves a call from one of the cluster's own processes (its
   * connection presented the cluster secret): calls that change the cluster's layout are taken
   * only from them.
   */
  public static boolean callFromPeer() {
    return FROM_PEER.get();
  }

  /**
   * Refuses the call being served unless a peer made it, saying that {@code what} is for the
   * cluster's own processes and {@code instead} what a user does.
   */
  public static void requirePeer(String what, String instead) throws AccessDeniedException {
    if (!callFromPeer()) {
      throw new AccessDeniedException(what + " is done only by the cluster's own processes; "
          + instead);
    }
  }

  /** The operation the call being served is, as its handler named it; null: its method. */
  static final ThreadLocal<String> OPERATION = new ThreadLocal<>();

  /**
   * Names the operation of the call being served for its metrics, where one method serves
   * several (a Mutate is a put, a delete, an increment, ...).
   */
  public static void nameOperation(String operation) {
    OPERATION.set(operation);
  }

  /** What the call being served is about, as its handler tagged it; null: nothing. */
  static final ThreadLocal<Object> TAG = new ThreadLocal<>();

  /**
   * Tags the call being served with what it is about (a region), passed to the {@link
   * CallListener} as is: the RPC layer does not look at it.
   */
  public static void tagCall(Object tag) {
    TAG.set(tag);
  }

  /** Tells {@code l} of every call answered from now on. */
  public void listen(CallListener l) {
    this.callListener = l == null ? CallListener.NONE : l;
  }

  CallListener callListener() {
    return callListener;
  }

  /** Calls waiting for a handler of {@code kind}. */
  public int queuedCalls(CallKind kind) {
    return queues.queued(kind);
  }

  /** Calls being served by handlers of {@code kind}. */
  public int activeCalls(CallKind kind) {
    return queues.active(kind);
  }

  /** Open client and peer connections, over TCP and the local socket. */
  public int openConnections() {
    return connections.size();
  }

  /** The secret peers present; null when this server takes calls from anyone. */
  ClusterSecret clusterSecret() {
    return clusterSecret;
  }

  /** Takes peer-only calls from connections presenting {@code secret}; set before {@link #start}. */
  public void trust(ClusterSecret secret) {
    this.clusterSecret = secret;
    this.tokens = new io.strata.server.security.TokenAuthority(secret,
        java.time.InstantSource.system());
  }

  /**
   * Refuses connections that neither prove their user with a token nor present the cluster
   * secret (strata.security.authentication=token); set before {@link #start}, after
   * {@link #trust}.
   */
  public void requireAuthentication() {
    if (tokens == null) {
      throw new IllegalStateException("authentication needs the cluster secret: call trust first");
    }
    this.authenticationRequired = true;
  }

  boolean authenticationRequired() {
    return authenticationRequired;
  }

  /**
   * Counts one more client connection from {@code address}; false, counting nothing, when it
   * holds strata.rpc.connections.max.per.address already.
   */
  boolean takeConnectionSlot(String address) {
    return perAddress.take(address, options.maxConnectionsPerAddress());
  }

  void giveConnectionSlot(String address) {
    perAddress.give(address);
  }

  /**
   * Takes TLS connections only on the TCP port (strata.rpc.tls.enabled); the local socket stays
   * plain. Call before {@link #start}.
   */
  public void useTls(io.strata.common.rpc.Tls t) {
    this.tls = t;
  }

  /** What checks the tokens clients prove; null before {@link #trust}. */
  io.strata.server.security.TokenAuthority tokens() {
    return tokens;
  }

  /**
   * Takes Kerberos (GSSAPI) connections as {@code login}'s principal from now on, as well as
   * tokens (strata.security.authentication=kerberos).
   */
  public void useKerberos(io.strata.server.security.KerberosLogin login) {
    this.kerberos = login;
  }

  /** This server's Kerberos login; null: it takes no Kerberos connections. */
  io.strata.server.security.KerberosLogin kerberos() {
    return kerberos;
  }

  /**
   * Whether the calling handler runs on a network thread, where it holds up that thread's
   * other connections: a scanner call there should end early with a heartbeat rather than
   * filter for long.
   */
  public static boolean onIoThread() {
    return ON_IO_THREAD.get();
  }

  /** The bound address (the port actually chosen when the options asked for 0). */
  public InetSocketAddress address() {
    return (InetSocketAddress) listener.localAddress();
  }

  /** Calls dropped because their client's timeout ran out before a handler took them. */
  public long droppedExpiredCalls() {
    return droppedExpired.sum();
  }

  InflightBudget budget() {
    return budget;
  }

  /** The longest request frame taken: the configured size, within the in-flight budget. */
  long largestRequest() {
    return Math.min(options.maxRequestSize(), budget.capacity());
  }

  RequestArrays requestArrays() {
    return requestArrays;
  }

  RpcServerOptions options() {
    return options;
  }

  RpcService service(String serviceName) {
    return services.get(serviceName);
  }

  String serviceNames() {
    return String.join(", ", new java.util.TreeSet<>(services.keySet()));
  }

  CallQueues queues() {
    return queues;
  }

  boolean stopping() {
    return stopping;
  }

  /**
   * Has every call's success checked, after its work and before its answer: while {@code
   * fence} gives an error, calls are answered with it instead. A region server that has lost
   * ZooKeeper may have been declared dead and its WALs split: an edit it acknowledged now could
   * be missing from the split, so it acknowledges nothing until it knows its session stands.
   */
  public void fenceWith(java.util.function.Supplier<io.strata.common.error.StrataException>
      fence) {
    this.fence = fence;
  }

  /** The error to answer instead of a success now, or null. */
  io.strata.common.error.StrataException fenced() {
    return fence.get();
  }

  void countDroppedExpired() {
    droppedExpired.increment();
  }

  String name() {
    return name;
  }

  /**
   * Stops accepting, lets queued calls finish (up to 10 s), then closes every connection. Once:
   * a second call returns at once.
   */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return; // a second close must not delete a socket a newer server made meanwhile
      }
      closed = true;
    }
    stopping = true;
    try {
      // The local socket first: once the TCP port is free, another server may take it and
      // make its own socket of the same name, which this one must not delete.
      if (localListener != null) {
        localListener.close().syncUninterruptibly();
        deleteLocalSocket();
      }
      if (listener != null) {
        listener.close().syncUninterruptibly();
      }
      queues.drain(DRAIN_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      connections.close().syncUninterruptibly();
      boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
      workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
    LOG.info("{} stopped", name);
  }

  private void deleteLocalSocket() {
    try {
      Files.deleteIfExists(localSocket);
    } catch (IOException e) {
      LOG.warn("{} could not delete its local socket {}: {}", name, localSocket, e.toString());
    }
  }
}
