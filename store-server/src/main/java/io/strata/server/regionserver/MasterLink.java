package io.strata.server.regionserver;

import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.coordination.ZNodes;
import io.strata.common.schema.ServerName;
import io.strata.server.coordination.ZkSession;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A region server's calls to the active master (load reports, split requests), as a peer of
 * the cluster. The master is looked up in ZooKeeper again whenever the connection fails or
 * another master became active, so calls reach a new master at once.
 */
final class MasterLink implements Closeable {
  private final ZkSession zk;
  private final RpcClient client;
  private RpcConnection master;
  private ServerName masterName;

  /** {@code tls}: how to reach the master over TLS (strata.rpc.tls.enabled); null: plain. */
  MasterLink(ZkSession zk, byte[] clusterToken, io.strata.common.rpc.Tls tls) {
    this.zk = zk;
    this.client = new RpcClient("regionserver", 1);
    client.presentClusterToken(clusterToken); // load reports and the like are taken from peers only
    if (tls != null) {
      client.useTls(tls);
    }
  }

  /**
   * Calls {@code method} of the active master and waits up to twice {@code timeout} for the
   * answer.
   *
   * @throws IOException when no master is active or the call fails
   */
  synchronized <T extends Message> T call(String method, Message request, Parser<T> parser,
      Duration timeout) throws IOException {
    try {
      String text = zk.readText(ZNodes.MASTER, null);
      if (text == null) {
        throw new IOException("no master is active yet");
      }
      ServerName current = ServerName.parse(text);
      if (master == null || !master.isOpen() || !current.equals(masterName)) {
        closeConnection();
        master = client.connect(new InetSocketAddress(current.host(), current.port()),
            "MasterService", timeout);
        masterName = current;
      }
      return master.call(method, request, null, parser, timeout, 1)
          .get(timeout.toMillis() * 2, TimeUnit.MILLISECONDS).result();
    } catch (IOException e) {
      closeConnection();
      throw e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted calling the master");
    } catch (Exception e) {
      closeConnection();
      throw new IOException("calling " + method + " on the master failed: " + e, e);
    }
  }

  private void closeConnection() {
    if (master != null) {
      master.close();
      master = null;
    }
  }

  @Override
  public synchronized void close() {
    closeConnection();
    client.close();
  }
}
