package io.strata.server.http;

import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * /logLevel?log=NAME shows a logger's effective level; adding {@code &level=DEBUG} (or
 * TRACE, INFO, WARN, ERROR, OFF) sets it until the daemon restarts, as HBase's does.
 */
final class LogLevelPage implements Page {
  @Override
  public Answer serve(String method, String path, Map<String, List<String>> params) {
    String log = Page.param(params, "log");
    if (log == null || log.isBlank()) {
      throw new IllegalArgumentException("name a logger: /logLevel?log=io.strata.server"
          + " (and &level=DEBUG to set it)");
    }
    String level = Page.param(params, "level");
    if (level != null) {
      Level l = Level.toLevel(level.trim(), null);
      if (l == null) {
        throw new IllegalArgumentException("level=" + level + " is not a log level; use one "
            + "of TRACE, DEBUG, INFO, WARN, ERROR, OFF");
      }
      Configurator.setLevel(log, l);
    }
    LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
    Level effective = ctx.getLogger(log).getLevel();
    return Answer.text(200, (level != null ? "Set" : "Effective") + " level of " + log + ": "
        + effective + "\n");
  }
}
