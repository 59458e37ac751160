package io.strata.server.master;

import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.error.ServerErrorException;
import io.strata.common.proto.AdminProtos.CloseRegionRequest;
import io.strata.common.proto.AdminProtos.CloseRegionResponse;
import io.strata.common.proto.AdminProtos.OpenRegionRequest;
import io.strata.common.proto.AdminProtos.OpenRegionResponse;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens and closes regions on region servers, moving each through the states of
 * {@link RegionState} and writing every state to meta before acting on it. A region last on a
 * dead server is opened or closed only after that server's WALs are split
 * ({@link DeadServerWals}).
 */
final class AssignmentManager implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(AssignmentManager.class);
  /** Servers tried for one region before it is FAILED_OPEN. */
  private static final int OPEN_ATTEMPTS = 3;

  private final MetaTable meta;
  private final RegionStates states;
  private final ServerManager servers;
  private final DeadServerWals deadWals;
  private final Function<TableName, TableDescriptor> descriptors;
  private final Duration openTimeout;
  private final ExecutorService pool;

  AssignmentManager(MetaTable meta, RegionStates states, ServerManager servers,
      DeadServerWals deadWals, Function<TableName, TableDescriptor> descriptors,
      Duration openTimeout, int threads) {
    this.meta = meta;
    this.states = states;
    this.servers = servers;
    this.deadWals = deadWals;
    this.descriptors = descriptors;
    this.openTimeout = openTimeout;
    this.pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "assignment");
      t.setDaemon(true);
      return t;
    });
  }

  /** Records a state in meta, then in memory. */
  void transition(RegionInfo region, RegionState state, ServerName server) throws IOException {
    meta.putRegion(region, state, server);
    states.set(region, state, server);
  }

  /**
   * Opens the region on {@code preferred} if it is live, else on the live server with the
   * fewest regions; tries other servers when one fails; FAILED_OPEN when all tried failed.
   */
  void assign(RegionInfo region, ServerName preferred) throws IOException {
    RegionStates.Node n = states.get(region.getEncodedName());
    if (n != null && n.server() != null && !servers.isLive(n.server())) {
      deadWals.split(n.server());
    }
    if (n != null && n.state() == RegionState.OPEN && n.server() != null
        && servers.isLive(n.server())) {
      return; // open already
    }
    TableDescriptor table = descriptors.apply(region.getTable());
    List<ServerName> tried = new ArrayList<>();
    IOException last = null;
    for (int attempt = 0; attempt < OPEN_ATTEMPTS; attempt++) {
      ServerName target;
      synchronized (this) { // parallel assigns see each other's picks: they spread out
        target = pick(preferred, tried);
        if (target == null) {
          break;
        }
        states.set(region, RegionState.OPENING, target);
      }
      tried.add(target);
      transition(region, RegionState.OPENING, target);
      try {
        RpcConnection c = servers.admin(target);
        c.call("OpenRegion", OpenRegionRequest.newBuilder().setRegion(SchemaCodec.toProto(region))
            .setTable(SchemaCodec.toProto(table)).build(), null, OpenRegionResponse.parser(),
            openTimeout, 1).get(openTimeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
        transition(region, RegionState.OPEN, target);
        return;
      } catch (Exception e) {
        last = asIo(e);
        LOG.warn("opening region {} on {} failed: {}", region.getEncodedName(), target,
            last.getMessage());
        closeQuietly(region, target); // a timed-out open may still finish there
      }
    }
    transition(region, RegionState.FAILED_OPEN, null);
    throw last != null ? last : new ServerErrorException("master", new IOException(
        "no live region server to open region " + region.getRegionNameAsString()
            + " on; start a region server"));
  }

  /**
   * Asks {@code server} to close a region whose open the master gave up on, so that it is not
   * served twice; without waiting (the server may be gone). Meta never named it OPEN there, so
   * no client was sent to it meanwhile.
   */
  private void closeQuietly(RegionInfo region, ServerName server) {
    if (!servers.isLive(server)) {
      return;
    }
    try {
      servers.admin(server).call("CloseRegion", CloseRegionRequest.newBuilder()
          .setEncodedName(region.getEncodedName()).build(), null, CloseRegionResponse.parser(),
          openTimeout, 1);
    } catch (IOException e) {
      LOG.debug("could not ask {} to close {}", server, region.getEncodedName(), e);
    }
  }

  /** The preferred server if live and untried, else the live untried one with fewest regions. */
  private ServerName pick(ServerName preferred, List<ServerName> tried) {
    if (preferred != null && servers.isLive(preferred) && !tried.contains(preferred)) {
      return preferred;
    }
    Map<ServerName, Integer> counts = states.openCounts();
    return servers.liveServers().stream().filter(s -> !tried.contains(s))
        .min(Comparator.comparingInt((ServerName s) -> counts.getOrDefault(s, 0))
            .thenComparing(Comparator.naturalOrder()))
        .orElse(null);
  }

  /** Closes the region (flushing it) and records it CLOSED. */
  void unassign(RegionInfo region) throws IOException {
    RegionStates.Node n = states.get(region.getEncodedName());
    ServerName s = n == null ? null : n.server();
    if (s == null) {
      transition(region, RegionState.CLOSED, null);
      return;
    }
    if (!servers.isLive(s)) {
      deadWals.split(s); // its edits go to recovered.wals first
      transition(region, RegionState.CLOSED, null);
      return;
    }
    transition(region, RegionState.CLOSING, s);
    try {
      servers.admin(s).call("CloseRegion", CloseRegionRequest.newBuilder()
          .setEncodedName(region.getEncodedName()).build(), null, CloseRegionResponse.parser(),
          openTimeout, 1).get(openTimeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      IOException io = asIo(e);
      if (servers.isLive(s)) {
        throw io; // stays CLOSING on s; a retry closes it
      }
      deadWals.split(s);
    }
    transition(region, RegionState.CLOSED, null);
  }

  /** Moves a region: closes it where it is, opens it on {@code target} (or any other). */
  void move(RegionInfo region, ServerName target) throws IOException {
    RegionStates.Node n = states.get(region.getEncodedName());
    unassign(region);
    ServerName to = target;
    if (to == null && n != null) {
      to = servers.liveServers().stream().filter(s -> !s.equals(n.server())).findFirst()
          .orElse(null);
    }
    assign(region, to);
  }

  /** Opens all, in parallel; throws the first failure after all were tried. */
  void assignAll(Collection<RegionInfo> regions) throws IOException {
    runAll(regions, r -> assign(r, null));
  }

  void unassignAll(Collection<RegionInfo> regions) throws IOException {
    runAll(regions, this::unassign);
  }

  @FunctionalInterface
  interface RegionTask {
    void run(RegionInfo r) throws IOException;
  }

  /**
   * Runs {@code task} for every region on the assignment threads (opens, closes, a new table's
   * region files: work that waits on a server or a disk); throws the first failure after all
   * ran.
   */
  void runAll(Collection<RegionInfo> regions, RegionTask task) throws IOException {
    List<Future<?>> fs = new ArrayList<>();
    for (RegionInfo r : regions) {
      fs.add(pool.submit(() -> {
        task.run(r);
        return null;
      }));
    }
    IOException first = null;
    for (Future<?> f : fs) {
      try {
        f.get();
      } catch (Exception e) {
        if (first == null) {
          first = asIo(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  static IOException asIo(Throwable e) {
    Throwable t = e;
    while ((t instanceof ExecutionException || t instanceof java.util.concurrent.CompletionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    if (t instanceof InterruptedException) {
      Thread.currentThread().interrupt();
      return new java.io.InterruptedIOException("interrupted");
    }
    if (t instanceof IOException io) {
      return io;
    }
    if (t instanceof java.util.concurrent.TimeoutException) {
      return new io.strata.common.error.CallTimeoutException("OpenRegion/CloseRegion", "region "
          + "server", 0);
    }
    return new IOException(t);
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
