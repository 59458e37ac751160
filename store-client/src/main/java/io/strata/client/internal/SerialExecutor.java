package io.strata.client.internal;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs tasks on another executor one at a time, in the order given: a caller's callbacks for
 * one operation never overlap, and its end comes after every part of it.
 */
final class SerialExecutor implements Executor {
  private final Executor on;
  private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean running = new AtomicBoolean();

  SerialExecutor(Executor on) {
    this.on = on;
  }

  @Override
  public void execute(Runnable task) {
    tasks.add(task);
    schedule();
  }

  private void schedule() {
    if (!tasks.isEmpty() && running.compareAndSet(false, true)) {
      on.execute(this::drain);
    }
  }

  private void drain() {
    try {
      Runnable t;
      while ((t = tasks.poll()) != null) {
        t.run();
      }
    } finally {
      running.set(false);
      schedule(); // a task added after the last poll and before running was cleared
    }
  }
}
