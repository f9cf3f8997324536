package org.tpccpg.driver.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Which drivers' results merge, and the one-line refusals of those that do not. */
class MergeRefusalTest {
  private static final Instant T0 = Instant.parse("2026-12-01T03:00:00Z");

  /**
   * A driver of {@code intervals} 1 s intervals, the first ending {@code offsetMillis} after T0.
   */
  private static DriverResult driver(
      String name, String range, int intervals, long offsetMillis, Map<String, Object> changes) {
    return driver(name, range, intervals, offsetMillis, 1_000, Map.of(), changes);
  }

  /**
   * The same, its intervals' ends {@code spacingMillis} apart by the clock, those of {@code
   * lateMillis}' keys ending that much late.
   */
  private static DriverResult driver(
      String name,
      String range,
      int intervals,
      long offsetMillis,
      long spacingMillis,
      Map<Integer, Long> lateMillis,
      Map<String, Object> changes) {
    Map<String, Object> config = new HashMap<>();
    config.put("tables", 1.0);
    config.put("scale", 4.0);
    config.put("sysbench_compat", false);
    config.put("percentile", 95.0);
    config.put("report_interval_seconds", 1.0);
    config.put("purge", false);
    config.put("data_set_loaded_at", "2026-11-30T00:00:00Z");
    config.put("data_set_seed", 42.0);
    config.put("home_warehouses", range);
    config.putAll(changes);
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("workload", changes.getOrDefault("workload", "tpcc"));
    summary.put("started", T0.minusSeconds(1).plusMillis(offsetMillis).toString());
    summary.put("config", config);
    summary.put("kinds", Map.of("new_order", Map.of()));
    List<Map<String, Object>> lines = new ArrayList<>();
    List<Histogram> histograms = new ArrayList<>();
    for (int i = 0; i < intervals; i++) {
      lines.add(
          Map.of(
              "time",
              T0.plusMillis(offsetMillis + i * spacingMillis + lateMillis.getOrDefault(i, 0L))
                  .toString(),
              "interval_s",
              1.0));
      histograms.add(new Histogram(3));
    }
    return new DriverResult(Path.of(name), summary, lines, Map.of("new_order", histograms));
  }

  private static DriverResult driver(String name, String range) {
    return driver(name, range, 10, 0, Map.of());
  }

  private static String refusal(DriverResult... drivers) {
    MergeRefused e =
        assertThrows(
            MergeRefused.class,
            () -> {
              ShapeCheck.require(List.of(drivers));
              Alignment.of(List.of(drivers));
            });
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    return e.getMessage();
  }

  @Test
  void driversOfOneRunLineUpFromTheirFirstCommonInterval() throws Exception {
    DriverResult early = driver("a", "1-2", 10, 0, Map.of());
    DriverResult late = driver("b", "3-4", 9, 1_400, Map.of());
    ShapeCheck.require(List.of(early, late));
    Alignment alignment = Alignment.of(List.of(early, late));
    assertEquals(List.of(1, 0), alignment.first());
    assertEquals(9, alignment.count());
  }

  /** A busy driver machine read one interval's counters 0.8 s late; its next line is on time. */
  @Test
  void oneLateLineIsMergedNotRefused() throws Exception {
    DriverResult onTime = driver("a", "1-2");
    DriverResult oneLate = driver("b", "3-4", 10, 0, 1_000, Map.of(3, 800L), Map.of());
    ShapeCheck.require(List.of(onTime, oneLate));
    Alignment alignment = Alignment.of(List.of(onTime, oneLate));
    assertEquals(List.of(0, 0), alignment.first());
    assertEquals(10, alignment.count());
  }

  /**
   * A driver whose first interval is a sliver (its warm-up ended late on a busy machine, 0.09 s
   * before the grid's first tick) still pairs by half a whole interval, not half the sliver.
   */
  @Test
  void aShortFirstIntervalDoesNotNarrowThePairing() throws Exception {
    DriverResult onTime = driver("a", "1-2");
    DriverResult sliver = driver("b", "3-4", 10, 300, Map.of());
    List<Map<String, Object>> lines = new ArrayList<>(sliver.intervals());
    Map<String, Object> first = new HashMap<>(lines.get(0));
    first.put("interval_s", 0.09);
    lines.set(0, first);
    sliver = new DriverResult(sliver.directory(), sliver.summary(), lines, sliver.histograms());
    Alignment alignment = Alignment.of(List.of(sliver, onTime));
    assertEquals(List.of(0, 0), alignment.first());
    assertEquals(10, alignment.count());
  }

  @Test
  void twoLateLinesInARowOrOneAWholeIntervalLateAreDrift() {
    String twoInARow =
        refusal(
            driver("a", "1-2"),
            driver("b", "3-4", 10, 0, 1_000, Map.of(3, 600L, 4, 600L), Map.of()));
    assertTrue(twoInARow.contains("interval 5 of the common window"), twoInARow);
    String wholeInterval =
        refusal(driver("a", "1-2"), driver("b", "3-4", 10, 0, 1_000, Map.of(3, 1_000L), Map.of()));
    assertTrue(wholeInterval.contains("interval 4 of the common window"), wholeInterval);
  }

  @Test
  void overlappingRangesAreRefused() {
    String message = refusal(driver("a", "1-3"), driver("b", "3-4"));
    assertTrue(message.contains("which overlap"), message);
  }

  @Test
  void anotherDataSetOrAnotherScaleIsRefusedNamingTheMember() {
    String seed =
        refusal(driver("a", "1-2"), driver("b", "3-4", 10, 0, Map.of("data_set_seed", 7.0)));
    assertTrue(seed.contains("data_set_seed is 42 in a but 7 in b (not the same data set)"), seed);
    String scale = refusal(driver("a", "1-2"), driver("b", "3-4", 10, 0, Map.of("scale", 8.0)));
    assertTrue(scale.contains("scale is 4 in a but 8 in b"), scale);
  }

  @Test
  void aTpcbRunIsRefused() {
    String message =
        refusal(driver("a", "1-2"), driver("b", "3-4", 10, 0, Map.of("workload", "tpcb")));
    assertTrue(message.contains("b is a tpcb run"), message);
  }

  @Test
  void windowsThatDoNotLineUpAreRefused() {
    String drifting =
        refusal(driver("a", "1-2"), driver("b", "3-4", 10, 0, 1_200, Map.of(), Map.of()));
    assertTrue(drifting.contains("drift apart"), drifting);
    String short_ =
        refusal(driver("a", "1-2", 10, 0, Map.of()), driver("b", "3-4", 4, 0, Map.of()));
    assertTrue(short_.contains("less than half of the 10 of a"), short_);
    String apart =
        refusal(driver("a", "1-2", 10, 0, Map.of()), driver("b", "3-4", 10, 20_000, Map.of()));
    assertTrue(apart.contains("the windows do not fit"), apart);
  }
}
