package org.tpccpg.core;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TpccVersionTest {
  @Test
  void versionIsTheFilteredMavenVersion() {
    String version = TpccVersion.get();
    assertTrue(
        version.matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"),
        () -> "expected a Maven version but was " + version);
  }
}
