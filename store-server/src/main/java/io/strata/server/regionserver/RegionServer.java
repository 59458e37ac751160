package io.strata.server.regionserver;

import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.RegionKeys;
import io.strata.common.conf.ServerKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.conf.WalKeys;
import io.strata.common.coordination.ZNodes;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NotServingRegionException;
import io.strata.common.error.SpaceLimitingException;
import io.strata.common.proto.AdminProtos.RegionLoadProto;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.quota.SpaceViolationPolicy;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.server.cache.BlockCache;
import io.strata.server.coordination.RegionServerTracker;
import io.strata.server.coordination.ZkSession;
import io.strata.server.coprocessor.CoprocessorLoader;
import io.strata.server.coprocessor.RegionCoprocessorHost;
import io.strata.server.coprocessor.RegionServerCoprocessorHost;
import io.strata.server.coprocessor.WALCoprocessorHost;
import io.strata.server.fs.RecycledFiles;
import io.strata.server.fs.RootDirectory;
import io.strata.server.fs.StorageFileSystems;
import io.strata.server.memstore.ChunkPool;
import io.strata.server.quota.RegionServerQuotas;
import io.strata.server.region.BlockCaches;
import io.strata.server.region.CompactionService;
import io.strata.server.region.MemStoreLimiter;
import io.strata.server.region.Region;
import io.strata.server.region.RegionCaching;
import io.strata.server.region.RegionContext;
import io.strata.server.region.RegionFlusher;
import io.strata.server.region.RegionOptions;
import io.strata.server.region.RegionSplitter;
import io.strata.server.region.SplitRecovery;
import io.strata.server.regionserver.split.AutoSplitter;
import io.strata.server.regionserver.split.SplitPolicy;
import io.strata.server.rpc.RpcServer;
import io.strata.server.rpc.RpcServerOptions;
import io.strata.server.security.ClusterSecret;
import io.strata.server.wal.Wal;
import io.strata.server.wal.WalOptions;
import java.io.Closeable;
import java.io.IOException;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A region server: hosts regions and serves them over RPC.
 *
 * <p>Life cycle: {@link #start} binds the RPC port (which names the server
 * {@code host,port,startcode}), opens its WAL under {@code <root>/wals/<server>}, registers an
 * ephemeral znode under {@code /strata/rs} and starts reporting its load to the master. The
 * master then opens regions on it. {@link #stop} is the clean stop: it refuses new calls, closes
 * (flushes) every region, closes the WAL and archives it (every edit is in block files now),
 * and leaves ZooKeeper. {@link #kill} is a crash for tests: nothing is flushed and the WAL stays
 * for the master to replay.
 */
public final class RegionServer implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(RegionServer.class);

  private final StrataConfiguration conf;
  private final FileSystem fs;
  private final Path root;
  private final long maxCellSize;
  private final OnlineRegions regions;
  /** Regions being opened or closed now, so that two requests for one do not race. */
  private final Set<String> inTransition = ConcurrentHashMap.newKeySet();
  /** The coprocessors of regions opening now, by encoded name, until they serve. */
  private final Map<String, RegionCoprocessorHost> opening = new ConcurrentHashMap<>();
  /**
   * Regions whose open the master gave up on (it asked to close them while they opened): the
   * open closes them again as soon as it finishes, so no region is served by two servers.
   */
  private final Set<String> cancelledOpens = ConcurrentHashMap.newKeySet();
  private final ScannerRegistry scanners;
  private final RpcServer rpc;
  /** Where this daemon listens and the name it publishes. */
  private final io.strata.server.coordination.ServerHost host;
  /** This daemon's Kerberos login; null unless strata.security.authentication=kerberos. */
  private final io.strata.server.security.KerberosLogin kerberos;
  private ServerName name;
  private Wal wal;
  private RegionContext ctx;
  private BlockCache cache;
  private final RegionServerMetrics metrics;
  private RegionFlusher flusher;
  private CompactionService compactions;
  private ZkSession zk;
  private LoadReporter reporter;
  private MasterLink masterLink;
  private AutoSplitter autoSplitter;
  private FlushChore flushChore;
  private volatile boolean stopped;
  private ClusterSecret secret;
  private final RegionServerQuotas quotas;
  private final CoprocessorLoader coprocessorLoader;
  /** The server's own coprocessors (not its regions'); null when it has none. */
  private volatile RegionServerCoprocessorHost serverCoprocessors;
  /** The WAL's coprocessors; null when it has none. */
  private volatile WALCoprocessorHost walCoprocessors;
  /** Reads the quotas and permissions again; made when the first is started. */
  private java.util.concurrent.ScheduledExecutorService settingsRefresh;
  /** The permission checks; null when strata.security.authorization is off. */
  private final io.strata.server.security.access.AccessChecker access;
  private io.strata.client.Connection quotaConnection;

  public RegionServer(StrataConfiguration conf) throws IOException {
    conf = io.strata.server.security.access.AccessChecker.withController(conf);
    this.conf = conf;
    this.access = io.strata.server.security.access.AccessChecker.of(conf);
    this.host = io.strata.server.coordination.ServerHost.regionServer(conf);
    // Logged in before the root file system opens: on a secure HDFS it opens as this login.
    this.kerberos = io.strata.server.security.KerberosLogin.ifConfigured(conf, host.published());
    this.fs = StorageFileSystems.forRoot(conf);
    this.root = fs.makeQualified(StorageFileSystems.rootDir(conf));
    this.maxCellSize = conf.get(ServerKeys.MAX_CELL_SIZE);
    this.coprocessorLoader = new CoprocessorLoader(StorageFileSystems.toHadoop(conf),
        new java.io.File(System.getProperty("java.io.tmpdir"), "strata-coprocessor-jars"));
    this.regions = new OnlineRegions("region server (starting)");
    this.scanners = new ScannerRegistry(conf.get(ServerKeys.SCANNER_LEASE),
        conf.get(ServerKeys.SCANNER_READAHEAD_SIZE),
        conf.get(ServerKeys.SCANNER_MAX_RESULT_SIZE), "rs");
    scanners.limit(conf.get(io.strata.common.conf.SecurityKeys.MAX_SCANNERS_PER_CONNECTION),
        conf.get(io.strata.common.conf.SecurityKeys.MAX_SCANNERS));
    this.quotas = new RegionServerQuotas(new RegionServerQuotas.Servers() {
      @Override
      public int live() {
        try {
          ZkSession z = zk;
          return z == null ? 1 : Math.max(1, z.children(ZNodes.REGION_SERVERS, null).size());
        } catch (IOException e) {
          return 1;
        }
      }

      @Override
      public int holding(TableName table) throws IOException {
        return (int) Math.max(1, quotaConnection().getRegionLocator(table)
            .getAllRegionLocations().stream().map(l -> l.server()).filter(s -> s != null)
            .distinct().count());
      }
    });
    this.rpc = new RpcServer("regionserver", RpcServerOptions.fromConfig(conf,
        host.bind(), conf.get(CoreKeys.REGIONSERVER_PORT)),
        List.of(new ClientService(regions, scanners, quotas, access).service(
            conf.get(ServerKeys.PUT_BATCH)), new AdminService(this).service()));
    this.metrics = new RegionServerMetrics(conf, rpc, encoded -> {
      OnlineRegions.Hosted h = regions.find(encoded);
      return h == null ? null : h.region().info().getTable().getNameAsString();
    });
    metrics.countRegionCalls(conf, regions);
  }

  /**
   * Reads settings kept in a system table (quotas, permissions) now, then every {@code period}
   * (0: only when told), on the settings thread: the first read waits for strata:meta, which
   * this server may be about to open.
   */
  private synchronized void startRefresh(java.time.Duration period,
      java.util.function.BooleanSupplier read) {
    if (settingsRefresh == null) {
      settingsRefresh = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "settings-refresh-" + name);
        t.setDaemon(true);
        return t;
      });
    }
    settingsRefresh.execute(() -> firstRead(period, read));
  }

  /**
   * Reads the settings a restarted server must hold to, trying every half second until the
   * catalog serves (this server may be opening strata:meta itself), then every {@code period}.
   */
  private void firstRead(java.time.Duration period, java.util.function.BooleanSupplier read) {
    if (!stopped && !read.getAsBoolean()) {
      settingsRefresh.schedule(() -> firstRead(period, read), 500,
          java.util.concurrent.TimeUnit.MILLISECONDS);
      return;
    }
    if (!period.isZero()) {
      settingsRefresh.scheduleWithFixedDelay(read::getAsBoolean, period.toMillis(),
          period.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    }
  }

  /**
   * Reads the permissions again: when the master says they changed, and periodically. Returns
   * whether it read them.
   */
  boolean refreshAcls() {
    try {
      return access.refresh(quotaConnection());
    } catch (IOException e) {
      LOG.warn("cannot connect to read the permissions; keeping those in force: {}",
          e.toString());
      return false;
    }
  }

  /** The permission checks; null when strata.security.authorization is off. */
  io.strata.server.security.access.AccessChecker access() {
    return access;
  }

  RegionServerQuotas quotas() {
    return quotas;
  }

  /**
   * Reads the quota settings again: when the master says they changed, and periodically.
   * Returns whether it read them.
   */
  boolean refreshQuotas() {
    try {
      return quotas.refresh(quotaConnection());
    } catch (IOException e) {
      LOG.warn("cannot connect to read the quota settings; keeping those in force: {}",
          e.toString());
      return false;
    }
  }

  /**
   * Starts a new WAL file now, as an operator asked (wal_roll), around the server
   * coprocessors' hooks.
   */
  void rollWal() throws IOException {
    checkRunning();
    RegionServerCoprocessorHost cp = serverCoprocessors;
    String caller = ClientService.caller();
    if (cp != null) {
      cp.call("preRollWALWriterRequest", caller, (o, c) -> o.preRollWALWriterRequest(c));
    }
    wal.roll();
    if (cp != null) {
      cp.call("postRollWALWriterRequest", caller, (o, c) -> o.postRollWALWriterRequest(c));
    }
  }

  /** The connection coprocessors get: the server's own. */
  private io.strata.client.Connection coprocessorConnection() {
    try {
      return quotaConnection();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** A coprocessor's bug under strata.coprocessor.abortonerror: the server goes at once. */
  private void abortForCoprocessor() {
    LOG.error("region server {} aborts: a coprocessor failed (strata.coprocessor.abortonerror)",
        name);
    new Thread(this::kill, "rs-abort").start();
  }

  /** This server's own client connection, presenting the cluster secret; made when first used. */
  private synchronized io.strata.client.Connection quotaConnection() throws IOException {
    if (stopped) { // closeServices closed it; a late refresh must not open another
      throw new IOException("region server " + name + " is stopping");
    }
    if (quotaConnection == null) {
      quotaConnection = new io.strata.client.internal.ConnectionImpl(
          new io.strata.client.internal.AsyncConnectionImpl(
              io.strata.server.security.KerberosLogin.asClient(kerberos, conf), secret.token()));
    }
    return quotaConnection;
  }

  /** Binds, opens the WAL, registers in ZooKeeper and starts reporting. */
  public synchronized void start() throws IOException {
    RootDirectory.prepare(fs, root);
    secret = ClusterSecret.loadOrCreate(fs, root);
    rpc.trust(secret);
    if (io.strata.server.security.Authentication.required(conf)) {
      rpc.requireAuthentication();
    }
    if (kerberos != null) {
      rpc.useKerberos(kerberos);
    }
    rpc.useTls(io.strata.common.rpc.Tls.server(conf, io.strata.common.conf.SecurityKeys.RPC_TLS));
    rpc.start();
    name = ServerName.valueOf(host.published(), rpc.address().getPort(),
        System.currentTimeMillis());
    regions.setServer(name.toString());
    scanners.setServer(name.toString());
    if (access != null) {
      access.register(name); // where the AccessController of each region finds it
    }
    try {
      RecycledFiles recycled = RecycledFiles.in(fs, new Path(root, "archive"),
          conf.get(ServerKeys.RECYCLED_FILES_SIZE),
          conf.get(ServerKeys.DIRECT_BLOCK_FILE_IO));
      wal = new Wal(fs, walDir(root, name), new Path(root, "oldWALs"), recycled,
          name.toString(), WalOptions.from(conf), 1, InstantSource.system());
      HeapShares.check(conf);
      cache = BlockCaches.fromConfig(conf);
      flusher = new RegionFlusher();
      compactions = CompactionService.fromConfig(conf);
      compactions.refuseWhen(quotas::compactionRefusal); // a space quota may stop them
      ctx = new RegionContext(fs, root, wal, ChunkPool.forHeap(
          (int) (long) conf.get(RegionKeys.MSLAB_CHUNK_SIZE), conf.get(RegionKeys.MSLAB_POOL_CHUNKS),
          Runtime.getRuntime().maxMemory()),
          RegionOptions.from(conf), flusher, MemStoreLimiter.fromHeap(name.toString(), conf,
              flusher), compactions, InstantSource.system(),
          RegionCaching.fromConfig(conf, cache),
          // A block file a compaction replaced is written over only while no snapshot may name it.
          recycled.keeping(f -> io.strata.server.snapshot.SnapshotReferences.pinsFiles(fs, root)),
          metrics.timed(conf,
              autoSplitter = new AutoSplitter(new CoprocessorEvents(regions, opening),
                  SplitPolicy.fromConfig(conf), this::regionsOf, this::requestSplit)));
      flushChore = new FlushChore(regions, wal, flusher,
          conf.get(RegionKeys.MEMSTORE_FLUSH_PERIOD), conf.get(WalKeys.MAX_FILES),
          InstantSource.system());
      flushChore.start(FlushChore.lookEvery(conf.get(RegionKeys.MEMSTORE_FLUSH_PERIOD)));
      zk = ZkSession.ofDaemon(conf, secret, kerberos == null ? null : kerberos.principal());
      rpc.useTokenRenewals(new io.strata.server.security.DelegationTokens(zk));
      zk.onExpired(() -> {
        LOG.error("region server {} lost its ZooKeeper session: the master is recovering its "
            + "regions elsewhere, so it aborts", name);
        new Thread(this::kill, "rs-abort").start();
      });
      ZkSession session = zk;
      rpc.fenceWith(() -> session.isConnected() ? null
          : new io.strata.common.error.ServerErrorException(String.valueOf(name),
              new IOException("the region server has lost its ZooKeeper connection: it may have "
                  + "been declared dead and its regions be moving, so it acknowledges nothing "
                  + "until it is back")));
      RegionServerTracker tracker = new RegionServerTracker(zk);
      tracker.register(name);
      tracker.onDeclaredDead(name, () -> {
        if (!stopped) {
          LOG.error("region server {} was declared dead by the master: its regions are being "
              + "recovered elsewhere, so it aborts", name);
          new Thread(this::kill, "rs-abort").start();
        }
      });
      serverCoprocessors = RegionServerCoprocessorHost.load(conf, coprocessorLoader, name,
          this::coprocessorConnection, this::abortForCoprocessor);
      walCoprocessors = WALCoprocessorHost.load(conf, coprocessorLoader, name,
          this::coprocessorConnection, this::abortForCoprocessor);
      if (walCoprocessors != null) {
        wal.setListener(new WalEdits(walCoprocessors, regions));
      }
      metrics.bind(this::load, cache);
      metrics.bindWork(conf, flusher, compactions, wal);
      metrics.startHistory(conf.get(ServerKeys.STATUS_HISTORY_INTERVAL), this::load, cache);
      metrics.serveInfo(conf, host.bind(), RegionServerPages.of(this));
      masterLink = new MasterLink(zk, secret.token(), io.strata.common.rpc.Tls.client(conf));
      reporter = new LoadReporter(this, masterLink, conf.get(ServerKeys.REPORT_INTERVAL));
      reporter.start();
      startRefresh(conf.get(ServerKeys.QUOTA_REFRESH_PERIOD), this::refreshQuotas);
      if (access != null) {
        startRefresh(conf.get(io.strata.common.conf.SecurityKeys.ACL_REFRESH_PERIOD),
            this::refreshAcls);
      }
    } catch (IOException | RuntimeException e) {
      kill();
      throw e;
    }
    LOG.info("region server {} started; WAL in {}", name, walDir(root, name));
  }

  /** Where a server's WAL files live. */
  public static Path walDir(Path root, ServerName server) {
    return new Path(new Path(root, "wals"), server.toString());
  }

  public ServerName serverName() {
    return name;
  }

  /** The file system of the root directory, and the root directory (for WAL splits). */
  FileSystem fileSystem() {
    return fs;
  }

  Path rootDir() {
    return root;
  }

  OnlineRegions onlineRegions() {
    return regions;
  }

  /** The encoded names of the regions this server hosts now. */
  public List<String> onlineRegionNames() {
    return regions.all().stream().map(h -> h.region().encodedName()).sorted().toList();
  }

  /** Scanners clients hold open on this server now. */
  public int openScanners() {
    return scanners.size();
  }

  /** The hosted region of this encoded name, or null. */
  public Region region(String encodedName) {
    OnlineRegions.Hosted h = regions.find(encodedName);
    return h == null ? null : h.region();
  }

  /**
   * Opens a region (replaying its recovered edits first); nothing if it is open here already.
   * The region's directory and {@code .regioninfo} are made if missing.
   */
  void openRegion(RegionInfo info, TableDescriptor table) throws IOException {
    checkRunning();
    String name = info.getEncodedName();
    if (regions.find(name) != null) {
      return;
    }
    if (!inTransition.add(name)) {
      throw new NotServingRegionException(info.getRegionNameAsString(), this.name + " (it is "
          + "opening or closing here now)");
    }
    cancelledOpens.remove(name);
    try {
      RegionCoprocessorHost cp = RegionCoprocessorHost.load(info, table, this.name, conf,
          coprocessorLoader, this::coprocessorConnection, this::abortForCoprocessor);
      if (access != null && (cp == null || cp.gate() == null)) {
        throw new io.strata.common.error.CoprocessorException("the AccessController did not "
            + "load on region " + info.getRegionNameAsString() + " (see the log); under "
            + "strata.security.authorization a region stays closed rather than open unchecked");
      }
      if (cp != null) {
        cp.preOpen();
        opening.put(name, cp); // its WAL replay's hooks
      }
      Region r;
      try {
        r = Region.create(ctx, info, table);
      } finally {
        opening.remove(name);
      }
      if (cancelledOpens.remove(name)) {
        r.close();
        if (cp != null) {
          cp.postClose(false);
        }
        throw new NotServingRegionException(info.getRegionNameAsString(), this.name
            + " (the master gave up on this open and closed it)");
      }
      regions.add(r, maxCellSize, cp);
      if (cp != null) {
        cp.postOpen();
      }
      LOG.info("opened region {} of table {}", name, info.getTable());
    } finally {
      inTransition.remove(name);
    }
  }

  /**
   * Stops serving a region and closes it: flushed, unless {@code abort} (the memstore is then
   * dropped; its edits are in this server's WAL). A close whose final flush fails leaves
   * acknowledged edits only in the WAL: the server aborts so that the master replays it.
   */
  void closeRegion(String encodedName, boolean abort) throws IOException {
    OnlineRegions.Hosted h = regions.find(encodedName);
    if (h == null) {
      if (inTransition.contains(encodedName)) {
        cancelledOpens.add(encodedName); // opening now: it closes itself once open
      }
      return; // closed already: closing is idempotent for the master's retries
    }
    if (!inTransition.add(encodedName)) {
      throw new NotServingRegionException(encodedName, name + " (it is opening or closing "
          + "here now)");
    }
    try {
      if (h.coprocessors() != null) {
        h.coprocessors().preClose(abort);
      }
      regions.remove(encodedName);
      scanners.closeRegion(encodedName);
      if (abort) {
        h.region().abort();
      } else {
        try {
          h.region().close();
        } catch (IOException e) {
          LOG.error("closing region {} failed; aborting the server so its WAL is replayed",
              encodedName, e);
          new Thread(this::kill, "rs-abort").start();
          throw e;
        }
      }
      LOG.info("closed region {}", encodedName);
      if (h.coprocessors() != null) {
        h.coprocessors().postClose(abort);
      }
    } finally {
      inTransition.remove(encodedName);
    }
  }

  /**
   * Queues a compaction of a hosted region, or of one family's store ({@code family} not null),
   * on the server's compaction threads. An unknown family is refused here, before anything is
   * queued, so the operator learns of it.
   */
  void requestCompaction(String encodedName, boolean major, byte[] family)
      throws NotServingRegionException, io.strata.common.error.NoSuchFamilyException,
      SpaceLimitingException {
    Region r = regions.get(encodedName).region();
    if (family != null) {
      r.checkFamily(family);
    }
    String refused = quotas.compactionRefusal(r.info().getTable());
    if (refused != null) {
      throw new SpaceLimitingException(r.info().getTable().toString(),
          SpaceViolationPolicy.NO_WRITES_COMPACTIONS.name(), refused);
    }
    compactions.requestNow(r, major, family);
  }

  /**
   * Splits a hosted region and leaves both daughters closed for the master to assign. If the
   * split fails after the parent closed and before it committed, the parent is opened again.
   */
  RegionSplitter.Daughters splitRegion(String encodedName, byte[] row) throws IOException {
    checkRunning();
    OnlineRegions.Hosted h = regions.get(encodedName);
    if (!inTransition.add(encodedName)) {
      throw new NotServingRegionException(encodedName, name + " (it is opening or closing "
          + "here now)");
    }
    Region parent = h.region();
    try {
      if (h.coprocessors() != null) {
        String caller = io.strata.server.rpc.RpcServer.caller();
        h.coprocessors().preSplit(caller == null ? "" : caller, row);
      }
      try {
        RegionSplitter.Daughters d = RegionSplitter.split(parent, row);
        metrics.splitDone();
        regions.remove(encodedName);
        scanners.closeRegion(encodedName);
        if (h.coprocessors() != null) {
          h.coprocessors().postSplit(d.a(), d.b());
          h.coprocessors().postClose(false); // the parent is gone; its daughters load their own
        }
        return d;
      } catch (IOException | RuntimeException e) {
        if (regions.find(encodedName) != null && parent.isClosed()) {
          regions.remove(encodedName);
          scanners.closeRegion(encodedName);
          List<RegionInfo> now = SplitRecovery.regionsToOpen(fs, root, parent.info());
          if (now.size() == 1 && now.get(0).equals(parent.info())) {
            regions.add(Region.open(ctx, parent.info(), parent.table(), List.of()), maxCellSize,
                h.coprocessors()); // the same coprocessors, never stopped
          }
        }
        throw e;
      }
    } finally {
      inTransition.remove(encodedName);
    }
  }

  private void checkRunning() throws BadRequestException {
    if (stopped) {
      throw new BadRequestException("region server " + name + " is stopping; it opens no "
          + "regions");
    }
  }

  /**
   * The load this server reports ({@link LoadReporter}): its regions with their memstore and
   * block file sizes, file counts and request counts.
   */
  ServerLoadProto load() {
    ServerLoadProto.Builder b = ServerLoadProto.newBuilder().setServer(SchemaCodec.toProto(name))
        .setReportMillis(System.currentTimeMillis())
        .setUsedHeapBytes(Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory())
        .setMaxHeapBytes(Runtime.getRuntime().maxMemory())
        .setVersion(io.strata.common.Version.get());
    long requests = 0;
    for (OnlineRegions.Hosted h : regions.all()) {
      Region r = h.region();
      long reads = h.reads().sum();
      long writes = h.writes().sum();
      requests += reads + writes;
      b.addRegions(RegionLoadProto.newBuilder().setRegion(SchemaCodec.toProto(r.info()))
          .setMemstoreBytes(r.memStoreSize()).setStoreFiles(r.fileCount())
          .setStoreFileBytes(r.storeFileBytes()).setSpaceBytes(r.spaceBytes())
          .setReadRequests(reads)
          .setWriteRequests(writes));
    }
    return b.setRequests(requests).build();
  }

  /** Stopped, killed, or aborted after losing its ZooKeeper session. */
  public boolean isStopped() {
    return stopped;
  }

  /**
   * The clean stop: refuses new calls, closes every region (flushing it), closes and archives
   * the WAL, and leaves ZooKeeper. Returns once all of that is done.
   */
  public synchronized void stop() throws IOException {
    if (stopped) {
      return;
    }
    RegionServerCoprocessorHost cp = serverCoprocessors;
    if (cp != null) {
      cp.callQuietly("preStopRegionServer", (o, c) -> o.preStopRegionServer(c));
    }
    stopped = true;
    LOG.info("region server {} stopping: closing {} region(s)", name, regions.size());
    if (zk != null) {
      try {
        new RegionServerTracker(zk).markStopping(name); // before the port closes
      } catch (IOException e) {
        LOG.warn("could not mark {} stopping in ZooKeeper; the master may recover its regions "
            + "before it has flushed them", name, e);
      }
    }
    closeMasterCalls();
    rpc.close();
    scanners.close();
    IOException failed = null;
    for (OnlineRegions.Hosted h : regions.all()) {
      try {
        if (h.coprocessors() != null) {
          h.coprocessors().preClose(false);
        }
        regions.remove(h.region().encodedName());
        h.region().close();
        if (h.coprocessors() != null) {
          h.coprocessors().postClose(false);
        }
      } catch (IOException e) {
        LOG.error("closing region {} failed; its edits stay in the WAL for replay",
            h.region().encodedName(), e);
        failed = e;
      }
    }
    if (cp != null) {
      cp.stop();
    }
    if (walCoprocessors != null) {
      walCoprocessors.stop();
    }
    closeServices();
    if (failed == null && wal != null) {
      archiveWals();
    }
    if (zk != null) {
      zk.close();
      zk = null;
    }
    LOG.info("region server {} stopped", name);
    if (failed != null) {
      throw failed;
    }
  }

  /** Every region flushed: the WAL holds nothing needed, so it goes to the archive. */
  private void archiveWals() throws IOException {
    Path dir = walDir(root, name);
    Path archive = new Path(root, "oldWALs");
    StorageFileSystems.mkdirs(fs, archive);
    if (fs.exists(dir)) {
      for (var st : fs.listStatus(dir)) {
        fs.rename(st.getPath(), new Path(archive, name + "." + st.getPath().getName()));
      }
      fs.delete(dir, true);
    }
  }

  /** Ends load reports and split requests to the master. */
  private void closeMasterCalls() {
    if (reporter != null) {
      reporter.close();
    }
    if (autoSplitter != null) {
      autoSplitter.close();
    }
    if (masterLink != null) {
      masterLink.close();
    }
  }

  /** How many regions of {@code table} this server holds (the split policy weighs them). */
  private int regionsOf(io.strata.common.schema.TableName table) {
    int n = 0;
    for (OnlineRegions.Hosted h : regions.all()) {
      n += h.region().info().getTable().equals(table) ? 1 : 0;
    }
    return n;
  }

  /** Asks the master to split a region at its middle row (AutoSplitter). */
  private void requestSplit(String encodedName) throws IOException {
    MasterLink link = masterLink;
    if (link == null || stopped) {
      throw new IOException("the region server is not running");
    }
    link.call("Split", io.strata.common.proto.MasterProtos.SplitRequest.newBuilder()
        .setRegion(encodedName).build(), io.strata.common.proto.MasterProtos.ProcedureIdProto
        .parser(), conf.get(io.strata.common.conf.ClientKeys.RPC_TIMEOUT));
  }

  /**
   * A crash, for tests and for a server that lost its session: stops serving at once, drops
   * every memstore (the edits are in the WAL) and leaves ZooKeeper, flushing nothing.
   */
  public void kill() {
    synchronized (this) {
      if (stopped && zk == null) {
        return;
      }
      stopped = true;
    }
    closeMasterCalls();
    rpc.close();
    scanners.close();
    for (OnlineRegions.Hosted h : regions.all()) {
      regions.remove(h.region().encodedName());
      try {
        h.region().abort();
      } catch (IOException e) {
        LOG.warn("aborting region {}", h.region().encodedName(), e);
      }
    }
    try {
      closeServices();
    } catch (IOException e) {
      LOG.warn("closing the WAL of killed server {}", name, e);
    }
    if (zk != null) {
      zk.close();
      zk = null;
    }
    LOG.info("region server {} killed", name);
  }

  private void closeServices() throws IOException {
    synchronized (this) {
      if (settingsRefresh != null) {
        settingsRefresh.shutdownNow();
      }
    }
    if (access != null && name != null) {
      access.unregister(name);
    }
    synchronized (this) {
      if (quotaConnection != null) {
        quotaConnection.close();
        quotaConnection = null;
      }
    }
    if (flushChore != null) {
      flushChore.close();
    }
    if (flusher != null) {
      flusher.close();
    }
    if (compactions != null) {
      compactions.close();
    }
    if (wal != null) {
      wal.close();
    }
    if (cache instanceof Closeable c) {
      c.close();
    }
    metrics.close();
  }

  /** The figures its status page charts. */
  io.strata.server.metrics.History history() {
    return metrics.history();
  }

  RpcServer rpcServer() {
    return rpc;
  }

  /** The block cache, or null before the server starts. */
  BlockCache blockCache() {
    return cache;
  }

  /** The WAL, or null before the server starts. */
  io.strata.server.wal.Wal wal() {
    return wal;
  }

  /** The slow and large calls this server answered last. */
  io.strata.server.metrics.SlowLog slowLog() {
    return metrics.slowLog();
  }

  /** The port of the server's info pages, or -1 when it serves none. */
  public int infoPort() {
    return metrics.infoPort();
  }

  @Override
  public void close() throws IOException {
    stop();
  }
}
