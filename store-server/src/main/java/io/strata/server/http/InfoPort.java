package io.strata.server.http;

import io.strata.common.conf.StrataConfiguration;
import io.strata.server.metrics.History;
import io.strata.server.metrics.Metrics;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a daemon shows of itself over HTTP, and closes with it: its metrics, the history its
 * charts draw, and the info server of its status pages and {@link DaemonPages}.
 */
public final class InfoPort implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(InfoPort.class);

  private final String daemon;
  private final Metrics metrics;
  private volatile History history;
  private volatile InfoServer server;

  /** {@code service}: the JMX name of the daemon's metrics (RegionServer, Master). */
  public InfoPort(String daemon, String service) {
    this.daemon = daemon;
    this.metrics = new Metrics(service);
  }

  public Metrics metrics() {
    return metrics;
  }

  public History history() {
    return history;
  }

  /** Samples {@code h} until the daemon closes. */
  public void keep(History h) {
    this.history = h;
  }

  /**
   * Serves the status pages and the daemon pages on {@code host:port} (-1: nothing). A port
   * that cannot be had is a warning: the daemon works without its pages.
   */
  public void serve(StrataConfiguration conf, String host, int port,
      Map<String, Page> statusPages) {
    if (port < 0) {
      return;
    }
    Map<String, Page> pages = new LinkedHashMap<>(statusPages);
    pages.putAll(DaemonPages.of(metrics, conf, DaemonPages.logDir()));
    try {
      server = InfoServer.start(daemon, host, port, pages, io.strata.common.rpc.Tls.server(conf,
          io.strata.common.conf.SecurityKeys.HTTP_TLS));
    } catch (IOException e) {
      LOG.warn("{}", e.getMessage());
    }
  }

  /** The port served, or -1. */
  public int port() {
    InfoServer s = server;
    return s == null ? -1 : s.port();
  }

  @Override
  public void close() {
    if (server != null) {
      server.close();
    }
    if (history != null) {
      history.close();
    }
    metrics.close();
  }
}
