package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.metrics.DipCauses;
import org.tpccpg.driver.metrics.Stability;
import org.tpccpg.driver.metrics.StabilityWindow;

/** The text summary's stability lines. */
class StabilityLinesTest {
  /** Windows of 60 s at 100 tps (p99 10 ms), but those in {@code low} at 50 tps (p99 40 ms). */
  private static Stability windows(int n, int... low) {
    List<StabilityWindow> windows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      boolean dipped = false;
      for (int l : low) {
        dipped |= l == i;
      }
      windows.add(new StabilityWindow(i * 60, 60, dipped ? 3000 : 6000, 5, dipped ? 40 : 10));
    }
    return Stability.of(windows);
  }

  @Test
  void aSteadyRunSaysNoDip() {
    assertEquals(
        "stability: 10 windows of 1m00s: tps cv 0.0%, lowest window 1.00 of the median, highest"
            + " p99 1.00 times the median; trend over the run tps +0.0%, p99 +0.0%; no dip\n",
        StabilityLines.render(windows(10), 600, DipCauses.NONE));
  }

  @Test
  void eachDipHasALineWithItsStartLengthAndDepth() {
    String text = StabilityLines.render(windows(10, 4, 5), 600, DipCauses.NONE);
    List<String> lines = text.lines().toList();
    assertEquals(2, lines.size(), text);
    assertEquals(
        true,
        lines
            .get(0)
            .endsWith(
                "; 1 dip (a window's tps more than 20% below the median of the 6" + " before it)"),
        lines.get(0));
    assertEquals("    dip at 4m00s for 2m00s: down to 50.0 tps, 50.0% below 100.0", lines.get(1));
  }

  @Test
  void aDipsLineEndsWithWhatTheServerStatisticsNamedOrThatNothingStoodOut() {
    Stability s = windows(20, 4, 12);
    DipCauses named =
        dip ->
            dip.startSeconds() == 240
                ? List.of(
                    "a requested checkpoint (max_wal_size reached or CHECKPOINT)",
                    "VACUUM of stock1")
                : List.of();
    List<String> lines = StabilityLines.render(s, 1200, named).lines().toList();
    assertEquals(
        List.of(
            "    dip at 4m00s for 1m00s: down to 50.0 tps, 50.0% below 100.0; server: a requested"
                + " checkpoint (max_wal_size reached or CHECKPOINT), VACUUM of stock1",
            "    dip at 12m00s for 1m00s: down to 50.0 tps, 50.0% below 100.0; no server cause"
                + " found"),
        lines.subList(1, 3));
  }

  @Test
  void theTrendIsTheDriftOverTheWindowsTime() {
    List<StabilityWindow> rising = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rising.add(new StabilityWindow(i * 60, 60, (100 + i) * 60L, 5, 10));
    }
    // +1 tps a minute on a mean of 104.5: 600 s x 1/60 tps/s = +9.57 % of the mean
    String text = StabilityLines.render(Stability.of(rising), 600, DipCauses.NONE);
    assertEquals(true, text.contains("trend over the run tps +9.6%, p99 +0.0%"), text);
  }

  @Test
  void aRunShorterThanFiveMinutesHasNoLines() {
    assertEquals("", StabilityLines.render(windows(10), 299, DipCauses.NONE));
    assertEquals("", StabilityLines.render(Stability.NONE, 3600, DipCauses.NONE));
  }

  @Test
  void durationsReadAsHoursMinutesAndSeconds() {
    assertEquals("45s", StabilityLines.duration(45));
    assertEquals("8m32s", StabilityLines.duration(512));
    assertEquals("3h10m00s", StabilityLines.duration(3 * 3600 + 600));
  }
}
