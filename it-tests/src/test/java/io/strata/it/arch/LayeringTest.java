package io.strata.it.arch;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Enforces the layering on Strata's production classes, and proves each rule can fail. */
class LayeringTest {
  @Test
  void strataKeepsItsLayers() {
    JavaClasses classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.strata");
    // The import must see every module, or the rules below would pass vacuously.
    for (String pkg : List.of("io.strata.common.cell", "io.strata.common.conf",
        "io.strata.server.fs")) {
      assertTrue(classes.stream().anyMatch(c -> c.getPackageName().equals(pkg)),
          "no production classes imported from " + pkg);
    }
    for (ArchRule rule : LayeringRules.over("io.strata")) {
      rule.check(classes);
    }
  }

  @Test
  void everyRuleCatchesItsViolation() {
    JavaClasses fixture = new ClassFileImporter()
        .importPackages("io.strata.it.arch.fixture");
    for (ArchRule rule : LayeringRules.over("io.strata.it.arch.fixture")) {
      assertThrows(AssertionError.class, () -> rule.check(fixture), rule.getDescription());
    }
  }
}
