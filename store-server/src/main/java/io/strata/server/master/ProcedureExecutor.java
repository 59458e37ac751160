package io.strata.server.master;

import io.strata.common.error.StrataException;
import io.strata.common.proto.ProcedureProtos.ProcedureProto;
import java.io.Closeable;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs procedures one at a time, in submission order, on one thread, so two DDL operations never
 * interleave; balancer moves and region admin run on the same thread for the same reason. Each
 * step is saved in the {@link ProcedureStore} before the next runs; a failed step is retried
 * with growing pauses unless its error says retrying cannot help.
 */
final class ProcedureExecutor implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(ProcedureExecutor.class);

  /** How a finished procedure ended: error null on success. */
  record Outcome(StrataException error) {}

  private final ProcedureStore store;
  private final Master master;
  private final ExecutorService thread;
  private final AtomicLong nextId;
  private final Map<Long, Outcome> finished = new LinkedHashMap<>() {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, Outcome> e) {
      return size() > ProcedureStore.KEPT_DONE;
    }
  };
  private final Map<Long, Procedure> running = new java.util.concurrent.ConcurrentHashMap<>();
  private volatile boolean stopped;

  /** Nonce of the call that submitted a procedure, to its id. */
  private final Map<Long, Long> byNonce = new java.util.concurrent.ConcurrentHashMap<>();

  ProcedureExecutor(ProcedureStore store, Master master, List<ProcedureProto> unfinished,
      List<ProcedureProto> done) {
    this.store = store;
    this.master = master;
    List<ProcedureProto> all = new java.util.ArrayList<>(unfinished);
    all.addAll(done);
    this.nextId = new AtomicLong(store.firstFreeId(all));
    for (ProcedureProto p : done) {
      finished.put(p.getId(), new Outcome(p.getErrorCode() == 0 ? null
          : StrataException.fromWire(p.getErrorCode(), p.getErrorMessage(),
              p.getErrorDetailsMap())));
      if (p.getNonce() != 0) {
        byNonce.put(p.getNonce(), p.getId());
      }
    }
    for (ProcedureProto p : unfinished) {
      if (p.getNonce() != 0) {
        byNonce.put(p.getNonce(), p.getId());
      }
    }
    this.thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "procedures");
      t.setDaemon(true);
      return t;
    });
    for (ProcedureProto p : unfinished) {
      Procedure proc = Procedure.fromRecord(p);
      LOG.info("resuming procedure {} ({}) at step {}", p.getId(), proc.describe(), p.getStep());
      running.put(p.getId(), proc);
      thread.execute(() -> run(proc));
    }
  }

  /**
   * Records the procedure and queues it; returns its id. A call retried with the same
   * {@code nonce} (not 0) gets the id of the procedure its first try started.
   */
  synchronized long submit(Procedure proc, long nonce) throws IOException {
    Long known = nonce == 0 ? null : byNonce.get(nonce);
    if (known != null) {
      return known;
    }
    long id = nextId.getAndIncrement();
    proc.record().setId(id).setVersion(ProcedureStore.FORMAT_VERSION).setStep(0)
        .setSubmittedMillis(System.currentTimeMillis()).setNonce(nonce);
    store.save(proc.record().build());
    if (nonce != 0) {
      byNonce.put(nonce, id);
    }
    running.put(id, proc);
    thread.execute(() -> run(proc));
    return id;
  }

  /**
   * The procedures a call with this nonce started (nonce, nonce + 1, ... for a split of every
   * region of a table), or null when it started none: the call is new.
   */
  synchronized io.strata.common.proto.MasterProtos.ProcedureIdProto knownNonces(long nonce) {
    if (nonce == 0 || !byNonce.containsKey(nonce)) {
      return null;
    }
    var ids = io.strata.common.proto.MasterProtos.ProcedureIdProto.newBuilder()
        .setProcId(byNonce.get(nonce));
    for (long n = nonce + 1; byNonce.containsKey(n); n++) {
      ids.addMoreProcIds(byNonce.get(n));
    }
    return ids.build();
  }

  /** Runs a non-durable task on the procedure thread, after what is queued before it. */
  <T> Future<T> runInline(Callable<T> task) {
    return thread.submit(task);
  }

  /** The outcome, or null while it runs (or when no such procedure is known). */
  synchronized Outcome outcome(long id) {
    return finished.get(id);
  }

  /** The outcome once the procedure ends, or null if {@code timeout} passes first. */
  synchronized Outcome await(long id, java.time.Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    Outcome o;
    while ((o = finished.get(id)) == null) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return null;
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return o;
  }

  private final java.util.concurrent.atomic.AtomicLong failures =
      new java.util.concurrent.atomic.AtomicLong();

  /** Procedures this executor finished with an error. */
  long failedCount() {
    return failures.get();
  }

  /** Procedures submitted and not yet finished. */
  int runningCount() {
    return running.size();
  }

  /** The procedures not yet finished, each as it describes itself, by id. */
  java.util.SortedMap<Long, String> running() {
    java.util.SortedMap<Long, String> out = new java.util.TreeMap<>();
    running.forEach((id, p) -> out.put(id, p.describe()));
    return out;
  }

  boolean isRunning(long id) {
    return running.containsKey(id);
  }

  private void run(Procedure proc) {
    long pause = 100;
    int step = proc.record().getStep();
    while (!stopped && step != Procedure.DONE) {
      try {
        int next = proc.step(step, master);
        int done = step;
        step = next;
        if (next != Procedure.DONE) {
          proc.record().setStep(next);
          store.save(proc.record().build());
          if (ProcedureFaults.halts(proc.record().getType(), done)) {
            LOG.warn("procedure {} ({}) halted after step {}, as a test asked", proc.id(),
                proc.describe(), done);
            return;
          }
        }
        pause = 100;
      } catch (StrataException e) {
        if (!e.isRetryable()) {
          LOG.info("procedure {} ({}) failed: {}", proc.id(), proc.describe(), e.getMessage());
          finish(proc, e);
          return;
        }
        pause = retryPause(proc, step, e, pause);
      } catch (IOException e) {
        pause = retryPause(proc, step, e, pause);
      } catch (RuntimeException e) {
        // A bug or a damaged record: retrying would block every DDL behind it forever.
        LOG.error("procedure {} ({}) failed at step {} and is abandoned", proc.id(),
            proc.describe(), step, e);
        finish(proc, new io.strata.common.error.ServerErrorException("master",
            new IllegalStateException(proc.describe() + " failed at step " + step + ": " + e)));
        return;
      }
    }
    if (step == Procedure.DONE) {
      LOG.info("procedure {} ({}) finished", proc.id(), proc.describe());
      finish(proc, null);
    }
  }

  private long retryPause(Procedure proc, int step, Exception e, long pause) {
    LOG.warn("procedure {} ({}) step {} failed, retrying in {} ms: {}", proc.id(),
        proc.describe(), step, pause, e.toString());
    try {
      Thread.sleep(pause);
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      stopped = true;
    }
    return Math.min(pause * 2, 5000);
  }

  private void finish(Procedure proc, StrataException error) {
    ProcedureProto.Builder outcome = proc.record().clone().setFinished(true);
    if (error != null) {
      failures.incrementAndGet();
      outcome.setErrorCode(error.code().code()).setErrorMessage(String.valueOf(
          error.getMessage())).putAllErrorDetails(error.details());
    }
    try {
      store.finish(outcome.build());
    } catch (IOException e) {
      LOG.warn("could not record the outcome of procedure {}", proc.id(), e);
    }
    synchronized (this) {
      finished.put(proc.id(), new Outcome(error));
      notifyAll(); // whoever awaits it
    }
    running.remove(proc.id());
  }

  @Override
  public void close() {
    stopped = true;
    thread.shutdownNow();
  }
}
