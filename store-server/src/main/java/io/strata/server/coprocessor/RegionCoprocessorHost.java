package io.strata.server.coprocessor;

import io.strata.client.Append;
import io.strata.client.Connection;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.common.cell.Cell;
import io.strata.common.conf.CoprocessorKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.CoprocessorSpec;
import io.strata.common.schema.Durability;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coprocessors of one region, in priority order, and the calls of their observers' hooks:
 * the system ones of {@code strata.coprocessor.region.classes} and the table's own. A hook that
 * throws an IOException fails its call with it; anything else is a coprocessor bug: the server
 * aborts ({@code strata.coprocessor.abortonerror}, the default) or the coprocessor is unloaded
 * from the region and the call fails with a COPROCESSOR error. Hooks slower than
 * {@code strata.coprocessor.slow.hook} are logged.
 */
public final class RegionCoprocessorHost {
  private static final Logger LOG = LoggerFactory.getLogger(RegionCoprocessorHost.class);

  /** What a hook does with an observer and its context. */
  @FunctionalInterface
  private interface Hook {
    void call(RegionObserver o, ObserverContext<RegionCoprocessorEnvironment> c)
        throws IOException;
  }

  /** One loaded coprocessor and what it is told of its region. */
  private final class Env implements RegionCoprocessorEnvironment {
    private final RegionCoprocessor instance;
    private final RegionObserver observer;
    private final int priority;
    private final int sequence;
    private final StrataConfiguration conf;
    private final ClassLoader loader;

    Env(RegionCoprocessor instance, int priority, int sequence, StrataConfiguration conf,
        ClassLoader loader) {
      this.instance = instance;
      this.observer = instance.getRegionObserver().orElse(null);
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
    public String toString() {
      return instance.getClass().getName();
    }
  }

  private final RegionInfo region;
  private final TableDescriptor table;
  private final ServerName server;
  private final Supplier<Connection> connection;
  private final boolean abortOnError;
  private final long slowNanos;
  private final Runnable abort;
  /** Copied on change: a coprocessor unloaded after a bug leaves the others running. */
  private volatile List<Env> envs = List.of();

  private RegionCoprocessorHost(RegionInfo region, TableDescriptor table, ServerName server,
      StrataConfiguration conf, Supplier<Connection> connection, Runnable abort) {
    this.region = region;
    this.table = table;
    this.server = server;
    this.connection = connection;
    this.abortOnError = conf.get(CoprocessorKeys.ABORT_ON_ERROR);
    Duration slow = conf.get(CoprocessorKeys.SLOW_HOOK);
    this.slowNanos = slow.toNanos();
    this.abort = abort;
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
    List<CoprocessorSpec> specs = new ArrayList<>();
    int system = Coprocessor.PRIORITY_SYSTEM;
    for (String name : conf.get(CoprocessorKeys.REGION_CLASSES).split(",")) {
      if (!name.isBlank()) {
        specs.add(new CoprocessorSpec(name.trim(), null, system++, java.util.Map.of()));
      }
    }
    specs.addAll(table.getCoprocessors());
    if (specs.isEmpty()) {
      return null;
    }
    RegionCoprocessorHost host = new RegionCoprocessorHost(region, table, server, conf,
        connection, abort);
    List<Env> loaded = new ArrayList<>();
    for (CoprocessorSpec spec : specs) {
      String from = spec.jarPath() == null ? "the server's class path" : spec.jarPath();
      try {
        ClassLoader cl = loader.classLoader(spec.jarPath());
        RegionCoprocessor cp = loader.instantiate(spec.className(), cl, RegionCoprocessor.class,
            from);
        StrataConfiguration own = conf.copy();
        spec.properties().forEach(own::set);
        Env env = host.new Env(cp, spec.priority(), loaded.size(), own, cl);
        withLoader(cl, () -> cp.start(env));
        loaded.add(env);
      } catch (IOException | RuntimeException | LinkageError e) {
        String why = "coprocessor " + spec.className() + " (from " + from + ") of region "
            + region.getRegionNameAsString() + " cannot be loaded: " + e.getMessage();
        if (host.abortOnError) {
          host.stopAll(loaded);
          throw e instanceof CoprocessorException ce ? ce : new CoprocessorException(why);
        }
        LOG.error("{}; the region opens without it (strata.coprocessor.abortonerror is false)",
            why, e);
      }
    }
    loaded.sort(Comparator.comparingInt(Env::getPriority).thenComparingInt(Env::getLoadSequence));
    host.envs = List.copyOf(loaded);
    return host;
  }

  /** The loaded coprocessors' class names, in the order their hooks run. */
  public List<String> classNames() {
    return envs.stream().map(Env::toString).toList();
  }

  public void preOpen() throws IOException {
    run("preOpen", "", false, (o, c) -> o.preOpen(c));
  }

  public void postOpen() {
    runQuietly("postOpen", (o, c) -> o.postOpen(c));
  }

  public void preClose(boolean abortRequested) throws IOException {
    run("preClose", "", false, (o, c) -> o.preClose(c, abortRequested));
  }

  /** After the region closed; then stops every coprocessor. */
  public void postClose(boolean abortRequested) {
    runQuietly("postClose", (o, c) -> o.postClose(c, abortRequested));
    stopAll(envs);
  }

  /** Returns whether a hook bypassed the get; its cells are then in {@code result}. */
  public boolean preGetOp(String caller, Get get, List<Cell> result) throws IOException {
    return run("preGetOp", caller, true, (o, c) -> o.preGetOp(c, get, result));
  }

  public void postGetOp(String caller, Get get, List<Cell> result) throws IOException {
    run("postGetOp", caller, false, (o, c) -> o.postGetOp(c, get, result));
  }

  /** The answer a hook gave and bypassed the check with, or empty to check. */
  public Optional<Boolean> preExists(String caller, Get get) throws IOException {
    boolean[] answer = {false};
    boolean bypass = run("preExists", caller, true,
        (o, c) -> answer[0] = o.preExists(c, get, answer[0]));
    return bypass ? Optional.of(answer[0]) : Optional.empty();
  }

  public boolean postExists(String caller, Get get, boolean exists) throws IOException {
    boolean[] answer = {exists};
    run("postExists", caller, false, (o, c) -> answer[0] = o.postExists(c, get, answer[0]));
    return answer[0];
  }

  /** Returns whether a hook bypassed the put: it is then not written. */
  public boolean prePut(String caller, Put put, Durability durability) throws IOException {
    return run("prePut", caller, true, (o, c) -> o.prePut(c, put, durability));
  }

  public void postPut(String caller, Put put, Durability durability) throws IOException {
    run("postPut", caller, false, (o, c) -> o.postPut(c, put, durability));
  }

  /** Returns whether a hook bypassed the delete: it is then not written. */
  public boolean preDelete(String caller, Delete delete, Durability durability)
      throws IOException {
    return run("preDelete", caller, true, (o, c) -> o.preDelete(c, delete, durability));
  }

  public void postDelete(String caller, Delete delete, Durability durability)
      throws IOException {
    run("postDelete", caller, false, (o, c) -> o.postDelete(c, delete, durability));
  }

  /**
   * The result a hook answered the increment with and bypassed it, or null to do it. Each
   * hook's return value is the next one's starting point, as HBase chains them.
   */
  public Result preIncrement(String caller, Increment increment) throws IOException {
    Result[] answer = {null};
    boolean bypass = run("preIncrement", caller, true,
        (o, c) -> answer[0] = o.preIncrement(c, increment));
    return bypass ? orEmpty(answer[0]) : null;
  }

  public Result postIncrement(String caller, Increment increment, Result result)
      throws IOException {
    Result[] answer = {result};
    run("postIncrement", caller, false,
        (o, c) -> answer[0] = o.postIncrement(c, increment, answer[0]));
    return orEmpty(answer[0]);
  }

  /** As {@link #preIncrement}, for an append. */
  public Result preAppend(String caller, Append append) throws IOException {
    Result[] answer = {null};
    boolean bypass = run("preAppend", caller, true,
        (o, c) -> answer[0] = o.preAppend(c, append));
    return bypass ? orEmpty(answer[0]) : null;
  }

  public Result postAppend(String caller, Append append, Result result) throws IOException {
    Result[] answer = {result};
    run("postAppend", caller, false, (o, c) -> answer[0] = o.postAppend(c, append, answer[0]));
    return orEmpty(answer[0]);
  }

  public void preScannerOpen(String caller, Scan scan) throws IOException {
    run("preScannerOpen", caller, false, (o, c) -> o.preScannerOpen(c, scan));
  }

  public void postScannerOpen(String caller, Scan scan, long scannerId) throws IOException {
    run("postScannerOpen", caller, false, (o, c) -> o.postScannerOpen(c, scan, scannerId));
  }

  /** What the pre hooks of a scanner call did: answered it (bypassed), and whether more follow. */
  public record Next(boolean bypassed, boolean hasNext) {}

  public Next preScannerNext(String caller, long scannerId, List<Result> result, int limit)
      throws IOException {
    boolean[] more = {true};
    boolean bypass = run("preScannerNext", caller, true,
        (o, c) -> more[0] = o.preScannerNext(c, scannerId, result, limit, more[0]));
    return new Next(bypass, more[0]);
  }

  /** Returns whether the scanner has more, as the post hooks say. */
  public boolean postScannerNext(String caller, long scannerId, List<Result> result, int limit,
      boolean hasNext) throws IOException {
    boolean[] more = {hasNext};
    run("postScannerNext", caller, false,
        (o, c) -> more[0] = o.postScannerNext(c, scannerId, result, limit, more[0]));
    return more[0];
  }

  public void preScannerClose(String caller, long scannerId) throws IOException {
    run("preScannerClose", caller, false, (o, c) -> o.preScannerClose(c, scannerId));
  }

  public void postScannerClose(String caller, long scannerId) throws IOException {
    run("postScannerClose", caller, false, (o, c) -> o.postScannerClose(c, scannerId));
  }

  private static Result orEmpty(Result r) {
    return r == null ? Result.create(List.<Cell>of()) : r;
  }

  /** Calls {@code hook} of every observer in order; returns whether any bypassed. */
  private boolean run(String name, String caller, boolean bypassable, Hook hook)
      throws IOException {
    boolean bypass = false;
    for (Env env : envs) {
      if (env.observer == null) {
        continue;
      }
      ObserverContext<RegionCoprocessorEnvironment> c = new ObserverContext<>(env, caller,
          bypassable);
      long start = System.nanoTime();
      try {
        withLoader(env.loader, () -> hook.call(env.observer, c));
      } catch (Throwable t) {
        failed(env, name, t);
      } finally {
        long took = System.nanoTime() - start;
        if (took > slowNanos) {
          LOG.warn("coprocessor {} took {} ms in {} on region {}", env, took / 1_000_000, name,
              region.getEncodedName());
        }
      }
      bypass |= c.shouldBypass();
    }
    return bypass;
  }

  /** A hook whose failure cannot fail a call (the region opened or closed already). */
  private void runQuietly(String name, Hook hook) {
    try {
      run(name, "", false, hook);
    } catch (IOException e) {
      LOG.error("coprocessor hook {} on region {} failed", name, region.getEncodedName(), e);
    }
  }

  /** An IOException is the call's answer; anything else is a bug of the coprocessor. */
  private void failed(Env env, String hook, Throwable t) throws IOException {
    if (t instanceof IOException io) {
      throw io;
    }
    LOG.error("coprocessor {} threw from {} on region {}", env, hook,
        region.getRegionNameAsString(), t);
    if (abortOnError) {
      abort.run();
      throw new CoprocessorException("coprocessor " + env + " threw " + t + " from " + hook
          + "; its server aborts (strata.coprocessor.abortonerror)");
    }
    synchronized (this) {
      List<Env> left = new ArrayList<>(envs);
      left.remove(env);
      envs = List.copyOf(left);
    }
    stopAll(List.of(env));
    throw new CoprocessorException("coprocessor " + env + " threw " + t + " from " + hook
        + " and is unloaded from region " + region.getRegionNameAsString()
        + " (strata.coprocessor.abortonerror is false)");
  }

  private void stopAll(List<Env> stopping) {
    for (Env env : stopping) {
      try {
        withLoader(env.loader, () -> env.instance.stop(env));
      } catch (Throwable t) {
        LOG.warn("coprocessor {} failed to stop on region {}", env, region.getEncodedName(), t);
      }
    }
  }

  @FunctionalInterface
  private interface Body {
    void run() throws IOException;
  }

  /** Runs {@code body} with the coprocessor's class loader as the thread's context loader. */
  private static void withLoader(ClassLoader loader, Body body) throws IOException {
    Thread t = Thread.currentThread();
    ClassLoader before = t.getContextClassLoader();
    t.setContextClassLoader(loader);
    try {
      body.run();
    } finally {
      t.setContextClassLoader(before);
    }
  }
}
