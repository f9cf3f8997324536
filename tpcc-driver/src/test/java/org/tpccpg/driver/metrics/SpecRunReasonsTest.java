package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpecRunReasonsTest {
  private static final List<String> KINDS =
      List.of(
          "new_order", "payment", "order_status", "delivery", "stock_level", "delivery_deferred");
  private static final double WINDOW = SteadyState.WINDOW_SECONDS;
  private static final SpecVerdict MET =
      new SpecVerdict(List.of(new SpecVerdict.Constraint("x", "1 s", "<= 5 s", true)));
  private static final SpecVerdict MISSED =
      new SpecVerdict(List.of(new SpecVerdict.Constraint("x", "6 s", "<= 5 s", false)));

  private static List<String> codes(List<SpecReason> reasons) {
    return reasons.stream().map(SpecReason::code).toList();
  }

  private static SteadyState steady(int windows) {
    long[] counts = new long[windows];
    java.util.Arrays.fill(counts, 1000);
    return SteadyState.of(counts, windows * WINDOW);
  }

  @Test
  void twoHoursSteadyWithoutFailuresAndEveryConstraintMetGiveNoReason() {
    double twoHours = SpecRunReasons.MIN_INTERVAL_SECONDS;
    assertEquals(List.of(), SpecRunReasons.of(twoHours, steady(12), KINDS, new long[6], MET));
  }

  @Test
  void aShortIntervalNoSteadyStateFailuresAndMissedConstraintsAreEachNamed() {
    long[] failed = {0, 2, 0, 0, 0, 1};
    List<SpecReason> reasons = SpecRunReasons.of(300, steady(0), KINDS, failed, MISSED);
    assertEquals(
        List.of(
            SpecReason.INTERVAL,
            SpecReason.STEADY_STATE,
            SpecReason.FAILED,
            SpecReason.CONSTRAINTS),
        codes(reasons));
    assertTrue(
        reasons
            .get(2)
            .text()
            .startsWith(
                "3 transactions failed for good after their tries"
                    + " (payment 2, delivery_deferred 1"),
        reasons.get(2).text());
  }

  @Test
  void aDriftingTpmCOverTwoHoursIsAReasonOnItsOwn() {
    long[] counts = {1000, 1000, 1000, 1000, 1000, 1000, 900, 900, 900, 850, 850, 850};
    SteadyState drift = SteadyState.of(counts, 12 * WINDOW);
    assertEquals(
        List.of(SpecReason.STEADY_STATE),
        codes(SpecRunReasons.of(12 * WINDOW, drift, KINDS, new long[6], MET)));
  }

  @Test
  void noFailureGivesNoFailureSentence() {
    assertNull(SpecRunReasons.failures(KINDS, new long[6]));
  }
}
