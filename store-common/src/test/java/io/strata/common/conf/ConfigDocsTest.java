package io.strata.common.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Fails when docs/configuration.md differs from what the declarations generate. Regenerate with
 * {@code mvn -q -pl store-common test -Dtest=ConfigDocsTest -Dstrata.regenerateDocs=true}.
 */
class ConfigDocsTest {
  private static Path docFile() {
    String root = System.getProperty("strata.source.root", "..");
    return Path.of(root, "docs", "configuration.md");
  }

  @Test
  void referenceMatchesTheDeclarations() throws Exception {
    Path doc = docFile();
    String expected = ConfigDocs.render();
    if (Boolean.getBoolean("strata.regenerateDocs")) {
      Files.writeString(doc, expected, StandardCharsets.UTF_8);
    }
    assertTrue(Files.exists(doc), doc + " is missing; generate it with mvn -q -pl store-common "
        + "test -Dtest=ConfigDocsTest -Dstrata.regenerateDocs=true");
    assertEquals(expected, Files.readString(doc, StandardCharsets.UTF_8),
        "docs/configuration.md is stale; regenerate it with mvn -q -pl store-common test "
            + "-Dtest=ConfigDocsTest -Dstrata.regenerateDocs=true");
  }

  @Test
  void everyKeyIsDocumentedWithTypeAndDefault() {
    String doc = ConfigDocs.render();
    for (ConfigKey<?> k : ConfigKeys.all().values()) {
      assertTrue(doc.contains("| `" + k.name() + "` | " + k.type().name() + " | `"
          + k.defaultValue() + "` |"), k.name());
      assertTrue(!k.description().isBlank(), k.name() + " has no description");
    }
  }

  /** conf/strata-site.xml shows keys commented out with their defaults: both must be true. */
  @Test
  void theSiteTemplateShowsRealKeysWithTheirDefaults() throws Exception {
    String root = System.getProperty("strata.source.root", "..");
    String site = Files.readString(Path.of(root, "conf", "strata-site.xml"),
        StandardCharsets.UTF_8);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
        "<name>([^<]+)</name>\\s*<value>([^<]*)</value>").matcher(site);
    int shown = 0;
    while (m.find()) {
      ConfigKey<?> k = ConfigKeys.find(m.group(1));
      assertTrue(k != null, "conf/strata-site.xml names unknown key " + m.group(1));
      assertEquals(k.defaultValue(), m.group(2), "default of " + m.group(1)
          + " in conf/strata-site.xml");
      shown++;
    }
    assertTrue(shown >= 10, "only " + shown + " keys shown in conf/strata-site.xml");
  }
}
