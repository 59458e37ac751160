package io.strata.common.conf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Renders docs/configuration.md from the key declarations. Run it to regenerate the file:
 * {@code mvn -q -pl store-common test -Dtest=ConfigDocsTest -Dstrata.regenerateDocs=true}.
 */
public final class ConfigDocs {
  private ConfigDocs() {}

  public static String render() {
    StringBuilder sb = new StringBuilder();
    sb.append("# Configuration reference\n\n")
        .append("<!-- Generated from the ConfigKey declarations in store-common ")
        .append("(io.strata.common.conf). Do not edit by hand: change the declaration, then run\n")
        .append("     mvn -q -pl store-common test -Dtest=ConfigDocsTest ")
        .append("-Dstrata.regenerateDocs=true -->\n\n")
        .append("Every key Strata reads is listed here with its type, default and meaning. ")
        .append("A value comes from, in order of precedence:\n\n")
        .append("1. `-Dkey=value` on the JVM command line (`STRATA_OPTS` for `bin/strata`);\n")
        .append("2. the site file `strata-site.xml`, which holds overrides only;\n")
        .append("3. the default below.\n\n")
        .append("The site file is the first `strata-site.xml` found in:\n\n")
        .append("1. the directory `$STRATA_CONF_DIR` names;\n")
        .append("2. the directory `-Dstrata.conf.dir` names (`bin/strata` sets it to ")
        .append("`$STRATA_CONF_DIR`, by default the checkout's `conf/`);\n")
        .append("3. the class path (`bin/strata classpath` puts `conf/` on it);\n")
        .append("4. `./conf/`, under the working directory.\n\n")
        .append("Every process, a client program's included, logs once at INFO which file it ")
        .append("read, or that it found none and uses the defaults, with the ZooKeeper quorum ")
        .append("it will try:\n\n")
        .append("```\nconfiguration: read /home/me/strata/conf/strata-site.xml (from ")
        .append("$STRATA_CONF_DIR); ZooKeeper quorum 127.0.0.1:2182\n```\n\n")
        .append("Values may refer to other keys or JVM system properties as `${name}`. ")
        .append("A key in strata-site.xml that starts with `strata.` but is not listed here is ")
        .append("reported at start-up with the closest listed key. Keys of other prefixes ")
        .append("(`fs.*`, `dfs.*`) are passed to Hadoop.\n\n")
        .append("Value syntax by type:\n\n");
    for (ConfigType<?> t : List.of(ConfigType.SIZE_BYTES, ConfigType.DURATION_TYPE,
        ConfigType.BOOLEAN, ConfigType.INT, ConfigType.LONG, ConfigType.DOUBLE)) {
      sb.append("- `").append(t.name()).append("`: ").append(t.syntax()).append('\n');
    }
    sb.append("- `string`: any text\n");
    for (Map.Entry<String, List<ConfigKey<?>>> section : ConfigKeys.bySection().entrySet()) {
      sb.append("\n## ").append(section.getKey()).append("\n\n")
          .append("| key | type | default | unit | description |\n")
          .append("|---|---|---|---|---|\n");
      for (ConfigKey<?> k : section.getValue()) {
        sb.append("| `").append(k.name()).append("` | ").append(k.type().name()).append(" | ")
            .append(k.defaultValue() == null ? "(none)" : "`" + k.defaultValue() + "`")
            .append(" | ").append(k.unit()).append(" | ")
            .append(k.description().replace("|", "\\|")).append(" |\n");
      }
    }
    return sb.toString();
  }

  /** Writes the reference to {@code args[0]} (default docs/configuration.md). */
  public static void main(String[] args) throws IOException {
    Path out = Path.of(args.length > 0 ? args[0] : "docs/configuration.md");
    Files.writeString(out, render(), StandardCharsets.UTF_8);
  }
}
