package io.strata.client;

import io.strata.client.internal.AsyncConnectionImpl;
import io.strata.client.internal.ConnectionImpl;
import io.strata.common.conf.StrataConfiguration;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/**
 * Makes connections. The cluster is found through ZooKeeper ({@code strata.zookeeper.quorum}):
 * the active master and the server of strata:meta are read from their znodes.
 *
 * <pre>{@code
 * Connection conn = ConnectionFactory.createConnection();   // conf/strata-site.xml, defaults
 * }</pre>
 */
public final class ConnectionFactory {
  private ConnectionFactory() {}

  /** A connection configured from {@code strata-site.xml} and system properties. */
  public static Connection createConnection() throws IOException {
    return createConnection(StrataConfiguration.create());
  }

  /**
   * A connection to the cluster {@code conf} names.
   *
   * @throws IOException naming the quorum when ZooKeeper cannot be reached
   */
  public static Connection createConnection(StrataConfiguration conf) throws IOException {
    return new ConnectionImpl(new AsyncConnectionImpl(conf));
  }

  /**
   * A connection to the cluster {@code conf} names that proves its user with {@code token}
   * (as a MapReduce task does with its job's delegation token) instead of a token file.
   */
  public static Connection createConnection(StrataConfiguration conf,
      io.strata.common.security.Token token) throws IOException {
    return new ConnectionImpl(new AsyncConnectionImpl(conf, null, token));
  }

  /** An async connection configured from {@code strata-site.xml} and system properties. */
  public static CompletableFuture<AsyncConnection> createAsyncConnection() {
    return createAsyncConnection(StrataConfiguration.create());
  }

  /**
   * An async connection to the cluster {@code conf} names; the future fails with an
   * IOException naming the quorum when ZooKeeper cannot be reached.
   */
  public static CompletableFuture<AsyncConnection> createAsyncConnection(
      StrataConfiguration conf) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return new AsyncConnectionImpl(conf);
      } catch (IOException e) {
        throw new java.util.concurrent.CompletionException(e);
      }
    }, r -> {
      Thread t = new Thread(r, "strata-client-connect");
      t.setDaemon(true);
      t.start();
    });
  }
}
