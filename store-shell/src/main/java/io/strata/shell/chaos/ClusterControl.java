package io.strata.shell.chaos;

import java.io.IOException;

/**
 * What the chaos tools do to a cluster's processes, by host: a real cluster's through
 * {@code bin/strata} ({@link LauncherControl}), a test cluster's through its own handles.
 */
public interface ClusterControl {
  /** A daemon kind, named as {@code bin/strata} names it. */
  enum Role {
    MASTER("master"), REGIONSERVER("regionserver");

    private final String command;

    Role(String command) {
      this.command = command;
    }

    public String command() {
      return command;
    }
  }

  /** Kills the daemon on {@code host} with SIGKILL (a crash) and returns once it is gone. */
  void kill(Role role, String host) throws IOException;

  /** Starts the daemon on {@code host} and returns once it serves. */
  void start(Role role, String host) throws IOException;

  /**
   * Restarts the region server on {@code host} without downtime for its regions: moves them
   * away, stops it, starts it, moves them back ({@code bin/strata graceful_stop --reload}).
   */
  void gracefulRestart(String host) throws IOException;
}
