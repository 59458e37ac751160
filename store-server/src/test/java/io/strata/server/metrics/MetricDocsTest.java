package io.strata.server.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * docs/metrics.md is what {@link MetricDocs} makes of the catalog; regenerate it with
 * {@code mvn -q -pl store-server -am test -Dtest=MetricDocsTest -Dstrata.regenerateDocs=true
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class MetricDocsTest {
  @Test
  void referenceMatchesTheCatalog() throws Exception {
    Path doc = Path.of(System.getProperty("strata.source.root", ".."), "docs", "metrics.md");
    String expected = MetricDocs.render();
    if (Boolean.getBoolean("strata.regenerateDocs")) {
      Files.writeString(doc, expected, StandardCharsets.UTF_8);
    }
    assertEquals(expected, Files.readString(doc, StandardCharsets.UTF_8),
        "docs/metrics.md is stale; regenerate it with mvn -q -pl store-server -am test "
            + "-Dtest=MetricDocsTest -Dstrata.regenerateDocs=true "
            + "-Dsurefire.failIfNoSpecifiedTests=false");
  }

  @Test
  void everyMetricIsNamedOnceAndExplained() {
    Set<String> names = new HashSet<>();
    for (MetricDef d : MetricCatalog.all()) {
      assertTrue(names.add(d.name()), d.name() + " declared twice");
      assertTrue(d.name().startsWith("strata."), d.name());
      assertFalse(d.meaning().isBlank(), d.name() + " has no meaning");
    }
    assertTrue(names.size() > 30, "the catalog is read");
  }
}
