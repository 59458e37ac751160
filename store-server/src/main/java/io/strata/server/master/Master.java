package io.strata.server.master;

import io.strata.client.Connection;
import io.strata.client.internal.AsyncConnectionImpl;
import io.strata.client.internal.ConnectionImpl;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.ServerKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.coordination.ZNodes;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.ServerBusyException;
import io.strata.common.error.TableNotDisabledException;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.proto.AdminProtos.GetServerInfoRequest;
import io.strata.common.proto.AdminProtos.GetServerInfoResponse;
import io.strata.common.proto.AdminProtos.OpenRegionRequest;
import io.strata.common.proto.AdminProtos.OpenRegionResponse;
import io.strata.common.proto.AdminProtos.RegionLoadProto;
import io.strata.common.proto.MasterProtos.NamespaceProto;
import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import io.strata.common.schema.MetaLayout;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.RegionState;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.server.coordination.ClusterSwitch;
import io.strata.server.coordination.ClusterId;
import io.strata.server.coordination.MasterElection;
import io.strata.server.coordination.RegionServerTracker;
import io.strata.server.coordination.ZkSession;
import io.strata.server.coprocessor.CoprocessorLoader;
import io.strata.server.coprocessor.MasterCoprocessorHost;
import io.strata.server.fs.RecordFiles;
import io.strata.server.fs.RootDirectory;
import io.strata.server.fs.StorageFileSystems;
import io.strata.server.region.RegionInfoFile;
import io.strata.server.region.RegionLayout;
import io.strata.server.region.TableDescriptorFile;
import io.strata.server.metrics.History;
import io.strata.server.rpc.RpcServer;
import io.strata.server.rpc.RpcServerOptions;
import io.strata.server.security.ClusterSecret;
import io.strata.server.security.KerberosLogin;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master. Several may run; one is active (it holds {@code /strata/master}), the others wait
 * as backups and take over when it goes.
 *
 * <p>Becoming active ({@link #initialize}): wait for a region server; split the WALs of servers
 * that died; open strata:meta (creating it on the cluster's first start) and publish where in
 * {@code /strata/meta-region-server}; load namespaces, table states and region states from meta
 * and schemas from the file system; open every region of an enabled table that no live server
 * serves; resume unfinished procedures; then serve DDL and start the balancer. A server that
 * dies later is recovered the same way: its WALs are split, then its regions opened elsewhere
 * (meta first).
 */
public final class Master implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(Master.class);

  private final StrataConfiguration conf;
  private final FileSystem fs;
  private final Path root;
  private final RpcServer rpc;
  /** Where this daemon listens and the name it publishes. */
  private final io.strata.server.coordination.ServerHost host;
  /** This daemon's Kerberos login; null unless strata.security.authentication=kerberos. */
  private final KerberosLogin kerberos;
  private volatile ArchiveCleaner cleaner; // null until initialized, or when turned off
  private final RpcClient rpcClient;
  private final ServerManager servers;
  private final DeadServerWals deadWals;
  private final RegionStates states = new RegionStates();
  private final Map<TableName, TableDescriptor> descriptors = new ConcurrentHashMap<>();
  private final Map<TableName, TableState> tableStates = new ConcurrentHashMap<>();
  private final Map<String, NamespaceProto> namespaces = new ConcurrentHashMap<>();
  private final MasterQuotas quotas = new MasterQuotas(this);
  /** The permission checks; null when strata.security.authorization is off. */
  private final io.strata.server.security.access.AccessChecker access;
  private final MasterAcls acls;
  private final MasterLabels labels;
  private final CountDownLatch initialized = new CountDownLatch(1);
  /**
   * One thread per dead server: servers that die together recover together, and the recovery
   * of the one that held meta is never queued behind one whose catalog writes wait for meta.
   */
  private final ExecutorService recovery = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "server-recovery");
    t.setDaemon(true);
    return t;
  });
  private final ScheduledExecutorService chores = Executors.newSingleThreadScheduledExecutor(
      r -> {
        Thread t = new Thread(r, "master-chores");
        t.setDaemon(true);
        return t;
      });
  private ServerName name;
  private ZkSession zk;
  private MasterElection election;
  private String clusterId;
  private Connection connection;
  private MetaTable meta;
  private AssignmentManager assignment;
  private ProcedureExecutor procedures;
  private ClusterSwitch balancerSwitch;
  private ClusterSwitch normalizerSwitch;
  private RegionNormalizer normalizer;
  private final io.strata.server.master.balancer.CostBalancer balancer;
  private BalancerInput balancerInput;
  /** Normalizer runs, by the chore or a call, switched on. */
  private final java.util.concurrent.atomic.AtomicLong normalizerRuns =
      new java.util.concurrent.atomic.AtomicLong();
  /** Merges finished (MergeRegionsProcedure). */
  private final java.util.concurrent.atomic.AtomicLong merges =
      new java.util.concurrent.atomic.AtomicLong();
  /** Balancer runs finished, by the chore or a call, switched on or off. */
  private final java.util.concurrent.atomic.AtomicLong balancerRuns =
      new java.util.concurrent.atomic.AtomicLong();
  private volatile boolean stopped;
  private ClusterSecret secret;
  private volatile TokenIssuer tokens;
  /** The master's client, under {@link #connection}: told of dead servers. */
  private volatile AsyncConnectionImpl asyncConnection;
  private volatile Throwable initFailure;
  /** The master's coprocessors once it is active; null when it has none. */
  private volatile MasterCoprocessorHost coprocessors;
  private final MasterMetrics metrics;

  public Master(StrataConfiguration conf) throws IOException {
    conf = io.strata.server.security.access.AccessChecker.withController(conf);
    this.conf = conf;
    this.access = io.strata.server.security.access.AccessChecker.of(conf);
    this.acls = new MasterAcls(this, access);
    this.labels = new MasterLabels(this, acls);
    this.host = io.strata.server.coordination.ServerHost.master(conf);
    // Logged in before the root file system opens: on a secure HDFS it opens as this login.
    this.kerberos = KerberosLogin.ifConfigured(conf, host.published());
    this.fs = StorageFileSystems.forRoot(conf);
    this.root = fs.makeQualified(StorageFileSystems.rootDir(conf));
    this.rpcClient = new RpcClient("master", 2);
    this.servers = new ServerManager(rpcClient, conf.get(ClientKeys.RPC_TIMEOUT));
    this.deadWals = new DeadServerWals(fs, root, servers,
        conf.get(ServerKeys.REGION_OPEN_TIMEOUT));
    this.rpc = new RpcServer("master", RpcServerOptions.fromConfig(conf,
        host.bind(), conf.get(CoreKeys.MASTER_PORT)),
        List.of(new MasterService(this).service()));
    this.metrics = new MasterMetrics(conf, rpc);
    this.balancer = new io.strata.server.master.balancer.CostBalancer(
        io.strata.server.master.balancer.BalancerWeights.fromConfig(conf));
  }

  /** Runs {@code task} every {@code period} (0: never), logging a failed run. */
  private void schedule(Duration period, String what, java.util.concurrent.Callable<?> task) {
    if (!period.isZero()) {
      chores.scheduleWithFixedDelay(() -> {
        try {
          task.call();
        } catch (Exception e) {
          LOG.warn("{} run failed", what, e);
        }
      }, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /** Binds the port and takes part in the election; returns at once (a backup waits). */
  public synchronized void start() throws IOException {
    RootDirectory.prepare(fs, root);
    secret = ClusterSecret.loadOrCreate(fs, root);
    rpc.trust(secret);
    tokens = new TokenIssuer(secret, conf, () -> zk);
    if (io.strata.server.security.Authentication.required(conf)) {
      rpc.requireAuthentication();
    }
    if (kerberos != null) {
      rpc.useKerberos(kerberos);
    }
    rpcClient.presentClusterToken(secret.token()); // opening and closing regions is for peers
    io.strata.common.rpc.Tls clientTls = io.strata.common.rpc.Tls.client(conf);
    if (clientTls != null) {
      rpcClient.useTls(clientTls);
    }
    rpc.useTls(io.strata.common.rpc.Tls.server(conf, io.strata.common.conf.SecurityKeys.RPC_TLS));
    rpc.start();
    name = ServerName.valueOf(host.published(), rpc.address().getPort(),
        System.currentTimeMillis());
    if (access != null) {
      access.register(name); // where the master's AccessController finds it
    }
    metrics.bind(servers, states, () -> procedures == null ? 0 : procedures.runningCount(),
        () -> procedures == null ? 0 : procedures.failedCount(), balancerRuns, normalizerRuns,
        merges);
    metrics.startHistory(conf.get(ServerKeys.STATUS_HISTORY_INTERVAL), servers, states);
    metrics.serveInfo(conf, host.bind(), MasterPages.of(this));
    zk = ZkSession.ofDaemon(conf, secret, kerberos == null ? null : kerberos.principal());
    rpc.useTokenRenewals(new io.strata.server.security.DelegationTokens(zk));
    zk.onExpired(() -> {
      LOG.error("master {} lost its ZooKeeper session; it stops so a backup takes over", name);
      new Thread(this::kill, "master-abort").start();
    });
    election = new MasterElection(zk, name, () -> {
      Thread t = new Thread(this::initialize, "master-init");
      t.setDaemon(true);
      t.start();
    });
    election.start();
  }

  public ServerName serverName() {
    return name;
  }

  public boolean isActive() {
    return election != null && election.isActive();
  }

  /** Whether this master is active and finished taking over. */
  public boolean isInitialized() {
    return initialized.getCount() == 0;
  }

  /** Waits until this master is active and initialized; false if the time ran out. */
  public boolean awaitInitialized(Duration timeout) throws InterruptedException {
    return initialized.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void initialize() {
    try {
      byte[] stored = RecordFiles.readIfPresent(fs, new Path(root, "cluster.id"));
      if (stored != null) {
        zk.createIfAbsent(ZNodes.CLUSTER_ID, stored); // a ZooKeeper that lost its data
      }
      clusterId = ClusterId.getOrCreate(zk);
      if (zk.secure(ZNodes.BASE)) { // znodes of a cluster that ran before it had a secret
        LOG.info("znodes under {} made writable by the cluster's processes only", ZNodes.BASE);
      }
      writeRootFiles();
      RegionServerTracker tracker = new RegionServerTracker(zk);
      servers.onDeath(s -> recovery.execute(() -> recoverServer(s)));
      servers.watchDeaths(this::declareDead);
      tracker.follow(servers::update);
      Duration wait = conf.get(ServerKeys.WAIT_FOR_SERVERS);
      LOG.info("master {} is active; waiting up to {} s for a region server", name,
          wait.toSeconds());
      if (!servers.awaitServers(1, wait)) {
        throw new IOException("no region server registered within " + wait.toSeconds()
            + " s (strata.master.wait.for.servers); start one with bin/strata regionserver "
            + "start");
      }
      for (ServerName s : deadWals.withWals()) {
        if (!servers.isLive(s)) {
          deadWals.split(s);
        }
      }
      assignMeta();
      // Presenting the secret: strata:meta takes writes from peers only.
      asyncConnection = new AsyncConnectionImpl(KerberosLogin.asClient(kerberos, conf),
          secret.token());
      connection = new ConnectionImpl(asyncConnection);
      meta = new MetaTable(connection.getTable(TableName.META));
      assignment = new AssignmentManager(meta, states, servers, deadWals, this::descriptor,
          conf.get(ServerKeys.REGION_OPEN_TIMEOUT), conf.get(ServerKeys.REGION_OPEN_THREADS));
      loadCatalog();
      reconcile();
      ProcedureStore store = new ProcedureStore(fs, root);
      List<ProcedureProto> unfinished = store.load();
      procedures = new ProcedureExecutor(store, this, unfinished, store.loadFinished());
      balancerSwitch = ClusterSwitch.load(zk, ZNodes.BALANCER, "balance_switch");
      normalizerSwitch = ClusterSwitch.load(zk, ZNodes.NORMALIZER, "normalizer_switch");
      normalizer = new RegionNormalizer(this, conf);
      balancerInput = new BalancerInput(this);
      schedule(conf.get(ServerKeys.NORMALIZER_PERIOD), "normalizer", this::normalize);
      schedule(conf.get(ServerKeys.BALANCER_PERIOD), "balancer", this::balance);
      Duration reports = conf.get(ServerKeys.REPORT_INTERVAL); // space use is known that often
      chores.scheduleWithFixedDelay(quotas.space()::runQuietly, reports.toMillis(),
          reports.toMillis(), TimeUnit.MILLISECONDS);
      cleaner = ArchiveCleaner.schedule(conf, fs, root, chores);
      quotas.ensureTableQuietly(); // strata:quota, as meta, is there from the start
      acls.startQuietly(); // strata:acl too, when permissions are checked
      schedule(Duration.ofMinutes(10), "delegation token cleanup", () -> {
        tokens.removeExpired();
        return null;
      });
      if (access != null) {
        schedule(conf.get(io.strata.common.conf.SecurityKeys.ACL_REFRESH_PERIOD),
            "permission refresh", () -> access.refresh(connection));
      }
      coprocessors = MasterCoprocessorHost.load(conf, new CoprocessorLoader(
          StorageFileSystems.toHadoop(conf), new java.io.File(System.getProperty(
              "java.io.tmpdir"), "strata-coprocessor-jars")), name, () -> connection,
          this::abortForCoprocessor);
      if (access != null && (coprocessors == null || !coprocessors.classNames().contains(
          io.strata.server.security.access.AccessController.class.getName()))) {
        throw new IOException("the AccessController did not load on master " + name + " (see"
            + " the log); under strata.security.authorization the master does not serve"
            + " unchecked");
      }
      initialized.countDown();
      if (coprocessors != null) {
        coprocessors.callQuietly("postStartMaster", (o, c) -> o.postStartMaster(c));
      }
      LOG.info("master {} initialized: {} table(s), {} region(s), {} live server(s)", name,
          tableStates.size(), states.all().size(), servers.liveServers().size());
    } catch (Throwable e) {
      if (!stopped) {
        initFailure = e;
        LOG.error("master {} could not take over; it stops", name, e);
        kill();
      }
    }
  }

  /** Stopped: by {@link #stop}, or on its own after losing its session or failing to start. */
  public boolean isStopped() {
    return stopped;
  }

  /** Why initialization failed, or null. */
  public Throwable initFailure() {
    return initFailure;
  }

  private void writeRootFiles() throws IOException {
    StorageFileSystems.mkdirs(fs, root);
    Path id = new Path(root, "cluster.id");
    if (!fs.exists(id)) {
      RecordFiles.writeSynced(fs, id, clusterId.getBytes(StandardCharsets.UTF_8), true);
    }
    Path version = new Path(root, "version");
    if (!fs.exists(version)) {
      RecordFiles.writeSynced(fs, version, "1".getBytes(StandardCharsets.UTF_8), true);
    }
  }

  /**
   * Opens strata:meta unless a live server serves it already, creating it on the first start,
   * and publishes its server.
   */
  private void assignMeta() throws IOException, InterruptedException {
    TableDescriptor metaTable = MetaLayout.descriptor();
    if (TableDescriptorFile.readIfPresent(fs, root, TableName.META) == null) {
      TableDescriptorFile.write(fs, root, metaTable);
      RegionInfoFile.write(fs, RegionLayout.regionDir(root, MetaLayout.META_REGION),
          MetaLayout.META_REGION);
      LOG.info("created strata:meta in {}", root);
    }
    descriptors.put(TableName.META, metaTable);
    byte[] where = zk.read(ZNodes.META_REGION_SERVER);
    if (where != null) {
      ServerName s = ServerName.parse(new String(where, StandardCharsets.UTF_8));
      if (servers.isLive(s) && online(s).contains(MetaLayout.META_REGION.getEncodedName())) {
        states.set(MetaLayout.META_REGION, RegionState.OPEN, s);
        return;
      }
      if (!servers.isLive(s)) {
        deadWals.split(s);
      }
    }
    openMeta(null);
  }

  /**
   * Moves strata:meta, as HBase's master moves hbase:meta: closes it where it is (flushing) and
   * opens it on {@code to} (null: another live server). Clients looking it up meanwhile retry
   * until the znode names the new server.
   */
  void moveMeta(ServerName to) throws IOException {
    try {
      moveMetaNow(to);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted moving strata:meta");
    }
  }

  private void moveMetaNow(ServerName to) throws IOException, InterruptedException {
    RegionStates.Node n = states.get(MetaLayout.META_REGION.getEncodedName());
    ServerName from = n == null ? null : n.server();
    ServerName target = to;
    if (target == null) {
      target = servers.liveServers().stream().filter(s -> !s.equals(from)).findFirst()
          .orElse(null);
    }
    if (from != null && servers.isLive(from)) {
      Duration timeout = conf.get(ServerKeys.REGION_OPEN_TIMEOUT);
      try {
        servers.admin(from).call("CloseRegion", io.strata.common.proto.AdminProtos
            .CloseRegionRequest.newBuilder().setEncodedName(MetaLayout.META_REGION
                .getEncodedName()).build(), null,
            io.strata.common.proto.AdminProtos.CloseRegionResponse.parser(), timeout, 1)
            .get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        throw AssignmentManager.asIo(e);
      }
    } else if (from != null) {
      deadWals.split(from);
    }
    states.set(MetaLayout.META_REGION, RegionState.CLOSED, null);
    LOG.info("strata:meta closed on {}; opening it on {}", from, target);
    openMeta(target);
  }

  /** Opens meta on a live server, {@code preferred} first (retrying others); writes its znode. */
  private void openMeta(ServerName preferred) throws IOException, InterruptedException {
    IOException last = null;
    for (int attempt = 0; attempt < 10 && !stopped; attempt++) {
      List<ServerName> live = servers.liveServers();
      if (live.isEmpty()) {
        servers.awaitServers(1, conf.get(ServerKeys.WAIT_FOR_SERVERS));
        continue;
      }
      ServerName s = attempt == 0 && preferred != null && live.contains(preferred) ? preferred
          : live.get(attempt % live.size());
      try {
        Duration timeout = conf.get(ServerKeys.REGION_OPEN_TIMEOUT);
        servers.admin(s).call("OpenRegion", OpenRegionRequest.newBuilder()
            .setRegion(SchemaCodec.toProto(MetaLayout.META_REGION))
            .setTable(SchemaCodec.toProto(MetaLayout.descriptor())).build(), null,
            OpenRegionResponse.parser(), timeout, 1).get(timeout.toMillis() + 1000,
                TimeUnit.MILLISECONDS);
        zk.write(ZNodes.META_REGION_SERVER, s.toString().getBytes(StandardCharsets.UTF_8));
        states.set(MetaLayout.META_REGION, RegionState.OPEN, s);
        LOG.info("strata:meta is open on {}", s);
        return;
      } catch (Exception e) {
        last = AssignmentManager.asIo(e);
        LOG.warn("opening strata:meta on {} failed: {}", s, last.getMessage());
        Thread.sleep(200L * (attempt + 1));
      }
    }
    throw last != null ? last : new IOException("strata:meta could not be opened");
  }

  /** Encoded names of the regions a live server says it hosts. */
  private Set<String> online(ServerName s) {
    try {
      GetServerInfoResponse r = servers.admin(s).call("GetServerInfo",
          GetServerInfoRequest.getDefaultInstance(), null, GetServerInfoResponse.parser(),
          conf.get(ClientKeys.RPC_TIMEOUT), 1).get(conf.get(ClientKeys.RPC_TIMEOUT).toMillis()
              + 1000, TimeUnit.MILLISECONDS).result();
      Set<String> names = new HashSet<>();
      for (RegionLoadProto l : r.getLoad().getRegionsList()) {
        names.add(SchemaCodec.fromProto(l.getRegion()).getEncodedName());
      }
      return names;
    } catch (Exception e) {
      LOG.warn("could not ask {} for its regions: {}", s, e.toString());
      return Set.of();
    }
  }

  /** Namespaces, table states and schemas, and region states, from meta and the file system. */
  private void loadCatalog() throws IOException {
    namespaces.putAll(meta.namespaces());
    for (String ns : List.of(TableName.DEFAULT_NAMESPACE, TableName.SYSTEM_NAMESPACE)) {
      if (!namespaces.containsKey(ns)) {
        NamespaceProto p = NamespaceProto.newBuilder().setName(ns).build();
        meta.putNamespace(p);
        namespaces.put(ns, p);
      }
    }
    tableStates.putAll(meta.tableStates());
    for (TableName t : tableStates.keySet()) {
      TableDescriptor d = TableDescriptorFile.readIfPresent(fs, root, t);
      if (d != null) {
        descriptors.put(t, d);
      } else {
        LOG.warn("table {} is in meta but has no schema file; its create did not finish", t);
      }
    }
    for (MetaTable.RegionRow r : meta.regions()) {
      states.set(r.region(), r.state(), r.server());
    }
  }

  /**
   * Opens what should be open and is not: regions of enabled tables whose server is dead or
   * does not host them. Regions of tables whose DDL is under way are left to its procedure.
   */
  private void reconcile() throws IOException {
    Map<ServerName, Set<String>> hosted = new java.util.HashMap<>();
    for (ServerName s : servers.liveServers()) {
      hosted.put(s, online(s));
    }
    List<RegionInfo> toOpen = new ArrayList<>();
    for (RegionStates.Node n : states.all()) {
      if (n.region().isMetaRegion()) {
        continue;
      }
      TableState t = tableStates.get(n.region().getTable());
      boolean servedWhereSaid = n.server() != null && hosted.containsKey(n.server())
          && hosted.get(n.server()).contains(n.region().getEncodedName());
      if (servedWhereSaid) {
        if (n.state() != RegionState.OPEN && t == TableState.ENABLED) {
          assignment.transition(n.region(), RegionState.OPEN, n.server());
        }
        continue;
      }
      if (hasSplit(n.region())) {
        continue; // its split procedure, resumed below, puts the daughters in its place
      }
      if (t == TableState.ENABLED) {
        toOpen.add(n.region());
      } else if (t == TableState.DISABLED && n.state() != RegionState.CLOSED) {
        assignment.unassign(n.region());
      }
    }
    if (!toOpen.isEmpty()) {
      LOG.info("opening {} region(s) no live server serves", toOpen.size());
      try {
        assignment.assignAll(toOpen);
      } catch (IOException e) {
        // Those that failed are FAILED_OPEN in meta; an operator assigns them once fixed.
        // The master still serves: one bad region must not keep the cluster down.
        LOG.error("some regions could not be opened; see FAILED_OPEN in the cluster status",
            e);
      }
    }
  }

  /** Whether the region's directory holds a committed split (its daughters replace it). */
  private boolean hasSplit(RegionInfo r) {
    try {
      return fs.exists(RegionLayout.splitRecord(RegionLayout.regionDir(root, r)));
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Deletes a dead server's znode, as its session's expiry would: every master sees it gone and
   * the active one recovers its regions; were the process alive after all, it sees its znode
   * gone and aborts, and its WALs are fenced before they are split.
   */
  private void declareDead(ServerName s) {
    try {
      if (new RegionServerTracker(zk).isStopping(s)) {
        LOG.info("region server {} is stopping cleanly; the end of its session says when it is "
            + "gone", s);
        return;
      }
      zk.deleteIfExists(ZNodes.regionServer(s));
    } catch (IOException e) {
      LOG.warn("could not declare region server {} dead; its session's expiry will", s, e);
    }
  }

  /** A region server died: split its WALs, then open its regions elsewhere (meta first). */
  private void recoverServer(ServerName dead) {
    try {
      while (!stopped && !initialized.await(1, TimeUnit.SECONDS)) {
        if (initFailure != null) {
          return;
        }
      }
      if (stopped) {
        return;
      }
      LOG.info("region server {} died; recovering its regions", dead);
      // The master's own client must not wait out timeouts on a server known dead (meta's
      // writes, if meta was there, go to its new server at once).
      asyncConnection.serverGone(dead);
      for (int attempt = 1; !stopped; attempt++) {
        try {
          recoverOnce(dead);
          return;
        } catch (IOException | RuntimeException e) {
          // Each step is safe to repeat: what moved already is no longer on the dead server.
          LOG.warn("recovering the regions of dead server {} failed (attempt {}); trying again",
              dead, attempt, e);
          Thread.sleep(Math.min(attempt, 10) * 1000L);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      LOG.error("recovering the regions of dead server {} failed; a master restart retries",
          dead, e);
    }
  }

  private void recoverOnce(ServerName dead) throws IOException, InterruptedException {
    deadWals.split(dead);
    RegionStates.Node metaNode = states.get(MetaLayout.META_REGION.getEncodedName());
    if (metaNode != null && dead.equals(metaNode.server())) {
      openMeta(null);
    }
    List<RegionInfo> toOpen = new ArrayList<>();
    for (RegionStates.Node n : states.onServer(dead)) {
      if (n.region().isMetaRegion()) {
        continue;
      }
      TableState t = tableStates.get(n.region().getTable());
      if (t == TableState.ENABLED || t == TableState.ENABLING) {
        toOpen.add(n.region());
      } else {
        assignment.transition(n.region(), RegionState.CLOSED, null);
      }
    }
    assignment.assignAll(toOpen);
    LOG.info("recovered {} region(s) of dead server {}", toOpen.size(), dead);
  }

  /**
   * Moves regions from the fullest to the emptiest servers; returns how many moved, 0 while the
   * balancer is switched off.
   */
  int balance() throws Exception {
    checkReady();
    MasterCoprocessorHost cp = coprocessors;
    if (cp != null) {
      cp.call("preBalance", "", (o, c) -> o.preBalance(c));
    }
    int moved = balanceNow();
    if (cp != null) {
      cp.call("postBalance", "", (o, c) -> o.postBalance(c, moved));
    }
    return moved;
  }

  private int balanceNow() throws Exception {
    return procedures.runInline(() -> {
      if (!balancerSwitch.isOn()) {
        LOG.debug("balancer is switched off; no region moves");
        balancerRuns.incrementAndGet();
        return 0;
      }
      List<ServerName> live = servers.liveServers();
      List<io.strata.server.master.balancer.Move> moves = balancer.plan(live,
          balancerInput.regions(live));
      for (io.strata.server.master.balancer.Move m : moves) {
        assignment.move(m.region(), m.to());
      }
      if (!moves.isEmpty()) {
        LOG.info("balancer moved {} region(s)", moves.size());
      }
      balancerRuns.incrementAndGet();
      return moves.size();
    }).get();
  }

  /**
   * Runs the normalizer over the tables with NORMALIZATION_ENABLED now; false, doing nothing,
   * while it is switched off.
   */
  boolean normalize() throws Exception {
    checkReady();
    return procedures.runInline(() -> {
      if (!normalizerSwitch.isOn()) {
        return false;
      }
      normalizer.run();
      normalizerRuns.incrementAndGet();
      return true;
    }).get();
  }

  /** Switches the normalizer on or off (kept in ZooKeeper); returns whether it was on. */
  boolean setNormalizerRunning(boolean on) throws Exception {
    checkReady();
    return procedures.runInline(() -> normalizerSwitch.set(on)).get();
  }

  boolean isNormalizerOn() {
    return normalizerSwitch.isOn();
  }

  /** Counts a finished merge, for the metric. */
  void merged() {
    merges.incrementAndGet();
  }

  /** Balancer runs finished since this master started, switched on or off. */
  public long balancerRuns() {
    return balancerRuns.get();
  }

  /**
   * Switches the balancer on or off (kept in ZooKeeper for the next master) and returns whether
   * it was on. Runs on the procedure thread, after any balancer run under way: once it returned
   * off, no run moves a region.
   */
  boolean setBalancerRunning(boolean on) throws Exception {
    checkReady();
    return procedures.runInline(() -> balancerSwitch.set(on)).get();
  }

  boolean isBalancerOn() {
    return balancerSwitch.isOn();
  }

  // ---- what procedures and the service use ----

  FileSystem fs() {
    return fs;
  }

  Path root() {
    return root;
  }

  MetaTable meta() {
    return meta;
  }

  RegionStates states() {
    return states;
  }

  AssignmentManager assignment() {
    return assignment;
  }

  /** Passes the archive cleaner has run (for tests that wait for one). */
  public long archiveCleanerPasses() {
    return cleaner == null ? 0 : cleaner.passes(); // set once, from null
  }

  ServerManager servers() {
    return servers;
  }

  /** The master's coprocessors; null when it has none (or is not active yet). */
  MasterCoprocessorHost coprocessors() {
    return coprocessors;
  }

  /** A coprocessor's bug under strata.coprocessor.abortonerror: the master stops at once. */
  private void abortForCoprocessor() {
    LOG.error("master {} aborts: a coprocessor failed (strata.coprocessor.abortonerror); a"
        + " backup master takes over", name);
    new Thread(this::kill, "master-abort").start();
  }

  TokenIssuer tokens() {
    return tokens;
  }

  MasterQuotas quotas() {
    return quotas;
  }

  MasterAcls acls() {
    return acls;
  }

  MasterLabels labels() {
    return labels;
  }

  /** The permission checks; null when strata.security.authorization is off. */
  io.strata.server.security.access.AccessChecker access() {
    return access;
  }

  /** The master's own client connection, which presents the cluster secret. */
  io.strata.client.Connection connection() {
    return connection;
  }

  ProcedureExecutor procedures() {
    return procedures;
  }

  String clusterId() {
    return clusterId;
  }

  Duration openTimeout() {
    return conf.get(ServerKeys.REGION_OPEN_TIMEOUT);
  }

  List<ServerName> backupMasters() {
    List<ServerName> out = new ArrayList<>();
    try {
      for (String c : zk.children(ZNodes.BACKUP_MASTERS, null)) {
        out.add(ServerName.parse(c));
      }
    } catch (IOException | IllegalArgumentException e) {
      LOG.debug("could not list backup masters", e);
    }
    return out;
  }

  /** Makes a system table (strata:quota, strata:acl, strata:labels) if it is missing. */
  void ensureSystemTable(TableDescriptor d) throws IOException {
    SystemTables.ensure(this, d);
  }

  /**
   * Refuses a schema naming a coprocessor jar that is not there, before any region tries to
   * load it.
   */
  void checkCoprocessorJars(TableDescriptor t) throws IOException {
    for (io.strata.common.schema.CoprocessorSpec cp : t.getCoprocessors()) {
      if (cp.jarPath() == null) {
        continue;
      }
      Path jar = new Path(cp.jarPath());
      boolean there;
      try {
        there = StorageFileSystems.forPath(jar, StorageFileSystems.toHadoop(conf)).exists(jar);
      } catch (IOException | IllegalArgumentException e) {
        throw new io.strata.common.error.CoprocessorException("coprocessor jar " + cp.jarPath()
            + " of " + cp.className() + " cannot be read: " + e.getMessage());
      }
      if (!there) {
        throw new io.strata.common.error.CoprocessorException("coprocessor jar " + cp.jarPath()
            + " of " + cp.className() + " does not exist; copy the jar there first (a path on"
            + " the cluster's file system, such as hdfs:///coprocessors/cp.jar)");
      }
    }
  }

  TableDescriptor descriptor(TableName t) {
    return descriptors.get(t);
  }

  void putDescriptor(TableDescriptor d) {
    descriptors.put(d.getTableName(), d);
  }

  void removeDescriptor(TableName t) {
    descriptors.remove(t);
  }

  Map<TableName, TableDescriptor> descriptors() {
    return descriptors;
  }

  /** The tables meta names, whatever their state. */
  java.util.Set<TableName> tableNames() {
    return new java.util.HashSet<>(tableStates.keySet());
  }

  TableState tableState(TableName t) {
    return t.equals(TableName.META) ? TableState.ENABLED : tableStates.get(t);
  }

  void setTableState(TableName t, TableState s) throws IOException {
    meta.putTableState(t, s);
    tableStates.put(t, s);
  }

  void removeTableState(TableName t) throws IOException {
    meta.deleteTableState(t);
    tableStates.remove(t);
  }

  boolean namespaceExists(String ns) {
    return namespaces.containsKey(ns);
  }

  Map<String, NamespaceProto> namespaces() {
    return namespaces;
  }

  void putNamespace(NamespaceProto ns) throws IOException {
    meta.putNamespace(ns);
    namespaces.put(ns.getName(), ns);
  }

  void deleteNamespace(String ns) throws IOException {
    meta.deleteNamespace(ns);
    namespaces.remove(ns);
  }

  /** The table exists and is a user table; else the error a client should see. */
  void requireUserTable(TableName t) throws IOException {
    if (t.isSystemTable()) {
      throw new BadRequestException("'" + t + "' is a system table; it cannot be changed by DDL");
    }
    if (descriptor(t) == null || tableState(t) == null) {
      throw new TableNotFoundException(t.toString());
    }
  }

  /** The table is in {@code wanted} (DISABLED) for {@code operation}. */
  void requireState(TableName t, TableState wanted, String operation) throws IOException {
    TableState s = tableState(t);
    if (s != wanted) {
      if (wanted == TableState.DISABLED) {
        throw new TableNotDisabledException(t.toString(), operation);
      }
      throw new BadRequestException("table '" + t + "' is " + s + ", not " + wanted);
    }
  }

  /** Refuses calls until this master is active and initialized, naming what to do. */
  void checkReady() throws ServerBusyException {
    if (!isActive()) {
      throw new ServerBusyException(String.valueOf(name), "this master is a backup; the client "
          + "finds the active master in ZooKeeper");
    }
    if (!isInitialized()) {
      throw new ServerBusyException(String.valueOf(name), "the master is still taking over "
          + "(opening strata:meta, recovering regions)");
    }
  }

  // ---- stopping ----

  /** Stops this master; region servers keep serving, and a backup takes over. */
  public synchronized void stop() {
    if (stopped) {
      return;
    }
    MasterCoprocessorHost cp = coprocessors;
    if (cp != null) {
      cp.callQuietly("preStopMaster", (o, c) -> o.preStopMaster(c));
      cp.stop();
    }
    stopped = true;
    LOG.info("master {} stopping", name);
    if (access != null && name != null) {
      access.unregister(name);
    }
    chores.shutdownNow();
    recovery.shutdownNow();
    if (procedures != null) {
      procedures.close();
    }
    if (assignment != null) {
      assignment.close();
    }
    if (election != null) {
      election.stop();
    }
    rpc.close();
    if (connection != null) {
      try {
        connection.close();
      } catch (IOException e) {
        LOG.debug("closing the master's connection", e);
      }
    }
    servers.close();
    rpcClient.close();
    metrics.close();
    if (zk != null) {
      zk.close();
    }
    LOG.info("master {} stopped", name);
  }

  /** The port of the master's info pages, or -1 when it serves none. */
  public int infoPort() {
    return metrics.infoPort();
  }

  History history() {
    return metrics.history();
  }

  /** What the procedures not yet finished are doing, by id; empty before this master leads. */
  java.util.SortedMap<Long, String> runningProcedures() {
    ProcedureExecutor p = procedures;
    return p == null ? new java.util.TreeMap<>() : p.running();
  }

  Map<TableName, TableDescriptor> tableDescriptors() {
    return descriptors;
  }

  /** As {@link #stop}: the master keeps no state outside meta and its procedure store. */
  public void kill() {
    stop();
  }

  @Override
  public void close() {
    stop();
  }
}
