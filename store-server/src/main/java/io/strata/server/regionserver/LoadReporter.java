package io.strata.server.regionserver;

import io.strata.client.internal.rpc.RpcClient;
import io.strata.client.internal.rpc.RpcConnection;
import io.strata.common.coordination.ZNodes;
import io.strata.common.proto.MasterProtos.EmptyResponse;
import io.strata.common.proto.MasterProtos.RegionServerReportRequest;
import io.strata.common.schema.ServerName;
import io.strata.server.coordination.ZkSession;
import java.io.Closeable;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the server's load to the active master every interval. The master is found in
 * ZooKeeper again whenever the connection fails, so a new master gets reports at once.
 */
final class LoadReporter implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(LoadReporter.class);

  private final RegionServer server;
  private final ZkSession zk;
  private final Duration interval;
  private final RpcClient client;
  private final ScheduledExecutorService timer;
  private RpcConnection master;
  private ServerName masterName;

  LoadReporter(RegionServer server, ZkSession zk, Duration interval) {
    this.server = server;
    this.zk = zk;
    this.interval = interval;
    this.client = new RpcClient("regionserver", 1);
    client.presentClusterToken(server.clusterToken()); // load reports are taken from peers only
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "load-reporter");
      t.setDaemon(true);
      return t;
    });
  }

  void start() {
    timer.scheduleWithFixedDelay(this::report, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void report() {
    if (server.isStopped()) {
      return;
    }
    try {
      String text = zk.readText(ZNodes.MASTER, null);
      if (text == null) {
        return; // no active master yet
      }
      ServerName current = ServerName.parse(text);
      if (master == null || !master.isOpen() || !current.equals(masterName)) {
        if (master != null) {
          master.close();
        }
        master = client.connect(new InetSocketAddress(current.host(), current.port()),
            "MasterService", interval);
        masterName = current;
      }
      master.call("RegionServerReport", RegionServerReportRequest.newBuilder()
          .setLoad(server.load()).build(), null, EmptyResponse.parser(), interval, 1)
          .get(interval.toMillis() * 2, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      LOG.debug("could not report load to the master: {}", e.toString());
      if (master != null) {
        master.close();
        master = null;
      }
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
    try {
      timer.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (master != null) {
      master.close();
    }
    client.close();
  }
}
