package io.strata.server.coprocessor;

import io.strata.client.Connection;
import io.strata.common.cell.Cell;
import io.strata.common.conf.CoprocessorKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import java.io.IOException;
import java.util.List;
import java.util.function.Supplier;

/** A region server's WAL coprocessors, from {@code strata.coprocessor.wal.classes}. */
public final class WALCoprocessorHost
    extends ServerCoprocessorHost<WALCoprocessorEnvironment, WALObserver> {
  /** One loaded coprocessor's view of the WAL's server. */
  private record Env(WALCoprocessor getInstance, int getPriority, int getLoadSequence,
      StrataConfiguration getConfiguration, ClassLoader getClassLoader, ServerName getServerName,
      Supplier<Connection> connection) implements WALCoprocessorEnvironment {
    @Override
    public Connection getConnection() {
      return connection.get();
    }
  }

  private WALCoprocessorHost(ObserverChain<WALCoprocessorEnvironment, WALObserver> chain)
      throws IOException {
    super(chain);
  }

  /**
   * Loads and starts the WAL coprocessors; null when there are none.
   *
   * @param abort aborts the server (a coprocessor bug, under abortonerror)
   */
  public static WALCoprocessorHost load(StrataConfiguration conf, CoprocessorLoader loader,
      ServerName server, Supplier<Connection> connection, Runnable abort) throws IOException {
    ObserverChain<WALCoprocessorEnvironment, WALObserver> chain =
        ServerCoprocessorHost.<WALCoprocessor, WALCoprocessorEnvironment, WALObserver>chain(
            conf.get(CoprocessorKeys.WAL_CLASSES), "the WAL of " + server,
            WALCoprocessor.class, conf, loader,
            (cp, priority, seq, own, cl) -> new Env(cp, priority, seq, own, cl, server,
                connection),
            cp -> cp.getWALObserver().orElse(null), abort);
    return chain == null ? null : new WALCoprocessorHost(chain);
  }

  public void preWALWrite(RegionInfo region, List<Cell> cells) throws IOException {
    call("preWALWrite", "", (o, c) -> o.preWALWrite(c, region, cells));
  }

  public void postWALWrite(RegionInfo region, long sequenceId, List<Cell> cells) {
    callQuietly("postWALWrite", (o, c) -> o.postWALWrite(c, region, sequenceId, cells));
  }
}
