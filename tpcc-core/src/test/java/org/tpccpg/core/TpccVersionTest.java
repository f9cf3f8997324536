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

  @Test
  void commitIsTheAbbreviatedGitCommitOfTheBuild() {
    // The tests run from a git checkout, so the build found a commit.
    String commit = TpccVersion.commit();
    assertTrue(
        commit.matches("[0-9a-f]{7,40}(-dirty)?"),
        () -> "expected an abbreviated commit but was " + commit);
  }
}
