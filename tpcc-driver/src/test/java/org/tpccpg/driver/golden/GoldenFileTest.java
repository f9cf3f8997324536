package org.tpccpg.driver.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.junit.jupiter.api.Test;

/** The golden-file comparison itself: it passes only on equal bytes and shows where they differ. */
class GoldenFileTest {
  private static final String NAME = "golden-file-self-test.txt";

  @Test
  void identicalTextPasses() {
    GoldenFile.assertMatches(NAME, "first\n\nthird \n");
  }

  @Test
  void anyDifferenceFailsWithADiffEvenATrailingSpaceOrTheLastNewline() {
    assumeFalse(Boolean.getBoolean(GoldenFile.UPDATE_PROPERTY), "update mode rewrites files");
    AssertionError space =
        assertThrows(
            AssertionError.class, () -> GoldenFile.assertMatches(NAME, "first\n\nthird\n"));
    assertTrue(space.getMessage().contains("-third $\n+third$\n"), space.getMessage());
    AssertionError newline =
        assertThrows(AssertionError.class, () -> GoldenFile.assertMatches(NAME, "first\n\nthird "));
    assertTrue(newline.getMessage().contains(" third $\n-$\n"), newline.getMessage());
  }

  @Test
  void aMissingFileFailsAndSaysHowToCreateIt() {
    assumeFalse(Boolean.getBoolean(GoldenFile.UPDATE_PROPERTY), "update mode rewrites files");
    AssertionError missing =
        assertThrows(
            AssertionError.class, () -> GoldenFile.assertMatches("no-such-golden-file.txt", "x"));
    assertTrue(missing.getMessage().contains("-Dgolden.update=true"), missing.getMessage());
  }

  @Test
  void theDiffShowsChangedLinesWithContextAndTheGoldenLineNumber() {
    String golden = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n";
    String rendered = "a\nb\nc\nd\ne\nF\ng\nh\ni\nj\n";
    assertEquals(
        """
        --- golden
        +++ rendered
        @@ line 3 @@
         c$
         d$
         e$
        -f$
        +F$
         g$
         h$
         i$
        """,
        GoldenFile.diff(golden, rendered));
  }
}
