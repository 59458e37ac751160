package io.strata.server.master;

/**
 * Fault injection for tests of what a master's death leaves: makes the master's procedure thread
 * stop, as if the process died, right after a procedure of a type saved that a step is done.
 * Unset (the default) it does nothing.
 */
public final class ProcedureFaults {
  private static volatile int haltType = -1;
  private static volatile int haltStep = -1;

  private ProcedureFaults() {}

  /** Halts after the first procedure of {@code type} finishes step {@code step}. */
  public static void haltAfter(int type, int step) {
    haltType = type;
    haltStep = step;
  }

  /** Procedure type ids tests name: a snapshot's. */
  public static final int SNAPSHOT = Procedure.SNAPSHOT;

  public static void clear() {
    haltType = -1;
    haltStep = -1;
  }

  /** Whether the thread stops now, {@code step} of a {@code type} procedure being saved done. */
  static boolean halts(int type, int step) {
    if (type == haltType && step == haltStep) {
      clear();
      return true;
    }
    return false;
  }
}
