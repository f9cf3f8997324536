package org.tpccpg.driver.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SpecRunLimitsTest {
  @Test
  void timeZeroRunsUntilStoppedInsteadOfEndingWithTheRampUp() {
    assertEquals(0, SpecRun.engineSeconds(0, 30), "--time=0 --warmup-time=30: no limit");
    assertEquals(0, SpecRun.engineSeconds(0, 0));
    assertEquals(90, SpecRun.engineSeconds(60, 30), "ramp-up plus measurement interval");
  }

  @Test
  void aDeferredDeliveryGetsAtLeastTenTriesAndNoLimitStaysNoLimit() {
    assertEquals(SpecRun.DEFERRED_MIN_TRIES, SpecRun.deferredTries(1));
    assertEquals(10, SpecRun.DEFERRED_MIN_TRIES);
    assertEquals(25, SpecRun.deferredTries(25));
    assertEquals(0, SpecRun.deferredTries(0));
  }
}
