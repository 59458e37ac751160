package io.strata.shell.verify;

import io.strata.client.Result;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counts an acid run reports, shared by all its threads. Errors are counted by kind (the
 * operation and the exception's class) and each kind is printed once, the first time, so a
 * chaos run killing servers does not bury the report in stack traces. Torn reads are the only
 * failures; the first {@link #KEPT_TORN} are kept to print.
 */
final class AcidStats {
  static final int KEPT_TORN = 10;
  private static final long PAUSE_MILLIS = 100;

  final LongAdder writes = new LongAdder();
  final LongAdder batches = new LongAdder();
  final LongAdder batchRows = new LongAdder();
  final LongAdder gets = new LongAdder();
  final LongAdder scans = new LongAdder();
  final LongAdder rowsChecked = new LongAdder();
  private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
  private final AtomicLong torn = new AtomicLong();
  // @GuardedBy("firstTorn")
  private final List<String> firstTorn = new ArrayList<>();
  private final PrintStream err;

  AcidStats(PrintStream err) {
    this.err = err;
  }

  /**
   * Counts an error of {@code operation} (put, batch, get, scan), printing the first of its
   * kind, then waits a moment: the client has already retried, and a thread should not spin
   * while a killed server's regions move.
   */
  void failed(String operation, Exception e) {
    String kind = operation + " " + e.getClass().getSimpleName();
    LongAdder count = errors.get(kind);
    if (count == null) {
      LongAdder fresh = new LongAdder();
      count = errors.putIfAbsent(kind, fresh);
      if (count == null) {
        count = fresh;
        err.println("acid: " + kind + ": " + e.getMessage() + " (counted and carrying on; "
            + "later ones of this kind are only counted)");
      }
    }
    count.increment();
    try {
      Thread.sleep(PAUSE_MILLIS);
    } catch (InterruptedException stopping) {
      Thread.currentThread().interrupt();
    }
  }

  /** Checks one row read back; a non-empty row counts as checked. */
  void check(Result r) {
    if (r == null || r.isEmpty()) {
      return;
    }
    rowsChecked.increment();
    String tear = AcidCheck.torn(r);
    if (tear == null) {
      return;
    }
    torn.incrementAndGet();
    synchronized (firstTorn) {
      if (firstTorn.size() < KEPT_TORN) {
        firstTorn.add(tear);
        err.println("acid: TORN READ: " + tear);
      }
    }
  }

  long torn() {
    return torn.get();
  }

  /** One progress line. */
  String progress() {
    return "writes=" + writes.sum() + " batches=" + batches.sum() + " gets=" + gets.sum()
        + " scans=" + scans.sum() + " rows checked=" + rowsChecked.sum() + " errors="
        + errors.values().stream().mapToLong(LongAdder::sum).sum() + " torn=" + torn.get();
  }

  void report(PrintStream out) {
    out.println("writes: " + writes.sum() + " single-row puts");
    out.println("batches: " + batches.sum() + " multi-row puts of " + batchRows.sum()
        + " rows in all");
    out.println("gets: " + gets.sum());
    out.println("scans: " + scans.sum() + " full scans completed");
    out.println("rows checked: " + rowsChecked.sum());
    Map<String, LongAdder> sorted = new TreeMap<>(errors);
    out.println("errors: " + (sorted.isEmpty() ? "none" : ""));
    sorted.forEach((kind, n) -> out.println("  " + kind + ": " + n.sum()));
    out.println("torn reads: " + torn.get());
    synchronized (firstTorn) {
      firstTorn.forEach(t -> out.println("  " + t));
    }
  }
}
