package org.tpccpg.core.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
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

  @Test
  void aBuildFromADirtyTreeSaysSo() {
    Properties git = new Properties();
    git.setProperty("commit", "632e86b");
    git.setProperty("dirty", "true");
    assertEquals("632e86b-dirty", TpccVersion.commit(git));
    git.setProperty("dirty", "false");
    assertEquals("632e86b", TpccVersion.commit(git));
  }

  @Test
  void aBuildOutsideAGitCheckoutHasAnUnknownCommit() {
    assertEquals("unknown", TpccVersion.commit(new Properties()));
  }
}
