package io.strata.shell.chaos;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The chaos monkey's actions, by the names the command line and the log use. */
enum ChaosAction {
  KILL_REGIONSERVER("kill-regionserver", true, ServerActions::killRegionServer),
  KILL_MASTER("kill-master", true, ServerActions::killMaster),
  GRACEFUL_RESTART("graceful-restart", true, ServerActions::gracefulRestart),
  CUT_OFF("cut-off", true, ServerActions::cutOff),
  MOVE_REGION("move-region", false, RegionActions::move),
  SPLIT_REGION("split-region", false, RegionActions::split),
  MERGE_REGIONS("merge-regions", false, RegionActions::merge),
  FLUSH("flush", false, RegionActions::flush),
  COMPACT("compact", false, RegionActions::compact);

  @FunctionalInterface
  interface Step {
    ActionResult run(ChaosContext c) throws IOException;
  }

  private final String label;
  /** Whether it takes a process or host away (calm runs leave those out). */
  private final boolean disruptive;
  private final Step step;

  ChaosAction(String label, boolean disruptive, Step step) {
    this.label = label;
    this.disruptive = disruptive;
    this.step = step;
  }

  String label() {
    return label;
  }

  boolean disruptive() {
    return disruptive;
  }

  ActionResult run(ChaosContext c) throws IOException {
    return step.run(c);
  }

  /** The action of this label; an IllegalArgumentException listing the labels otherwise. */
  static ChaosAction of(String label) {
    for (ChaosAction a : values()) {
      if (a.label.equals(label)) {
        return a;
      }
    }
    throw new IllegalArgumentException("no chaos action '" + label + "'; the actions are "
        + String.join(", ", labels()));
  }

  static List<String> labels() {
    List<String> out = new ArrayList<>();
    for (ChaosAction a : values()) {
      out.add(a.label);
    }
    return out;
  }
}
