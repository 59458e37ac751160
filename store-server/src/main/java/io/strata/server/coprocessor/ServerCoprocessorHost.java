package io.strata.server.coprocessor;

import io.strata.common.conf.CoprocessorKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.CoprocessorSpec;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;

/**
 * The coprocessors of a whole process, the master's or a region server's own, and the calls of
 * their observers' hooks; errors and slow hooks are handled by {@link ObserverChain}.
 */
public class ServerCoprocessorHost<E extends CoprocessorEnvironment<?>, O> {
  /** A call of one hook of each observer in turn. */
  @FunctionalInterface
  public interface Hook<E extends CoprocessorEnvironment<?>, O> {
    void call(O observer, ObserverContext<E> c) throws IOException;
  }

  private final ObserverChain<E, O> chain;
  private final Endpoints endpoints;

  ServerCoprocessorHost(ObserverChain<E, O> chain) throws IOException {
    this.chain = chain;
    this.endpoints = chain.endpoints();
  }

  /**
   * The chain of the coprocessors {@code classes} names (comma-separated), loaded and started;
   * null when it names none. One that cannot be loaded or started fails the load with a
   * COPROCESSOR error naming it, unless {@code strata.coprocessor.abortonerror} is false.
   */
  static <C extends Coprocessor, E extends CoprocessorEnvironment<C>, O> ObserverChain<E, O>
      chain(String classes, String where, Class<C> type, StrataConfiguration conf,
          CoprocessorLoader loader, CoprocessorLoader.Environments<C, E> environments,
          Function<C, O> observerOf, Runnable abort) throws IOException {
    List<CoprocessorSpec> specs = CoprocessorLoader.systemSpecs(classes);
    if (specs.isEmpty()) {
      return null;
    }
    boolean abortOnError = conf.get(CoprocessorKeys.ABORT_ON_ERROR);
    return new ObserverChain<>(where, loader.loadAll(specs, type, conf, environments,
        observerOf, where, abortOnError), abortOnError,
        conf.get(CoprocessorKeys.SLOW_HOOK).toNanos(), abort);
  }

  /** The loaded coprocessors' class names, in the order their hooks run. */
  public List<String> classNames() {
    return chain.classNames();
  }

  /** Calls {@code hook} of every observer in order, as {@code caller}'s request. */
  public void call(String name, String caller, Hook<E, O> hook) throws IOException {
    chain.run(name, caller, false, hook::call);
  }

  /** A hook whose failure cannot fail a request (what it follows happened already). */
  public void callQuietly(String name, Hook<E, O> hook) {
    chain.runQuietly(name, hook::call);
  }

  /** Calls one of the coprocessors' endpoints; its answer, serialized. */
  public byte[] execService(io.strata.common.proto.ClientProtos.CoprocessorServiceCall call)
      throws IOException {
    return endpoints.call(call);
  }

  /** Stops every coprocessor: the process stops. */
  public void stop() {
    chain.stopAll();
  }
}
