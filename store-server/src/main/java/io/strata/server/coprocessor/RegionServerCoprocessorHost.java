package io.strata.server.coprocessor;

import io.strata.client.Connection;
import io.strata.common.conf.CoprocessorKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.CoprocessorSpec;
import io.strata.common.schema.ServerName;
import java.io.IOException;
import java.util.List;
import java.util.function.Supplier;

/**
 * A region server's own coprocessors, from {@code strata.coprocessor.regionserver.classes},
 * and the calls of their observers' hooks ({@link RegionServerObserver}); errors and slow hooks
 * are handled by {@link ObserverChain}.
 */
public final class RegionServerCoprocessorHost {
  /** A call of one hook of each observer in turn. */
  @FunctionalInterface
  public interface Hook {
    void call(RegionServerObserver o, ObserverContext<RegionServerCoprocessorEnvironment> c)
        throws IOException;
  }

  /** One loaded coprocessor's view of the region server. */
  private record Env(RegionServerCoprocessor getInstance, int getPriority, int getLoadSequence,
      StrataConfiguration getConfiguration, ClassLoader getClassLoader, ServerName getServerName,
      Supplier<Connection> connection) implements RegionServerCoprocessorEnvironment {
    @Override
    public Connection getConnection() {
      return connection.get();
    }
  }

  private final ObserverChain<RegionServerCoprocessorEnvironment, RegionServerObserver> chain;

  private RegionServerCoprocessorHost(
      ObserverChain<RegionServerCoprocessorEnvironment, RegionServerObserver> chain) {
    this.chain = chain;
  }

  /**
   * Loads and starts the server's coprocessors; null when it has none. One that cannot be
   * loaded or started fails the load with a COPROCESSOR error naming it, unless
   * {@code strata.coprocessor.abortonerror} is false, when the server goes without it.
   *
   * @param abort aborts the server (a coprocessor bug, under abortonerror)
   */
  public static RegionServerCoprocessorHost load(StrataConfiguration conf, CoprocessorLoader loader,
      ServerName server, Supplier<Connection> connection, Runnable abort) throws IOException {
    List<CoprocessorSpec> specs = CoprocessorLoader.systemSpecs(
        conf.get(CoprocessorKeys.REGIONSERVER_CLASSES));
    if (specs.isEmpty()) {
      return null;
    }
    String where = "region server " + server;
    boolean abortOnError = conf.get(CoprocessorKeys.ABORT_ON_ERROR);
    List<ObserverChain.Entry<RegionServerCoprocessorEnvironment, RegionServerObserver>> loaded =
        loader.<RegionServerCoprocessor, RegionServerCoprocessorEnvironment,
            RegionServerObserver>loadAll(specs, RegionServerCoprocessor.class, conf,
            (cp, priority, seq, own, cl) -> new Env(cp, priority, seq, own, cl, server,
                connection),
            cp -> cp.getRegionServerObserver().orElse(null), where, abortOnError);
    return new RegionServerCoprocessorHost(new ObserverChain<>(where, loaded, abortOnError,
        conf.get(CoprocessorKeys.SLOW_HOOK).toNanos(), abort));
  }

  /** The loaded coprocessors' class names, in the order their hooks run. */
  public List<String> classNames() {
    return chain.classNames();
  }

  /** Calls {@code hook} of every observer in order, as {@code caller}'s request. */
  public void call(String name, String caller, Hook hook) throws IOException {
    chain.run(name, caller, false, hook::call);
  }

  /** A hook whose failure cannot fail a request (what it follows happened already). */
  public void callQuietly(String name, Hook hook) {
    chain.runQuietly(name, hook::call);
  }

  /** Stops every coprocessor: the server stops. */
  public void stop() {
    chain.stopAll();
  }
}
