package io.strata.server.coordination;

import io.strata.common.coordination.ZNodes;

import io.strata.common.schema.ServerName;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One master's part in electing the active master. The first to create the ephemeral
 * {@link ZNodes#MASTER} is active; the others wait as backups under
 * {@link ZNodes#BACKUP_MASTERS}, watching it, and race again when it goes (its process stopped
 * or its session expired).
 *
 * <pre>
 * start() --created /strata/master--> ACTIVE (onActive runs)
 *    \--exists--> BACKUP --/strata/master deleted--> try again
 * </pre>
 */
public final class MasterElection {
  private static final Logger LOG = LoggerFactory.getLogger(MasterElection.class);

  private final ZkSession zk;
  private final ServerName me;
  private final Runnable onActive;
  private volatile boolean active;
  private volatile boolean stopped;

  public MasterElection(ZkSession zk, ServerName me, Runnable onActive) {
    this.zk = zk;
    this.me = me;
    this.onActive = onActive;
  }

  /** Takes part: becomes active at once if no master is, else waits as a backup. */
  public void start() throws IOException {
    tryToLead();
  }

  private synchronized void tryToLead() throws IOException {
    if (stopped || active) {
      return;
    }
    if (zk.createEphemeral(ZNodes.MASTER, me.toString())) {
      active = true;
      zk.deleteIfExists(ZNodes.backupMaster(me));
      LOG.info("{} is the active master", me);
      onActive.run();
      return;
    }
    zk.createEphemeral(ZNodes.backupMaster(me), me.toString());
    // Watch the active master's znode; if it went meanwhile, race again now.
    String current = zk.readText(ZNodes.MASTER, event -> {
      if (ZkSession.isDeletion(event)) {
        try {
          tryToLead();
        } catch (IOException e) {
          LOG.warn("{} could not take part in the master election", me, e);
        }
      }
    });
    if (current == null) {
      tryToLead();
    } else {
      LOG.info("{} waits as a backup master; {} is active", me, current);
    }
  }

  public boolean isActive() {
    return active;
  }

  /** The active master, or null while there is none. */
  public ServerName activeMaster() throws IOException {
    String text = zk.readText(ZNodes.MASTER, null);
    return text == null ? null : ServerName.parse(text);
  }

  /** Leaves the election (a stopping master); its znodes go with its session. */
  public void stop() {
    stopped = true;
  }
}
