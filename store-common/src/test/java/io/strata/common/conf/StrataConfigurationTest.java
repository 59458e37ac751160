package io.strata.common.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StrataConfigurationTest {
  @TempDir
  Path dir;

  private Path site(String properties) throws Exception {
    Path f = dir.resolve("strata-site.xml");
    Files.writeString(f, "<?xml version=\"1.0\"?>\n<configuration>\n" + properties
        + "</configuration>\n");
    return f;
  }

  private static String prop(String name, String value) {
    return "  <property><name>" + name + "</name><value>" + value + "</value></property>\n";
  }

  @Test
  void defaultsApplyWhenNothingIsSet() {
    StrataConfiguration conf = StrataConfiguration.defaults();
    assertEquals(false, conf.get(CoreKeys.CLUSTER_DISTRIBUTED));
    assertEquals("127.0.0.1:2182", conf.get(CoreKeys.ZOOKEEPER_QUORUM));
    assertEquals(Duration.ofSeconds(6), conf.get(CoreKeys.ZOOKEEPER_SESSION_TIMEOUT));
    assertEquals(17020, conf.get(CoreKeys.REGIONSERVER_PORT));
    assertEquals("file://" + System.getProperty("user.dir") + "/data",
        conf.get(CoreKeys.ROOT_DIR));
    assertEquals("default", conf.sourceOf("strata.rootdir"));
  }

  @Test
  void systemPropertiesOverrideTheSiteFileWhichOverridesDefaults() throws Exception {
    StrataConfiguration conf = StrataConfiguration.defaults()
        .addSiteFile(site(prop("strata.regionserver.port", "18020")
            + prop("strata.master.port", "18000")));
    assertEquals(18020, conf.get(CoreKeys.REGIONSERVER_PORT));
    Properties sys = new Properties();
    sys.setProperty("strata.regionserver.port", "19020");
    sys.setProperty("java.version", "ignored");
    conf.addSystemProperties(sys);
    assertEquals(19020, conf.get(CoreKeys.REGIONSERVER_PORT));
    assertEquals(18000, conf.get(CoreKeys.MASTER_PORT));
    assertEquals("-Dstrata.regionserver.port", conf.sourceOf("strata.regionserver.port"));
    assertEquals(dir.resolve("strata-site.xml").toString(), conf.sourceOf("strata.master.port"));
    assertEquals(Map.of("strata.regionserver.port", "19020", "strata.master.port", "18000"),
        conf.overrides());
  }

  @Test
  void createReadsTheConfDirectoryAndSystemProperties() throws Exception {
    site(prop("strata.zookeeper.quorum", "zk1:2181,zk2:2181"));
    String before = System.getProperty(StrataConfiguration.CONF_DIR_PROPERTY);
    System.setProperty(StrataConfiguration.CONF_DIR_PROPERTY, dir.toString());
    System.setProperty("strata.master.info.port", "-1");
    try {
      StrataConfiguration conf = StrataConfiguration.create();
      assertEquals("zk1:2181,zk2:2181", conf.get(CoreKeys.ZOOKEEPER_QUORUM));
      assertEquals(-1, conf.get(CoreKeys.MASTER_INFO_PORT));
    } finally {
      System.clearProperty("strata.master.info.port");
      if (before == null) {
        System.clearProperty(StrataConfiguration.CONF_DIR_PROPERTY);
      } else {
        System.setProperty(StrataConfiguration.CONF_DIR_PROPERTY, before);
      }
    }
  }

  @Test
  void valuesReferToOtherKeysAndSystemProperties() {
    StrataConfiguration conf = StrataConfiguration.defaults().set("strata.home", "/opt/strata");
    assertEquals("file:///opt/strata/data", conf.get(CoreKeys.ROOT_DIR));
    conf.set("strata.rootdir", "file://${java.io.tmpdir}/s");
    assertEquals("file://" + System.getProperty("java.io.tmpdir") + "/s",
        conf.get(CoreKeys.ROOT_DIR));
    conf.set("strata.rootdir", "${strata.rootdir}");
    assertEquals("configuration key 'strata.rootdir' refers to itself through ${...} references; "
        + "break the cycle", assertThrows(IllegalArgumentException.class,
            () -> conf.get(CoreKeys.ROOT_DIR)).getMessage());
    conf.set("strata.rootdir", "${no.such.thing}/x");
    assertEquals("configuration key 'strata.rootdir' refers to ${no.such.thing}, which is not "
        + "set; set no.such.thing or write the value out", assertThrows(
            IllegalArgumentException.class, () -> conf.get(CoreKeys.ROOT_DIR)).getMessage());
  }

  @Test
  void hbaseKeysWarnNamingWhatStrataReadsInstead() {
    StrataConfiguration conf = StrataConfiguration.defaults()
        .set("hbase.zookeeper.quorum", "zk1,zk2")
        .set("hbase.client.retries.number", "3")
        .set("hbase.regionserver.handler.count", "30");
    assertEquals(List.of(
        "HBase's configuration key 'hbase.zookeeper.quorum' in set(hbase.zookeeper.quorum) "
            + "means nothing to Strata: set 'strata.zookeeper.quorum' instead "
            + "(host:port,host:port,...)",
        "HBase's configuration key 'hbase.client.retries.number' in "
            + "set(hbase.client.retries.number) means nothing to Strata: set "
            + "'strata.client.retries.number' instead",
        "HBase's configuration key 'hbase.regionserver.handler.count' in "
            + "set(hbase.regionserver.handler.count) means nothing to Strata: Strata has no such "
            + "setting (docs/configuration.md lists every key)"), conf.warnings());
    assertEquals("127.0.0.1:2182", conf.get(CoreKeys.ZOOKEEPER_QUORUM), "nothing was changed");
  }

  @Test
  void unknownStrataKeysWarnWithTheClosestKnownKey() throws Exception {
    Path f = site(prop("strata.regionserver.prot", "1") + prop("strata.totally.unrelated", "x")
        + prop("fs.defaultFS", "file:///"));
    StrataConfiguration conf = StrataConfiguration.defaults().addSiteFile(f);
    assertEquals(List.of(
        "unknown configuration key 'strata.regionserver.prot' in " + f
            + "; did you mean 'strata.regionserver.port'?",
        "unknown configuration key 'strata.totally.unrelated' in " + f
            + "; it is ignored (docs/configuration.md lists every key)"), conf.warnings());
    assertEquals("file:///", conf.getRaw("fs.defaultFS"));
  }

  @Test
  void badValuesFailWhenLoadedNamingTheirSource() throws Exception {
    Path f = site(prop("strata.zookeeper.session.timeout", "soon"));
    assertEquals("configuration key 'strata.zookeeper.session.timeout' has value 'soon' (from "
        + f + "), which is not a duration such as 100us, 500ms, 30s, 5m, 2h or 1d (a bare "
        + "number is milliseconds); fix it there", assertThrows(IllegalArgumentException.class,
            () -> StrataConfiguration.defaults().addSiteFile(f)).getMessage());
  }

  @Test
  void malformedSiteFilesNameTheLine() throws Exception {
    Path broken = dir.resolve("broken.xml");
    Files.writeString(broken, "<configuration>\n<property>\n<name>x</name>\n</configuration>\n");
    String msg = assertThrows(IllegalArgumentException.class,
        () -> StrataConfiguration.defaults().addSiteFile(broken)).getMessage();
    assertTrue(msg.startsWith(broken + " line 4: "), msg);
    assertTrue(msg.endsWith("; fix the XML"), msg);

    Path wrongRoot = dir.resolve("wrong.xml");
    Files.writeString(wrongRoot, "<props/>");
    assertEquals(wrongRoot + ": the root element is <props>; a site file holds <property> "
        + "elements inside <configuration>", assertThrows(IllegalArgumentException.class,
            () -> StrataConfiguration.defaults().addSiteFile(wrongRoot)).getMessage());

    Path noValue = site("<property><name>strata.master.port</name></property>");
    assertEquals(noValue + ": property 'strata.master.port' has no <value>; give each property "
        + "a <name> and a <value>", assertThrows(IllegalArgumentException.class,
            () -> StrataConfiguration.defaults().addSiteFile(noValue)).getMessage());
  }

  @Test
  void refusesDoctypesSoASiteFileCannotReadOtherFiles() throws Exception {
    Path evil = dir.resolve("evil.xml");
    Files.writeString(evil, "<?xml version=\"1.0\"?><!DOCTYPE c [<!ENTITY x SYSTEM "
        + "\"file:///etc/passwd\">]><configuration><property><name>strata.home</name>"
        + "<value>&x;</value></property></configuration>");
    String msg = assertThrows(IllegalArgumentException.class,
        () -> StrataConfiguration.defaults().addSiteFile(evil)).getMessage();
    assertTrue(msg.contains("DOCTYPE"), msg);
  }

  @Test
  void missingFileSaysWhichFile() {
    Path missing = dir.resolve("nope.xml");
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> StrataConfiguration.defaults().addSiteFile(missing)).getMessage()
        .startsWith("cannot read configuration file " + missing));
  }

  @Test
  void editDistanceCountsInsertionsDeletionsAndSubstitutions() {
    assertEquals(0, ConfigKeys.editDistance("abc", "abc"));
    assertEquals(2, ConfigKeys.editDistance("prot", "port"));
    assertEquals(1, ConfigKeys.editDistance("abc", "abcd"));
    assertEquals(3, ConfigKeys.editDistance("", "abc"));
  }
}
