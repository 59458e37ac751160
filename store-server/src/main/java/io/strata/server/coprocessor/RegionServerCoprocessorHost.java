package io.strata.server.coprocessor;

import io.strata.client.Connection;
import io.strata.common.conf.CoprocessorKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ServerName;
import java.io.IOException;
import java.util.function.Supplier;

/**
 * A region server's own coprocessors (not its regions'), from
 * {@code strata.coprocessor.regionserver.classes}.
 */
public final class RegionServerCoprocessorHost
    extends ServerCoprocessorHost<RegionServerCoprocessorEnvironment, RegionServerObserver> {
  /** One loaded coprocessor's view of the region server. */
  private record Env(RegionServerCoprocessor getInstance, int getPriority, int getLoadSequence,
      StrataConfiguration getConfiguration, ClassLoader getClassLoader, ServerName getServerName,
      Supplier<Connection> connection) implements RegionServerCoprocessorEnvironment {
    @Override
    public Connection getConnection() {
      return connection.get();
    }
  }

  private RegionServerCoprocessorHost(
      ObserverChain<RegionServerCoprocessorEnvironment, RegionServerObserver> chain)
      throws IOException {
    super(chain);
  }

  /**
   * Loads and starts the server's own coprocessors; null when it has none.
   *
   * @param abort aborts the server (a coprocessor bug, under abortonerror)
   */
  public static RegionServerCoprocessorHost load(StrataConfiguration conf,
      CoprocessorLoader loader, ServerName server, Supplier<Connection> connection,
      Runnable abort) throws IOException {
    ObserverChain<RegionServerCoprocessorEnvironment, RegionServerObserver> chain =
        ServerCoprocessorHost.<RegionServerCoprocessor, RegionServerCoprocessorEnvironment,
            RegionServerObserver>chain(conf.get(CoprocessorKeys.REGIONSERVER_CLASSES),
            "region server " + server, RegionServerCoprocessor.class, conf, loader,
            (cp, priority, seq, own, cl) -> new Env(cp, priority, seq, own, cl, server,
                connection),
            cp -> cp.getRegionServerObserver().orElse(null), abort);
    return chain == null ? null : new RegionServerCoprocessorHost(chain);
  }
}
