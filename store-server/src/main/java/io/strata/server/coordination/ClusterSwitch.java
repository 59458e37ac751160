package io.strata.server.coordination;

import io.strata.common.coordination.ZNodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cluster-wide switch of the master's, such as whether it balances regions
 * ({@link ZNodes#BALANCER}) or normalizes them ({@link ZNodes#NORMALIZER}), kept in its znode as
 * the text {@code on} or {@code off} (absent: on) so that an operator's choice outlives the
 * master that took it: a backup taking over loads it again. Only the active master writes it.
 *
 * <pre>{@code
 * ClusterSwitch balancer = ClusterSwitch.load(zk, ZNodes.BALANCER, "balance_switch");
 * boolean wasOn = balancer.set(false); // stored before it returns
 * }</pre>
 */
public final class ClusterSwitch {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterSwitch.class);
  static final String ON = "on";
  static final String OFF = "off";

  private final ZkSession zk;
  private final String znode;
  /** Guarded by this; equal to the znode, which only this (active) master writes. */
  private boolean on;

  private ClusterSwitch(ZkSession zk, String znode, boolean on) {
    this.zk = zk;
    this.znode = znode;
    this.on = on;
  }

  /**
   * The state stored in {@code znode} (on when nobody ever set it); {@code command} is the
   * shell command that sets it, for the warning about a znode that holds neither word.
   */
  public static ClusterSwitch load(ZkSession zk, String znode, String command)
      throws IOException {
    return new ClusterSwitch(zk, znode, parse(zk.read(znode), znode, command));
  }

  static boolean parse(byte[] data, String znode, String command) {
    if (data == null) {
      return true;
    }
    String text = new String(data, StandardCharsets.UTF_8).trim();
    if (text.equals(ON) || text.equals(OFF)) {
      return text.equals(ON);
    }
    // Refusing to start a master over this flag would cost more than the switch is worth.
    LOG.warn("znode {} holds '{}', neither '{}' nor '{}'; it stays on until an operator "
        + "switches it ({})", znode, text, ON, OFF, command);
    return true;
  }

  public synchronized boolean isOn() {
    return on;
  }

  /** Turns it on or off, stored before it returns; answers the previous state. */
  public synchronized boolean set(boolean turnOn) throws IOException {
    boolean previous = on;
    zk.write(znode, (turnOn ? ON : OFF).getBytes(StandardCharsets.UTF_8));
    on = turnOn;
    return previous;
  }
}
