package io.strata.common;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VersionTest {
  @Test
  void versionComesFromTheBuild() {
    assertTrue(Version.get().matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), Version.get());
  }
}
