package io.strata.shell.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.Durability;
import io.strata.common.schema.TableName;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class YcsbSettingsTest {
  private static Properties props(String... keyValues) {
    Properties p = new Properties();
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return p;
  }

  private static String error(String... keyValues) {
    return assertThrows(IllegalArgumentException.class,
        () -> YcsbSettings.from(props(keyValues))).getMessage();
  }

  @Test
  void defaultsAreThoseOfHBasesBinding() {
    assertEquals(new YcsbSettings(TableName.valueOf("usertable"), "family", false,
        12L * 1024 * 1024, Durability.USE_DEFAULT, false), YcsbSettings.from(props()));
  }

  @Test
  void readsEveryProperty() {
    assertEquals(new YcsbSettings(TableName.valueOf("bench:t1"), "cf", true, 4096,
        Durability.FSYNC_WAL, true), YcsbSettings.from(props("table", "bench:t1",
            "columnfamily", "cf", "clientbuffering", "TRUE", "writebuffersize", " 4096",
            "durability", "fsync_wal", "debug", "true", "recordcount", "10")));
  }

  @Test
  void badValuesNameThePropertyAndWhatToGive() {
    assertEquals("-p durability=NOPE: unknown DURABILITY 'NOPE'; use one of USE_DEFAULT, "
        + "SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL", error("durability", "NOPE"));
    assertEquals("-p writebuffersize=12m: give the buffer size in bytes, at least 1",
        error("writebuffersize", "12m"));
    assertEquals("-p writebuffersize=0: give the buffer size in bytes, at least 1",
        error("writebuffersize", "0"));
    assertEquals("-p clientbuffering=yes: say true or false", error("clientbuffering", "yes"));
    assertEquals("-p debug=1: say true or false", error("debug", "1"));
    assertEquals("-p columnfamily=: give the name of the family to use, e.g. family",
        error("columnfamily", ""));
    assertTrue(error("table", "no good").startsWith("-p table=no good: invalid table name"),
        error("table", "no good"));
  }

  @Test
  void strataPropertiesConfigureTheClientOverTheBase() {
    StrataConfiguration base = StrataConfiguration.defaults()
        .set("strata.zookeeper.quorum", "base:1").set("strata.client.retries.number", "3");
    StrataConfiguration conf = YcsbSettings.configuration(props(
        "strata.zookeeper.quorum", "127.0.0.1:2999", "recordcount", "5", "table", "t"), base);
    assertEquals("127.0.0.1:2999", conf.getRaw("strata.zookeeper.quorum"));
    assertEquals("3", conf.getRaw("strata.client.retries.number"));
    assertFalse(conf.overrides().containsKey("recordcount"));
    assertFalse(conf.overrides().containsKey("table"));
    assertEquals("base:1", base.getRaw("strata.zookeeper.quorum"), "the base is not changed");
  }

  @Test
  void aBadStrataValueNamesTheProperty() {
    String message = assertThrows(IllegalArgumentException.class,
        () -> YcsbSettings.configuration(props("strata.client.operation.timeout", "soon"),
            StrataConfiguration.defaults())).getMessage();
    assertTrue(message.startsWith("-p strata.client.operation.timeout=soon: "), message);
  }
}
