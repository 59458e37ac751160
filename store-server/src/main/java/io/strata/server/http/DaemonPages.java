package io.strata.server.http;

import io.strata.common.conf.StrataConfiguration;
import io.strata.server.metrics.Metrics;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The pages every daemon serves on its info port: /jmx, /prometheus, /metrics (to /prometheus),
 * /conf, /stacks, /logLevel and /logs/; the daemon adds its status pages.
 */
public final class DaemonPages {
  private DaemonPages() {}

  /** {@code logDir}: where the daemon's log files are (null: none). */
  public static Map<String, Page> of(Metrics metrics, StrataConfiguration conf, Path logDir) {
    Map<String, Page> pages = new LinkedHashMap<>();
    pages.put("/jmx", new JmxPage());
    pages.put("/prometheus", (method, path, params) -> Page.Answer.ok(
        "text/plain; version=0.0.4; charset=utf-8", metrics.prometheus()));
    pages.put("/metrics", (method, path, params) -> Page.Answer.redirect("/prometheus"));
    pages.put("/conf", new ConfPage(conf));
    pages.put("/stacks", new StacksPage());
    pages.put("/logLevel", new LogLevelPage());
    pages.put("/logs/", new LogsPage(logDir, "/logs/"));
    pages.put("/logs", (method, path, params) -> Page.Answer.redirect("/logs/"));
    return pages;
  }

  /** The log directory bin/strata gives daemons ({@code -Dstrata.log.dir}), or null. */
  public static Path logDir() {
    String d = System.getProperty("strata.log.dir");
    return d == null ? null : Path.of(d).toAbsolutePath().normalize();
  }
}
