package io.strata.common.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The site file's lookup order: $STRATA_CONF_DIR, -Dstrata.conf.dir, the class path, ./conf/;
 * each place that holds a strata-site.xml wins over every later one, and the line the process
 * logs says which file it read, or where it looked in vain.
 */
class SiteFileLookupTest {
  @TempDir
  Path dir;

  /** A directory named {@code name} with a site file setting the quorum to {@code name}. */
  private Path confWithQuorum(String name) throws Exception {
    Path d = Files.createDirectories(dir.resolve(name));
    Files.writeString(d.resolve("strata-site.xml"), "<configuration><property>"
        + "<name>strata.zookeeper.quorum</name><value>" + name + ":2181</value></property>"
        + "</configuration>\n");
    return d;
  }

  private StrataConfiguration create(Path env, Path prop, Path classpath, Path working)
      throws Exception {
    Properties props = new Properties();
    if (prop != null) {
      props.setProperty(StrataConfiguration.CONF_DIR_PROPERTY, prop.toString());
    }
    ClassLoader loader = new URLClassLoader(classpath == null ? new URL[0]
        : new URL[] {classpath.toUri().toURL()}, null);
    return StrataConfiguration.create(env == null ? Map.of()
        : Map.of("STRATA_CONF_DIR", env.toString()), props, loader, working);
  }

  @Test
  void eachPlaceWinsOverTheNext() throws Exception {
    Path env = confWithQuorum("env");
    Path prop = confWithQuorum("prop");
    Path classpath = confWithQuorum("classpath");
    Path working = dir.resolve("working");
    confWithQuorum("working/conf");
    Path empty = Files.createDirectories(dir.resolve("empty"));

    StrataConfiguration conf = create(env, prop, classpath, working);
    assertEquals("env:2181", conf.get(CoreKeys.ZOOKEEPER_QUORUM));
    assertEquals("configuration: read " + env.resolve("strata-site.xml")
        + " (from $STRATA_CONF_DIR); ZooKeeper quorum env:2181", conf.lookup());

    conf = create(empty, prop, classpath, working);
    assertEquals("prop:2181", conf.get(CoreKeys.ZOOKEEPER_QUORUM));
    assertEquals("configuration: read " + prop.resolve("strata-site.xml")
        + " (from -Dstrata.conf.dir); ZooKeeper quorum prop:2181", conf.lookup());

    conf = create(null, null, classpath, working);
    assertEquals("classpath:2181", conf.get(CoreKeys.ZOOKEEPER_QUORUM));
    assertEquals("configuration: read " + classpath.resolve("strata-site.xml").toUri().toURL()
        + " (from the class path); ZooKeeper quorum classpath:2181", conf.lookup());

    conf = create(null, null, null, working);
    assertEquals("working/conf:2181", conf.get(CoreKeys.ZOOKEEPER_QUORUM));
    assertEquals("configuration: read " + working.resolve("conf/strata-site.xml")
        + " (from ./conf); ZooKeeper quorum working/conf:2181", conf.lookup());
  }

  @Test
  void noFileFoundSaysWhereItLookedAndWhichQuorumItTries() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Path working = Files.createDirectories(dir.resolve("working"));
    StrataConfiguration conf = create(null, empty, null, working);
    assertEquals("127.0.0.1:2182", conf.get(CoreKeys.ZOOKEEPER_QUORUM));
    assertEquals("configuration: no strata-site.xml found in $STRATA_CONF_DIR (unset),"
        + " -Dstrata.conf.dir (" + empty.resolve("strata-site.xml") + " does not exist),"
        + " the class path, ./conf (" + working.resolve("conf/strata-site.xml")
        + " does not exist); using the defaults and -D properties, ZooKeeper quorum"
        + " 127.0.0.1:2182", conf.lookup());
  }

  @Test
  void systemPropertiesStillWinOverTheFile() throws Exception {
    Path env = confWithQuorum("env");
    Properties props = new Properties();
    props.setProperty("strata.zookeeper.quorum", "override:2181");
    StrataConfiguration conf = StrataConfiguration.create(Map.of("STRATA_CONF_DIR",
        env.toString()), props, null, dir);
    assertEquals("override:2181", conf.get(CoreKeys.ZOOKEEPER_QUORUM));
    assertEquals("configuration: read " + env.resolve("strata-site.xml")
        + " (from $STRATA_CONF_DIR); ZooKeeper quorum override:2181", conf.lookup());
  }
}
