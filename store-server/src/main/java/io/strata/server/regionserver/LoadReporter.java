package io.strata.server.regionserver;

import io.strata.common.proto.MasterProtos.EmptyResponse;
import io.strata.common.proto.MasterProtos.RegionServerReportRequest;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Sends the server's load to the active master every interval. */
final class LoadReporter implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(LoadReporter.class);

  private final RegionServer server;
  private final MasterLink master;
  private final Duration interval;
  private final ScheduledExecutorService timer;

  LoadReporter(RegionServer server, MasterLink master, Duration interval) {
    this.server = server;
    this.master = master;
    this.interval = interval;
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
      master.call("RegionServerReport", RegionServerReportRequest.newBuilder()
          .setLoad(server.load()).build(), EmptyResponse.parser(), interval);
    } catch (IOException | RuntimeException e) {
      LOG.debug("could not report load to the master: {}", e.toString());
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
  }
}
