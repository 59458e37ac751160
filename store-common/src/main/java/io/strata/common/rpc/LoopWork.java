package io.strata.common.rpc;

import io.netty.util.concurrent.FastThreadLocal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Work an event loop does besides its sockets: polling the shared-memory lanes of its
 * connections. A lane registers here from its loop's thread and is polled by that loop's {@link
 * SpinningSelectStrategy} on every turn; before the loop sleeps, each lane is asked whether it
 * may (its reader marked waiting, so that a writer rings the socket).
 */
public final class LoopWork {
  /** One lane's side of the loop. Called on the loop's thread only. */
  public interface Poller {
    /** Moves what it can (requests in, answers out); returns whether anything moved. */
    boolean poll();

    /** Whether the loop may sleep now: nothing to move and a writer will ring if it writes. */
    boolean prepareToSleep();

    /** The loop is awake again after sleeping. */
    void awake();
  }

  /**
   * Each loop thread's pollers, an array replaced (never changed) when one registers or leaves:
   * a poll that closes its lane unregisters it while the loop goes through them.
   */
  private static final FastThreadLocal<Poller[]> POLLERS = new FastThreadLocal<>() {
    @Override
    protected Poller[] initialValue() {
      return new Poller[0];
    }
  };

  private LoopWork() {}

  /** Adds {@code p} to the current thread's (an event loop's) pollers. */
  public static void register(Poller p) {
    Poller[] ps = POLLERS.get();
    Poller[] more = Arrays.copyOf(ps, ps.length + 1);
    more[ps.length] = p;
    POLLERS.set(more);
  }

  /** Removes {@code p}, from the thread it was registered on. */
  public static void unregister(Poller p) {
    List<Poller> left = new ArrayList<>(Arrays.asList(POLLERS.get()));
    left.remove(p);
    POLLERS.set(left.toArray(new Poller[0]));
  }

  /** Polls the current thread's lanes; whether any moved bytes. */
  static boolean poll() {
    if (!POLLERS.isSet()) {
      return false;
    }
    boolean moved = false;
    for (Poller p : POLLERS.get()) {
      moved |= p.poll();
    }
    return moved;
  }

  /** Whether every lane of the current thread lets the loop sleep; those that do are marked. */
  static boolean prepareToSleep() {
    if (!POLLERS.isSet()) {
      return true;
    }
    Poller[] ps = POLLERS.get();
    for (int i = 0; i < ps.length; i++) {
      if (!ps[i].prepareToSleep()) {
        for (int j = 0; j < i; j++) {
          ps[j].awake();
        }
        return false;
      }
    }
    return true;
  }

  /** The current thread woke up: its lanes' marks go. */
  static void awake() {
    if (!POLLERS.isSet()) {
      return;
    }
    for (Poller p : POLLERS.get()) {
      p.awake();
    }
  }
}
