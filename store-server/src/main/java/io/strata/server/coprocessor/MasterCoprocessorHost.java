package io.strata.server.coprocessor;

import io.strata.client.Connection;
import io.strata.common.conf.CoprocessorKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ServerName;
import java.io.IOException;
import java.util.function.Supplier;

/** The active master's coprocessors, from {@code strata.coprocessor.master.classes}. */
public final class MasterCoprocessorHost
    extends ServerCoprocessorHost<MasterCoprocessorEnvironment, MasterObserver> {
  /** One loaded coprocessor's view of the master. */
  private record Env(MasterCoprocessor getInstance, int getPriority, int getLoadSequence,
      StrataConfiguration getConfiguration, ClassLoader getClassLoader, ServerName getServerName,
      Supplier<Connection> connection) implements MasterCoprocessorEnvironment {
    @Override
    public Connection getConnection() {
      return connection.get();
    }
  }

  private MasterCoprocessorHost(
      ObserverChain<MasterCoprocessorEnvironment, MasterObserver> chain) throws IOException {
    super(chain);
  }

  /**
   * Loads and starts the master's coprocessors; null when it has none.
   *
   * @param abort stops the master (a coprocessor bug, under abortonerror)
   */
  public static MasterCoprocessorHost load(StrataConfiguration conf, CoprocessorLoader loader,
      ServerName master, Supplier<Connection> connection, Runnable abort) throws IOException {
    ObserverChain<MasterCoprocessorEnvironment, MasterObserver> chain =
        ServerCoprocessorHost.<MasterCoprocessor, MasterCoprocessorEnvironment,
            MasterObserver>chain(conf.get(CoprocessorKeys.MASTER_CLASSES), "master " + master,
            MasterCoprocessor.class, conf, loader,
            (cp, priority, seq, own, cl) -> new Env(cp, priority, seq, own, cl, master,
                connection),
            cp -> cp.getMasterObserver().orElse(null), abort);
    return chain == null ? null : new MasterCoprocessorHost(chain);
  }
}
