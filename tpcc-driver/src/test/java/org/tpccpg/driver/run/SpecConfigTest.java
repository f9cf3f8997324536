package org.tpccpg.driver.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.TerminalTimes;

class SpecConfigTest {
  @Test
  void theSpecifiedSettingsGiveNoReasonAndTenTerminalsPerWarehouse() {
    SpecConfig specified = SpecConfig.specified(7);
    assertEquals(List.of(), specified.notTpccReasons());
    assertEquals(70, specified.terminals());
  }

  @Test
  void multipliersTestWarehousesAndTightenedLimitsAreEachAReasonNotToCallItTpcC() {
    SpecConfig test =
        new SpecConfig(
            new TerminalTimes(0.02, 1), 1000, 2, 1, List.of(0.001, 5.0, 5.0, 5.0, 20.0, 80.0));
    List<String> reasons = test.notTpccReasons();
    assertEquals(3, reasons.size(), reasons.toString());
    assertTrue(reasons.get(0).startsWith("keying multiplier 0.02 and think multiplier 1.0"));
    assertTrue(reasons.get(1).startsWith("1000 warehouses' terminals over a data set of 2"));
    assertTrue(reasons.get(2).startsWith("response-time limits [0.001, 5.0"));
    assertEquals(10_000, test.terminals());
  }

  @Test
  void badSettingsAreRefusedNamingTheField() {
    TerminalTimes t = TerminalTimes.SPECIFIED;
    List<Double> limits = SpecConfig.SPECIFIED_LIMITS;
    assertEquals(
        "warehouses must be in 1..32767 but was 0",
        assertThrows(IllegalArgumentException.class, () -> new SpecConfig(t, 0, 1, 1, limits))
            .getMessage());
    assertEquals(
        "deliveryExecutors must be >= 1 but was 0",
        assertThrows(IllegalArgumentException.class, () -> new SpecConfig(t, 1, 1, 0, limits))
            .getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> new SpecConfig(t, 1, 1, 1, List.of(5.0, 5.0)));
  }
}
