package io.strata.server.coprocessor;

import io.strata.common.error.CoprocessorException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loaded coprocessors of one host (a region, the master), in priority order, and the
 * calling of their observers' hooks: each with its own class loader as the thread's context
 * loader, timed (a hook slower than the threshold is logged), and guarded. A hook's IOException
 * is the call's answer; anything else is a coprocessor bug: the server aborts (under
 * {@code strata.coprocessor.abortonerror}) or the coprocessor is stopped and unloaded.
 */
final class ObserverChain<E extends CoprocessorEnvironment<?>, O> {
  private static final Logger LOG = LoggerFactory.getLogger(ObserverChain.class);

  /** One loaded coprocessor: its environment, its observer (null if none), its class loader. */
  record Entry<E, O>(E env, O observer, Coprocessor instance, ClassLoader loader) {
    @Override
    public String toString() {
      return instance.getClass().getName();
    }
  }

  /** What a hook does with an observer and its context. */
  @FunctionalInterface
  interface Hook<E extends CoprocessorEnvironment<?>, O> {
    void call(O observer, ObserverContext<E> c) throws IOException;
  }

  private final String where;
  private final boolean abortOnError;
  private final long slowNanos;
  private final Runnable abort;
  /** Copied on change: a coprocessor unloaded after a bug leaves the others running. */
  private volatile List<Entry<E, O>> entries;

  /**
   * @param where what hosts the chain, for logs and errors ("region t1,,1.5f0e...")
   * @param abort aborts the server (a coprocessor bug, under abortonerror)
   */
  ObserverChain(String where, List<Entry<E, O>> loaded, boolean abortOnError, long slowNanos,
      Runnable abort) {
    List<Entry<E, O>> sorted = new ArrayList<>(loaded);
    sorted.sort(Comparator.comparingInt((Entry<E, O> e) -> e.env().getPriority())
        .thenComparingInt(e -> e.env().getLoadSequence()));
    this.entries = List.copyOf(sorted);
    this.where = where;
    this.abortOnError = abortOnError;
    this.slowNanos = slowNanos;
    this.abort = abort;
  }

  /** The endpoints of the loaded coprocessors. */
  Endpoints endpoints() throws CoprocessorException {
    return Endpoints.of(where, slowNanos, entries);
  }

  List<String> classNames() {
    return entries.stream().map(Entry::toString).toList();
  }

  /** Calls {@code hook} of every observer in order; returns whether any bypassed. */
  boolean run(String name, String caller, boolean bypassable, Hook<E, O> hook)
      throws IOException {
    boolean bypass = false;
    for (Entry<E, O> e : entries) {
      if (e.observer() == null) {
        continue;
      }
      ObserverContext<E> c = new ObserverContext<>(e.env(), caller, bypassable);
      long start = System.nanoTime();
      try {
        withLoader(e.loader(), () -> hook.call(e.observer(), c));
      } catch (Throwable t) {
        failed(e, name, t);
      } finally {
        long took = System.nanoTime() - start;
        if (took > slowNanos) {
          LOG.warn("coprocessor {} took {} ms in {} on {}", e, took / 1_000_000, name, where);
        }
      }
      bypass |= c.shouldBypass();
    }
    return bypass;
  }

  /** A hook whose failure cannot fail a call (what it follows happened already). */
  void runQuietly(String name, Hook<E, O> hook) {
    try {
      run(name, "", false, hook);
    } catch (IOException e) {
      LOG.error("coprocessor hook {} on {} failed", name, where, e);
    }
  }

  /** Stops every coprocessor (the host is going). */
  void stopAll() {
    stop(entries);
  }

  /** An IOException is the call's answer; anything else is a bug of the coprocessor. */
  private void failed(Entry<E, O> e, String hook, Throwable t) throws IOException {
    if (t instanceof IOException io) {
      throw io;
    }
    LOG.error("coprocessor {} threw from {} on {}", e, hook, where, t);
    if (abortOnError) {
      abort.run();
      throw new CoprocessorException("coprocessor " + e + " threw " + t + " from " + hook
          + "; its server aborts (strata.coprocessor.abortonerror)");
    }
    synchronized (this) {
      List<Entry<E, O>> left = new ArrayList<>(entries);
      left.remove(e);
      entries = List.copyOf(left);
    }
    stop(List.of(e));
    throw new CoprocessorException("coprocessor " + e + " threw " + t + " from " + hook
        + " and is unloaded from " + where + " (strata.coprocessor.abortonerror is false)");
  }

  static <E extends CoprocessorEnvironment<?>, O> void stop(List<Entry<E, O>> stopping) {
    for (Entry<E, O> e : stopping) {
      try {
        withLoader(e.loader(), () -> e.instance().stop(e.env()));
      } catch (Throwable t) {
        LOG.warn("coprocessor {} failed to stop", e, t);
      }
    }
  }

  @FunctionalInterface
  interface Body {
    void run() throws IOException;
  }

  /** Runs {@code body} with the coprocessor's class loader as the thread's context loader. */
  static void withLoader(ClassLoader loader, Body body) throws IOException {
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
