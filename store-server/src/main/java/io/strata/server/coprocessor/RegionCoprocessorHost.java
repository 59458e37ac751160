package io.strata.server.coprocessor;

import io.strata.client.Append;
import io.strata.client.CheckAndMutate;
import io.strata.client.CheckAndMutateResult;
import io.strata.client.Connection;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.common.cell.Cell;
import io.strata.common.conf.CoprocessorKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.CoprocessorSpec;
import io.strata.common.schema.Durability;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The coprocessors of one region, in priority order, and the calls of their observers' hooks:
 * the system ones of {@code strata.coprocessor.region.classes} and the table's own. Errors and
 * slow hooks are handled by {@link ObserverChain}.
 */
public final class RegionCoprocessorHost {
  /** One loaded coprocessor's view of its region. */
  private final class Env implements RegionCoprocessorEnvironment {
    private final RegionCoprocessor instance;
    private final int priority;
    private final int sequence;
    private final StrataConfiguration conf;
    private final ClassLoader loader;

    Env(RegionCoprocessor instance, int priority, int sequence, StrataConfiguration conf,
        ClassLoader loader) {
      this.instance = instance;
      this.priority = priority;
      this.sequence = sequence;
      this.conf = conf;
      this.loader = loader;
    }

    @Override
    public RegionCoprocessor getInstance() {
      return instance;
    }

    @Override
    public int getPriority() {
      return priority;
    }

    @Override
    public int getLoadSequence() {
      return sequence;
    }

    @Override
    public StrataConfiguration getConfiguration() {
      return conf;
    }

    @Override
    public ClassLoader getClassLoader() {
      return loader;
    }

    @Override
    public RegionInfo getRegionInfo() {
      return region;
    }

    @Override
    public TableDescriptor getTableDescriptor() {
      return table;
    }

    @Override
    public ServerName getServerName() {
      return server;
    }

    @Override
    public Connection getConnection() {
      return connection.get();
    }

    @Override
    public LocalRegion getRegion() {
      LocalRegion r = open;
      if (r == null) {
        throw new IllegalStateException("region " + region.getRegionNameAsString() + " is not "
            + "open yet; use getRegion() from postOpen on, not in start() or preOpen");
      }
      return r;
    }
  }

  private final RegionInfo region;
  private final TableDescriptor table;
  private final ServerName server;
  private final Supplier<Connection> connection;
  private ObserverChain<RegionCoprocessorEnvironment, RegionObserver> chain;
  private Endpoints endpoints;
  /** The loaded coprocessors' call checks, in priority order; null when none has any. */
  private RegionCallGate gate;
  /** The open region, once it is open: what getRegion() gives. */
  private volatile LocalRegion open;
  /** The hooks some loaded observer overrides: the others cost a call nothing. */
  private java.util.Set<String> overridden = java.util.Set.of();

  private RegionCoprocessorHost(RegionInfo region, TableDescriptor table, ServerName server,
      Supplier<Connection> connection) {
    this.region = region;
    this.table = table;
    this.server = server;
    this.connection = connection;
  }

  /**
   * Loads and starts the region's coprocessors; null when it has none. One that cannot be
   * loaded or started fails the load with a COPROCESSOR error naming it, unless
   * {@code strata.coprocessor.abortonerror} is false, when the region goes without it.
   *
   * @param abort aborts the server (a coprocessor bug, under abortonerror)
   */
  public static RegionCoprocessorHost load(RegionInfo region, TableDescriptor table,
      ServerName server, StrataConfiguration conf, CoprocessorLoader loader,
      Supplier<Connection> connection, Runnable abort) throws IOException {
    List<CoprocessorSpec> specs = new ArrayList<>(
        CoprocessorLoader.systemSpecs(conf.get(CoprocessorKeys.REGION_CLASSES)));
    specs.addAll(table.getCoprocessors());
    if (specs.isEmpty()) {
      return null;
    }
    RegionCoprocessorHost host = new RegionCoprocessorHost(region, table, server, connection);
    String where = "region " + region.getRegionNameAsString();
    boolean abortOnError = conf.get(CoprocessorKeys.ABORT_ON_ERROR);
    List<ObserverChain.Entry<RegionCoprocessorEnvironment, RegionObserver>> loaded =
        loader.<RegionCoprocessor, RegionCoprocessorEnvironment, RegionObserver>loadAll(specs,
            RegionCoprocessor.class, conf,
            (cp, priority, seq, own, cl) -> host.new Env(cp, priority, seq, own, cl),
            cp -> cp.getRegionObserver().orElse(null), where, abortOnError);
    host.chain = new ObserverChain<>(where, loaded, abortOnError,
        conf.get(CoprocessorKeys.SLOW_HOOK).toNanos(), abort);
    host.endpoints = host.chain.endpoints();
    host.gate = CallGates.of(loaded.stream().map(e -> e.instance() instanceof RegionCoprocessor r
        ? r.getRegionCallGate().orElse(null) : null).filter(java.util.Objects::nonNull)
        .toList());
    host.overridden = overridden(loaded.stream().map(ObserverChain.Entry::observer)
        .filter(java.util.Objects::nonNull).toList());
    return host;
  }

  /** The names of the RegionObserver hooks any of {@code observers} overrides. */
  private static java.util.Set<String> overridden(List<RegionObserver> observers) {
    java.util.Set<String> names = new java.util.HashSet<>();
    for (RegionObserver o : observers) {
      for (java.lang.reflect.Method m : RegionObserver.class.getMethods()) {
        try {
          if (o.getClass().getMethod(m.getName(), m.getParameterTypes()).getDeclaringClass()
              != RegionObserver.class) {
            names.add(m.getName());
            names.add(m.getName() + "/" + m.getParameterCount());
          }
        } catch (NoSuchMethodException e) {
          names.add(m.getName()); // cannot tell: call it
          names.add(m.getName() + "/" + m.getParameterCount());
        }
      }
    }
    return java.util.Set.copyOf(names);
  }

  private boolean overrides(String... hooks) {
    for (String h : hooks) {
      if (overridden.contains(h)) {
        return true;
      }
    }
    return false;
  }

  /** The loaded coprocessors' checks of each call, in priority order; null when none has any. */
  public RegionCallGate gate() {
    return gate;
  }

  /** Whether any observer has a get or exists hook: else gets go the plain way. */
  public boolean observesGets() {
    return overrides("preGetOp", "postGetOp", "preExists", "postExists");
  }

  /** Whether any observer has a put or delete hook, or a mini-batch one. */
  public boolean observesPutsAndDeletes() {
    return overrides("prePut", "postPut", "preDelete", "postDelete", "preBatchMutate",
        "postBatchMutate");
  }

  /** Whether any observer has a mini-batch hook. */
  public boolean observesBatches() {
    return overrides("preBatchMutate", "postBatchMutate");
  }

  /** Whether any observer has a check-and-mutate hook. */
  public boolean observesCheckAndMutate() {
    return overrides("preCheckAndMutate", "postCheckAndMutate");
  }

  /** Whether any observer wraps the rows of compactions (the scanner form of preCompact). */
  public boolean rewritesCompactions() {
    return overrides("preCompact/4");
  }

  /** Whether any observer has an increment or append hook. */
  public boolean observesIncrementsAndAppends() {
    return overrides("preIncrement", "postIncrement", "preAppend", "postAppend");
  }

  /** Whether any observer has a scanner hook. */
  public boolean observesScans() {
    return overrides("preScannerOpen", "postScannerOpen", "preScannerNext", "postScannerNext",
        "preScannerClose", "postScannerClose");
  }

  /** The region is open: {@code region} is what the environments' getRegion() gives. */
  public void attach(LocalRegion region) {
    open = region;
  }

  /** Calls one of the coprocessors' endpoints; its answer, serialized. */
  public byte[] execService(io.strata.common.proto.ClientProtos.CoprocessorServiceCall call)
      throws IOException {
    return endpoints.call(call);
  }

  /** The loaded coprocessors' class names, in the order their hooks run. */
  public List<String> classNames() {
    return chain.classNames();
  }

  public void preOpen() throws IOException {
    chain.run("preOpen", "", false, (o, c) -> o.preOpen(c));
  }

  public void postOpen() {
    chain.runQuietly("postOpen", (o, c) -> o.postOpen(c));
  }

  public void preClose(boolean abortRequested) throws IOException {
    chain.run("preClose", "", false, (o, c) -> o.preClose(c, abortRequested));
  }

  /** After the region closed; then stops every coprocessor. */
  public void postClose(boolean abortRequested) {
    chain.runQuietly("postClose", (o, c) -> o.postClose(c, abortRequested));
    chain.stopAll();
  }

  /** Returns whether a hook bypassed the get; its cells are then in {@code result}. */
  public boolean preGetOp(String caller, Get get, List<Cell> result) throws IOException {
    return chain.run("preGetOp", caller, true, (o, c) -> o.preGetOp(c, get, result));
  }

  public void postGetOp(String caller, Get get, List<Cell> result) throws IOException {
    chain.run("postGetOp", caller, false, (o, c) -> o.postGetOp(c, get, result));
  }

  /** The answer a hook gave and bypassed the check with, or empty to check. */
  public Optional<Boolean> preExists(String caller, Get get) throws IOException {
    boolean[] answer = {false};
    boolean bypass = chain.run("preExists", caller, true,
        (o, c) -> answer[0] = o.preExists(c, get, answer[0]));
    return bypass ? Optional.of(answer[0]) : Optional.empty();
  }

  public boolean postExists(String caller, Get get, boolean exists) throws IOException {
    boolean[] answer = {exists};
    chain.run("postExists", caller, false,
        (o, c) -> answer[0] = o.postExists(c, get, answer[0]));
    return answer[0];
  }

  /** Returns whether a hook bypassed the put: it is then not written. */
  public boolean prePut(String caller, Put put, Durability durability) throws IOException {
    return chain.run("prePut", caller, true, (o, c) -> o.prePut(c, put, durability));
  }

  public void postPut(String caller, Put put, Durability durability) throws IOException {
    chain.run("postPut", caller, false, (o, c) -> o.postPut(c, put, durability));
  }

  /** Returns whether a hook bypassed the delete: it is then not written. */
  public boolean preDelete(String caller, Delete delete, Durability durability)
      throws IOException {
    return chain.run("preDelete", caller, true, (o, c) -> o.preDelete(c, delete, durability));
  }

  public void postDelete(String caller, Delete delete, Durability durability)
      throws IOException {
    chain.run("postDelete", caller, false, (o, c) -> o.postDelete(c, delete, durability));
  }

  /**
   * The result a hook answered the increment with and bypassed it, or null to do it. Each
   * hook's return value is the next one's starting point, as HBase chains them.
   */
  public Result preIncrement(String caller, Increment increment) throws IOException {
    Result[] answer = {null};
    boolean bypass = chain.run("preIncrement", caller, true,
        (o, c) -> answer[0] = o.preIncrement(c, increment));
    return bypass ? orEmpty(answer[0]) : null;
  }

  public Result postIncrement(String caller, Increment increment, Result result)
      throws IOException {
    Result[] answer = {result};
    chain.run("postIncrement", caller, false,
        (o, c) -> answer[0] = o.postIncrement(c, increment, answer[0]));
    return orEmpty(answer[0]);
  }

  /** As {@link #preIncrement}, for an append. */
  public Result preAppend(String caller, Append append) throws IOException {
    Result[] answer = {null};
    boolean bypass = chain.run("preAppend", caller, true,
        (o, c) -> answer[0] = o.preAppend(c, append));
    return bypass ? orEmpty(answer[0]) : null;
  }

  public Result postAppend(String caller, Append append, Result result) throws IOException {
    Result[] answer = {result};
    chain.run("postAppend", caller, false,
        (o, c) -> answer[0] = o.postAppend(c, append, answer[0]));
    return orEmpty(answer[0]);
  }

  public void preScannerOpen(String caller, Scan scan) throws IOException {
    chain.run("preScannerOpen", caller, false, (o, c) -> o.preScannerOpen(c, scan));
  }

  public void postScannerOpen(String caller, Scan scan, long scannerId) throws IOException {
    chain.run("postScannerOpen", caller, false, (o, c) -> o.postScannerOpen(c, scan, scannerId));
  }

  /** What the pre hooks of a scanner call did: answered it (bypassed), and whether more follow. */
  public record Next(boolean bypassed, boolean hasNext) {}

  public Next preScannerNext(String caller, long scannerId, List<Result> result, int limit)
      throws IOException {
    boolean[] more = {true};
    boolean bypass = chain.run("preScannerNext", caller, true,
        (o, c) -> more[0] = o.preScannerNext(c, scannerId, result, limit, more[0]));
    return new Next(bypass, more[0]);
  }

  /** Returns whether the scanner has more, as the post hooks say. */
  public boolean postScannerNext(String caller, long scannerId, List<Result> result, int limit,
      boolean hasNext) throws IOException {
    boolean[] more = {hasNext};
    chain.run("postScannerNext", caller, false,
        (o, c) -> more[0] = o.postScannerNext(c, scannerId, result, limit, more[0]));
    return more[0];
  }

  public void preScannerClose(String caller, long scannerId) throws IOException {
    chain.run("preScannerClose", caller, false, (o, c) -> o.preScannerClose(c, scannerId));
  }

  public void postScannerClose(String caller, long scannerId) throws IOException {
    chain.run("postScannerClose", caller, false, (o, c) -> o.postScannerClose(c, scannerId));
  }

  public void preFlush() throws IOException {
    chain.run("preFlush", "", false, (o, c) -> o.preFlush(c));
  }

  public void postFlush() {
    chain.runQuietly("postFlush", (o, c) -> o.postFlush(c));
  }

  public void preCompact(byte[] family, boolean major) throws IOException {
    chain.run("preCompact", "", false, (o, c) -> o.preCompact(c, family, major));
  }

  public void postCompact(byte[] family, boolean major) {
    chain.runQuietly("postCompact", (o, c) -> o.postCompact(c, family, major));
  }

  /** The file names a hook left of {@code candidates}, in place. */
  public void preCompactSelection(byte[] family, List<String> candidates) throws IOException {
    chain.run("preCompactSelection", "", false,
        (o, c) -> o.preCompactSelection(c, family, candidates));
  }

  public void postCompactSelection(byte[] family, List<String> selected) {
    List<String> view = java.util.Collections.unmodifiableList(selected);
    chain.runQuietly("postCompactSelection", (o, c) -> o.postCompactSelection(c, family, view));
  }

  /** The compaction's rows as every observer wrapped them, in order. */
  public InternalScanner preCompactScanner(byte[] family, InternalScanner rows, boolean major)
      throws IOException {
    InternalScanner[] wrapped = {rows};
    chain.run("preCompact", "", false,
        (o, c) -> wrapped[0] = o.preCompact(c, family, wrapped[0], major));
    return wrapped[0];
  }

  /** The answer a hook gave and bypassed the check-and-mutate with, or null to do it. */
  public CheckAndMutateResult preCheckAndMutate(String caller, CheckAndMutate cam)
      throws IOException {
    CheckAndMutateResult[] answer = {null};
    boolean bypass = chain.run("preCheckAndMutate", caller, true,
        (o, c) -> answer[0] = o.preCheckAndMutate(c, cam, answer[0]));
    return bypass ? (answer[0] != null ? answer[0] : new CheckAndMutateResult(false, null))
        : null;
  }

  public CheckAndMutateResult postCheckAndMutate(String caller, CheckAndMutate cam,
      CheckAndMutateResult result) throws IOException {
    CheckAndMutateResult[] answer = {result};
    chain.run("postCheckAndMutate", caller, false,
        (o, c) -> answer[0] = o.postCheckAndMutate(c, cam, answer[0]));
    return answer[0];
  }

  public void preBatchMutate(String caller, MiniBatchOperationInProgress<Mutation> batch)
      throws IOException {
    chain.run("preBatchMutate", caller, false, (o, c) -> o.preBatchMutate(c, batch));
  }

  public void postBatchMutate(String caller, MiniBatchOperationInProgress<Mutation> batch)
      throws IOException {
    chain.run("postBatchMutate", caller, false, (o, c) -> o.postBatchMutate(c, batch));
  }

  public void preSplit(String caller, byte[] splitRow) throws IOException {
    chain.run("preSplit", caller, false, (o, c) -> o.preSplit(c, splitRow));
  }

  public void postSplit(RegionInfo left, RegionInfo right) {
    chain.runQuietly("postSplit", (o, c) -> o.postSplit(c, left, right));
  }

  public void preReplayWALs(org.apache.hadoop.fs.Path edits) throws IOException {
    chain.run("preReplayWALs", "", false, (o, c) -> o.preReplayWALs(c, region, edits));
  }

  public void postReplayWALs(org.apache.hadoop.fs.Path edits) throws IOException {
    chain.run("postReplayWALs", "", false, (o, c) -> o.postReplayWALs(c, region, edits));
  }

  private static Result orEmpty(Result r) {
    return r == null ? Result.create(List.<Cell>of()) : r;
  }
}
