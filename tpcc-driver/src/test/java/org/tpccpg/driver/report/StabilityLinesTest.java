package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
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
        StabilityLines.render(windows(10), 600));
  }

  @Test
  void eachDipHasALineWithItsStartLengthAndDepth() {
    String text = StabilityLines.render(windows(10, 4, 5), 600);
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
  void theTrendIsTheDriftOverTheWindowsTime() {
    List<StabilityWindow> rising = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      rising.add(new StabilityWindow(i * 60, 60, (100 + i) * 60L, 5, 10));
    }
    // +1 tps a minute on a mean of 104.5: 600 s x 1/60 tps/s = +9.57 % of the mean
    String text = StabilityLines.render(Stability.of(rising), 600);
    assertEquals(true, text.contains("trend over the run tps +9.6%, p99 +0.0%"), text);
  }

  @Test
  void aRunShorterThanFiveMinutesHasNoLines() {
    assertEquals("", StabilityLines.render(windows(10), 299));
    assertEquals("", StabilityLines.render(Stability.NONE, 3600));
  }

  @Test
  void durationsReadAsHoursMinutesAndSeconds() {
    assertEquals("45s", StabilityLines.duration(45));
    assertEquals("8m32s", StabilityLines.duration(512));
    assertEquals("3h10m00s", StabilityLines.duration(3 * 3600 + 600));
  }
}
