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
 * The active master's coprocessors, from {@code strata.coprocessor.master.classes}, and the
 * calls of their observers' hooks ({@link MasterObserver}); errors and slow hooks are handled
 * by {@link ObserverChain}.
 */
public final class MasterCoprocessorHost {
  /** A call of one hook of each observer in turn. */
  @FunctionalInterface
  public interface Hook {
    void call(MasterObserver o, ObserverContext<MasterCoprocessorEnvironment> c)
        throws IOException;
  }

  /** One loaded coprocessor's view of the master. */
  private record Env(MasterCoprocessor getInstance, int getPriority, int getLoadSequence,
      StrataConfiguration getConfiguration, ClassLoader getClassLoader, ServerName getServerName,
      Supplier<Connection> connection) implements MasterCoprocessorEnvironment {
    @Override
    public Connection getConnection() {
      return connection.get();
    }
  }

  private final ObserverChain<MasterCoprocessorEnvironment, MasterObserver> chain;

  private MasterCoprocessorHost(
      ObserverChain<MasterCoprocessorEnvironment, MasterObserver> chain) {
    this.chain = chain;
  }

  /**
   * Loads and starts the master's coprocessors; null when it has none. One that cannot be
   * loaded or started fails the load with a COPROCESSOR error naming it, unless
   * {@code strata.coprocessor.abortonerror} is false, when the master goes without it.
   *
   * @param abort stops the master (a coprocessor bug, under abortonerror)
   */
  public static MasterCoprocessorHost load(StrataConfiguration conf, CoprocessorLoader loader,
      ServerName master, Supplier<Connection> connection, Runnable abort) throws IOException {
    List<CoprocessorSpec> specs = CoprocessorLoader.systemSpecs(
        conf.get(CoprocessorKeys.MASTER_CLASSES));
    if (specs.isEmpty()) {
      return null;
    }
    String where = "master " + master;
    boolean abortOnError = conf.get(CoprocessorKeys.ABORT_ON_ERROR);
    List<ObserverChain.Entry<MasterCoprocessorEnvironment, MasterObserver>> loaded =
        loader.<MasterCoprocessor, MasterCoprocessorEnvironment, MasterObserver>loadAll(specs,
            MasterCoprocessor.class, conf,
            (cp, priority, seq, own, cl) -> new Env(cp, priority, seq, own, cl, master,
                connection),
            cp -> cp.getMasterObserver().orElse(null), where, abortOnError);
    return new MasterCoprocessorHost(new ObserverChain<>(where, loaded, abortOnError,
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

  /** Stops every coprocessor: the master stops. */
  public void stop() {
    chain.stopAll();
  }
}
