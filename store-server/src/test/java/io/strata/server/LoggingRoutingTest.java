package io.strata.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * Strata, Hadoop and ZooKeeper log through one stack: SLF4J, commons-logging and the log4j 1 API
 * all end in Log4j2, and no second backend (logback, reload4j) is on the class path.
 */
class LoggingRoutingTest {
  @Test
  void everyLoggingApiEndsInLog4j2() {
    assertEquals("org.apache.logging.slf4j.Log4jLoggerFactory",
        org.slf4j.LoggerFactory.getILoggerFactory().getClass().getName());
    String jcl = org.apache.commons.logging.LogFactory.getLog("org.apache.hadoop.fs.FileSystem")
        .getClass().getName();
    assertEquals(true, jcl.startsWith("org.apache.logging.log4j.jcl.")
        || jcl.startsWith("org.apache.commons.logging.impl.Log4jApiLogFactory"), jcl);
    // log4j-1.2-api answers org.apache.log4j calls and forwards them to Log4j2.
    assertEquals("org.apache.log4j.Logger",
        org.apache.log4j.Logger.getLogger("org.apache.hadoop.util.Shell").getClass().getName());
    assertEquals("org.apache.logging.log4j.core.LoggerContext",
        org.apache.logging.log4j.LogManager.getContext(false).getClass().getName());
  }

  @Test
  void noSecondLoggingBackendIsPresent() {
    ClassLoader cl = getClass().getClassLoader();
    assertThrows(ClassNotFoundException.class,
        () -> Class.forName("ch.qos.logback.classic.Logger", false, cl));
    assertThrows(ClassNotFoundException.class,
        () -> Class.forName("org.slf4j.impl.Reload4jLoggerAdapter", false, cl));
  }
}
