package io.strata.server.coordination;

import io.strata.common.coordination.ZNodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the master balances regions, kept in {@link ZNodes#BALANCER} as the text {@code on}
 * or {@code off} (absent: on) so that an operator's choice outlives the master that took it: a
 * backup taking over loads it again. Only the active master writes it.
 *
 * <pre>{@code
 * BalancerSwitch balancer = BalancerSwitch.load(zk);
 * boolean wasOn = balancer.set(false); // stored before it returns
 * }</pre>
 */
public final class BalancerSwitch {
  private static final Logger LOG = LoggerFactory.getLogger(BalancerSwitch.class);
  static final String ON = "on";
  static final String OFF = "off";

  private final ZkSession zk;
  /** Guarded by this; equal to the znode, which only this (active) master writes. */
  private boolean on;

  private BalancerSwitch(ZkSession zk, boolean on) {
    this.zk = zk;
    this.on = on;
  }

  /** The state stored in ZooKeeper (on when nobody ever set it). */
  public static BalancerSwitch load(ZkSession zk) throws IOException {
    return new BalancerSwitch(zk, parse(zk.read(ZNodes.BALANCER)));
  }

  static boolean parse(byte[] data) {
    if (data == null) {
      return true;
    }
    String text = new String(data, StandardCharsets.UTF_8).trim();
    if (text.equals(ON) || text.equals(OFF)) {
      return text.equals(ON);
    }
    // Refusing to start a master over this flag would cost more than balancing does.
    LOG.warn("znode {} holds '{}', neither '{}' nor '{}'; the balancer stays on until an "
        + "operator switches it (balance_switch)", ZNodes.BALANCER, text, ON, OFF);
    return true;
  }

  public synchronized boolean isOn() {
    return on;
  }

  /** Turns the balancer on or off, stored before it returns; answers the previous state. */
  public synchronized boolean set(boolean turnOn) throws IOException {
    boolean previous = on;
    zk.write(ZNodes.BALANCER, (turnOn ? ON : OFF).getBytes(StandardCharsets.UTF_8));
    on = turnOn;
    return previous;
  }
}
