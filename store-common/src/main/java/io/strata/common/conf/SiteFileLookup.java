package io.strata.common.conf;

import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Where a process's {@code strata-site.xml} comes from: the first of {@code $STRATA_CONF_DIR},
 * {@code -Dstrata.conf.dir}, the class path and {@code ./conf/} that holds one. A client program
 * started outside {@code bin/strata} has neither of the first two, so it still finds the
 * checkout's or its own {@code conf/} file, and says which it took (see {@link #describe}).
 */
final class SiteFileLookup {
  static final String ENV_VAR = "STRATA_CONF_DIR";

  /** The file found, and the words that say where it came from. */
  record Found(URL url, String location, String how) {}

  /** The file the lookup took, or null; {@code looked} gets a phrase per place it looked. */
  static Found find(Map<String, String> env, Properties props, ClassLoader loader,
      Path workingDir, List<String> looked) {
    String envDir = env.get(ENV_VAR);
    Found f = inDir(envDir, "$" + ENV_VAR, looked);
    if (f != null) {
      return f;
    }
    f = inDir(props.getProperty(StrataConfiguration.CONF_DIR_PROPERTY),
        "-D" + StrataConfiguration.CONF_DIR_PROPERTY, looked);
    if (f != null) {
      return f;
    }
    URL resource = loader == null ? null : loader.getResource(StrataConfiguration.SITE_FILE);
    if (resource != null) {
      return new Found(resource, resource.toString(), "the class path");
    }
    looked.add("the class path");
    return inDir(workingDir.resolve("conf").toString(), "./conf", looked);
  }

  private static Found inDir(String dir, String how, List<String> looked) {
    if (dir == null || dir.isEmpty()) {
      looked.add(how + " (unset)");
      return null;
    }
    Path site = Path.of(dir).resolve(StrataConfiguration.SITE_FILE).toAbsolutePath()
        .normalize();
    if (!Files.isRegularFile(site)) {
      looked.add(how + " (" + site + " does not exist)");
      return null;
    }
    try {
      return new Found(site.toUri().toURL(), site.toString(), how);
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException("cannot read " + site + ": " + e.getMessage(), e);
    }
  }

  /** The INFO line a process logs once: which file it read, or where it looked in vain. */
  static String describe(Found found, List<String> looked, String quorum) {
    if (found != null) {
      return "configuration: read " + found.location() + " (from " + found.how()
          + "); ZooKeeper quorum " + quorum;
    }
    return "configuration: no " + StrataConfiguration.SITE_FILE + " found in "
        + String.join(", ", looked) + "; using the defaults and -D properties, ZooKeeper quorum "
        + quorum;
  }
}
