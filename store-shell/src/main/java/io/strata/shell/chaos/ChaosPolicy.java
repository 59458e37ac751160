package io.strata.shell.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How hard a chaos run pushes: which actions it draws from (each equally likely) and the pause
 * between one action's end and the next one's start.
 */
enum ChaosPolicy {
  /** Region changes only (move, split, merge, flush, compact), every 30 s: no process dies. */
  CALM(Duration.ofSeconds(30), false),
  /** Every action, one a minute: a server dies now and then. */
  SLOW(Duration.ofSeconds(60), true),
  /** Every action, one every 10 s: the cluster is always recovering from something. */
  FAST(Duration.ofSeconds(10), true);

  private final Duration pause;
  private final boolean disruptive;

  ChaosPolicy(Duration pause, boolean disruptive) {
    this.pause = pause;
    this.disruptive = disruptive;
  }

  Duration pause() {
    return pause;
  }

  List<ChaosAction> actions() {
    List<ChaosAction> out = new ArrayList<>();
    for (ChaosAction a : ChaosAction.values()) {
      if (disruptive || !a.disruptive()) {
        out.add(a);
      }
    }
    return out;
  }

  static ChaosPolicy of(String name) {
    for (ChaosPolicy p : values()) {
      if (p.name().equalsIgnoreCase(name)) {
        return p;
      }
    }
    throw new IllegalArgumentException("no chaos policy '" + name + "'; say slow, fast or calm");
  }
}
