package io.strata.common.conf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A process's configuration. Each value comes from, in order of precedence: {@code -Dkey=value}
 * system properties (keys starting with {@code strata.}), then the site file (the first
 * {@code strata-site.xml} in {@code $STRATA_CONF_DIR}, {@code -Dstrata.conf.dir}, the class path
 * and {@code ./conf/}), then the key's declared default. Keys that do not start with {@code strata.} (Hadoop's
 * {@code fs.*}, {@code dfs.*}) are kept and handed on to Hadoop.
 *
 * <p>Values may refer to other keys or to system properties as {@code ${name}}.
 *
 * <pre>{@code
 * StrataConfiguration conf = StrataConfiguration.create();
 * String root = conf.get(CoreKeys.ROOT_DIR);
 * Duration timeout = conf.get(CoreKeys.ZOOKEEPER_SESSION_TIMEOUT);
 * }</pre>
 *
 * <p>Not thread-safe while being changed; share it only once it is set up.
 */
public final class StrataConfiguration {
  private static final Logger LOG = LoggerFactory.getLogger(StrataConfiguration.class);
  public static final String SITE_FILE = "strata-site.xml";
  /** System property naming the configuration directory; bin/strata sets it. */
  public static final String CONF_DIR_PROPERTY = "strata.conf.dir";
  /**
   * System properties bin/strata sets for the launcher and logging, not configuration keys: the
   * configuration neither reads nor warns about them.
   */
  static final java.util.Set<String> LAUNCHER_PROPERTIES = java.util.Set.of(CONF_DIR_PROPERTY,
      "strata.log.dir", "strata.log.file", "strata.log.appender", "strata.info.file");
  private static final int MAX_SUBSTITUTION_DEPTH = 20;

  private record Setting(String value, String source) {}

  private final Map<String, Setting> settings;
  private final List<String> warnings;
  /** The lookup lines logged so far: each once a process, however many connections it makes. */
  private static final java.util.Set<String> SAID =
      java.util.concurrent.ConcurrentHashMap.newKeySet();
  private String lookup;

  private StrataConfiguration(Map<String, Setting> settings, List<String> warnings) {
    this.settings = settings;
    this.warnings = warnings;
  }

  /** Defaults only: no site file, no system properties. For tests and embedded use. */
  public static StrataConfiguration defaults() {
    return new StrataConfiguration(new LinkedHashMap<>(), new ArrayList<>());
  }

  /**
   * Defaults, then the site file, then {@code -D} system properties. The site file is the first
   * {@code strata-site.xml} in {@code $STRATA_CONF_DIR}, {@code -Dstrata.conf.dir}, the class
   * path and {@code ./conf/}; the process logs once at INFO which it read, or that it found none.
   */
  public static StrataConfiguration create() {
    return create(System.getenv(), System.getProperties(),
        StrataConfiguration.class.getClassLoader(), Path.of(""));
  }

  static StrataConfiguration create(Map<String, String> env, Properties props,
      ClassLoader loader, Path workingDir) {
    StrataConfiguration conf = defaults();
    List<String> looked = new ArrayList<>();
    SiteFileLookup.Found site = SiteFileLookup.find(env, props, loader, workingDir, looked);
    if (site != null) {
      try (InputStream in = site.url().openStream()) {
        conf.addSite(in, site.location());
      } catch (IOException e) {
        throw new IllegalArgumentException("cannot read configuration file " + site.location()
            + ": " + e.getMessage(), e);
      }
    }
    conf.addSystemProperties(props);
    String said = SiteFileLookup.describe(site, looked, conf.get(CoreKeys.ZOOKEEPER_QUORUM));
    if (SAID.add(said)) {
      LOG.info(said);
    }
    conf.lookup = said;
    return conf;
  }

  /** Where {@link #create} found its site file, as logged; null for other configurations. */
  String lookup() {
    return lookup;
  }

  /** Loads a site file over the current values. */
  public StrataConfiguration addSiteFile(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return addSite(in, file.toString());
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read configuration file " + file + ": "
          + e.getMessage(), e);
    }
  }

  StrataConfiguration addSite(InputStream in, String source) throws IOException {
    SiteFile.read(in, source).forEach((k, v) -> setFrom(k, v, source));
    return this;
  }

  /** Takes every {@code strata.*} system property (the {@code -Dkey=value} layer). */
  public StrataConfiguration addSystemProperties(Properties props) {
    for (String name : props.stringPropertyNames()) {
      if (name.startsWith("strata.") && !LAUNCHER_PROPERTIES.contains(name)) {
        setFrom(name, props.getProperty(name), "-D" + name);
      }
    }
    return this;
  }

  /** Sets a value programmatically; it is checked against the key's type at once. */
  public StrataConfiguration set(String name, String value) {
    return setFrom(name, value, "set(" + name + ")");
  }

  public <T> StrataConfiguration set(ConfigKey<T> key, String value) {
    return set(key.name(), value);
  }

  /** Removes an override so the key reads its default again. */
  public StrataConfiguration unset(String name) {
    settings.remove(name);
    return this;
  }

  private StrataConfiguration setFrom(String name, String value, String source) {
    if (value == null) {
      throw new IllegalArgumentException("configuration key '" + name + "' from " + source
          + " has no value");
    }
    ConfigKey<?> key = ConfigKeys.find(name);
    if (key == null && name.startsWith("strata.") && !LAUNCHER_PROPERTIES.contains(name)) {
      String closest = ConfigKeys.closest(name);
      String warning = "unknown configuration key '" + name + "' in " + source
          + (closest != null ? "; did you mean '" + closest + "'?"
              : "; it is ignored (docs/configuration.md lists every key)");
      warnings.add(warning);
      LOG.warn(warning);
    } else if (key == null && name.startsWith("hbase.")) {
      String warning = "HBase's configuration key '" + name + "' in " + source
          + " means nothing to Strata: " + HBaseKeys.advice(name);
      warnings.add(warning);
      LOG.warn(warning);
    }
    settings.put(name, new Setting(value, source));
    if (key != null && !value.contains("${")) {
      key.type().parse(name, value, source);
    }
    return this;
  }

  /** The typed value of {@code key}: its override if set, else its default. */
  public <T> T get(ConfigKey<T> key) {
    String raw = getRaw(key.name());
    if (raw == null) {
      throw new IllegalArgumentException("configuration key '" + key.name()
          + "' has no default and is not set; set it in " + SITE_FILE);
    }
    return key.type().parse(key.name(), raw, sourceOf(key.name()));
  }

  /**
   * The value as text with {@code ${...}} references resolved: the override, else the declared
   * default, else null.
   */
  public String getRaw(String name) {
    String raw = rawValue(name);
    return raw == null ? null : substitute(name, raw, 0);
  }

  private String rawValue(String name) {
    Setting s = settings.get(name);
    if (s != null) {
      return s.value;
    }
    ConfigKey<?> key = ConfigKeys.find(name);
    return key == null ? null : key.defaultValue();
  }

  private String substitute(String name, String value, int depth) {
    int start = value.indexOf("${");
    if (start < 0) {
      return value;
    }
    if (depth >= MAX_SUBSTITUTION_DEPTH) {
      throw new IllegalArgumentException("configuration key '" + name + "' refers to itself "
          + "through ${...} references; break the cycle");
    }
    StringBuilder out = new StringBuilder();
    int pos = 0;
    while (start >= 0) {
      int end = value.indexOf('}', start);
      if (end < 0) {
        break;
      }
      out.append(value, pos, start);
      String ref = value.substring(start + 2, end);
      String replacement = rawValue(ref);
      if (replacement == null) {
        replacement = System.getProperty(ref);
      }
      if (replacement == null) {
        throw new IllegalArgumentException("configuration key '" + name + "' refers to ${"
            + ref + "}, which is not set; set " + ref + " or write the value out");
      }
      out.append(substitute(ref, replacement, depth + 1));
      pos = end + 1;
      start = value.indexOf("${", pos);
    }
    out.append(value.substring(pos));
    return out.toString();
  }

  /** Where the current value of {@code name} came from: a file, {@code -D}, set() or default. */
  public String sourceOf(String name) {
    Setting s = settings.get(name);
    return s != null ? s.source : "default";
  }

  /** Every explicitly set value (site file, system properties, set()), unresolved. */
  public Map<String, String> overrides() {
    Map<String, String> out = new LinkedHashMap<>();
    settings.forEach((k, s) -> out.put(k, s.value));
    return Collections.unmodifiableMap(out);
  }

  /** Warnings raised while loading, such as unknown keys with the closest known key. */
  public List<String> warnings() {
    return Collections.unmodifiableList(warnings);
  }

  public StrataConfiguration copy() {
    return new StrataConfiguration(new LinkedHashMap<>(settings), new ArrayList<>(warnings));
  }
}
