package org.tpccpg.driver.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.metrics.SpecReason;
import org.tpccpg.driver.spec.TerminalTimes;

class SpecConfigTest {
  private static final List<Double> LIMITS = SpecConfig.SPECIFIED_LIMITS;
  private static final long FLOOR = SpecConfig.RAMP_UP_FLOOR_SECONDS;

  private static SpecConfig.DataSet ours(int warehouses) {
    return new SpecConfig.DataSet(warehouses, 1, true, false);
  }

  private static List<String> codes(SpecConfig c) {
    return c.notTpccReasons().stream().map(SpecReason::code).toList();
  }

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
            new TerminalTimes(0.02, 1),
            1000,
            2,
            1,
            List.of(0.001, 5.0, 5.0, 5.0, 20.0, 80.0),
            FLOOR,
            ours(2));
    List<String> reasons = SpecReason.texts(test.notTpccReasons());
    assertEquals(3, reasons.size(), reasons.toString());
    assertTrue(reasons.get(0).startsWith("keying multiplier 0.02 and think multiplier 1.0"));
    assertTrue(reasons.get(1).startsWith("1000 warehouses' terminals over a data set of 2"));
    assertTrue(reasons.get(2).startsWith("response-time limits [0.001, 5.0"));
    assertEquals(
        List.of(SpecReason.TIMES, SpecReason.SPEC_WAREHOUSES, SpecReason.LIMITS), codes(test));
    assertEquals(10_000, test.terminals());
  }

  @Test
  void multipliersAboveOneAreAllowedAs5257SetsMinimumsButOneBelowIsAReason() {
    SpecConfig slower = new SpecConfig(new TerminalTimes(1.5, 2), 3, 3, 1, LIMITS, FLOOR, ours(3));
    assertEquals(List.of(), slower.notTpccReasons());
    SpecConfig fasterThink =
        new SpecConfig(new TerminalTimes(2, 0.99), 3, 3, 1, LIMITS, FLOOR, ours(3));
    assertEquals(List.of(SpecReason.TIMES), codes(fasterThink));
    assertTrue(
        fasterThink.notTpccReasons().get(0).text().contains("5.2.5.7 sets minimums"),
        fasterThink.notTpccReasons().toString());
  }

  @Test
  void aSysbenchTpccDataSetIsAReasonAsItsPopulationAndLoadCAreNotTpcCs() {
    SpecConfig onSysbench =
        new SpecConfig(
            TerminalTimes.SPECIFIED,
            4,
            4,
            1,
            LIMITS,
            FLOOR,
            new SpecConfig.DataSet(4, 1, false, false));
    assertEquals(List.of(SpecReason.DATA_SET), codes(onSysbench));
    assertTrue(onSysbench.notTpccReasons().get(0).text().contains("sysbench-tpcc"));
  }

  @Test
  void aDataSetThatSysbenchsPurgeChangedIsAReason() {
    SpecConfig purged =
        new SpecConfig(
            TerminalTimes.SPECIFIED,
            4,
            4,
            1,
            LIMITS,
            FLOOR,
            new SpecConfig.DataSet(4, 1, true, true));
    assertEquals(List.of(SpecReason.DATA_SET), codes(purged));
    assertTrue(purged.notTpccReasons().get(0).text().contains("purge"));
  }

  @Test
  void moreThanOneTableSetIsAReasonSayingRemoteWarehousesStayInsideASet() {
    SpecConfig twoSetsOfFive =
        new SpecConfig(
            TerminalTimes.SPECIFIED,
            10,
            10,
            1,
            LIMITS,
            FLOOR,
            new SpecConfig.DataSet(10, 2, true, false));
    assertEquals(List.of(SpecReason.TABLE_SETS), codes(twoSetsOfFive));
    assertTrue(
        twoSetsOfFive.notTpccReasons().get(0).text().contains("inside a set of 5 only"),
        twoSetsOfFive.notTpccReasons().toString());
    SpecConfig setsOfOne =
        new SpecConfig(
            TerminalTimes.SPECIFIED,
            3,
            3,
            1,
            LIMITS,
            FLOOR,
            new SpecConfig.DataSet(3, 3, true, false));
    assertTrue(
        setsOfOne.notTpccReasons().get(0).text().contains("no remote order line or Payment"),
        setsOfOne.notTpccReasons().toString());
  }

  @Test
  void aDriversRangeIsAReasonOnItsOwnNamingMergeForTheWholeRun() {
    // --warehouses=3-4 over a data set of 10: 2 home warehouses of 10
    SpecConfig share = new SpecConfig(TerminalTimes.SPECIFIED, 2, 2, 1, LIMITS, FLOOR, ours(10));
    assertEquals(List.of(SpecReason.RANGE), codes(share));
    assertTrue(share.notTpccReasons().get(0).text().contains("2 of the data set's 10"));
    assertTrue(share.notTpccReasons().get(0).text().contains("merge"));
    assertTrue(SpecReason.JUDGED_AGAIN_BY_MERGE.contains(SpecReason.RANGE));
  }

  @Test
  void aRampUpBelowTheFloorIsAReasonAndTheFloorItselfIsNot() {
    SpecConfig none = new SpecConfig(TerminalTimes.SPECIFIED, 1, 1, 1, LIMITS, 0, ours(1));
    assertEquals(List.of(SpecReason.RAMP_UP), codes(none));
    assertTrue(none.notTpccReasons().get(0).text().startsWith("a ramp-up of 0 s"));
    SpecConfig justShort =
        new SpecConfig(TerminalTimes.SPECIFIED, 1, 1, 1, LIMITS, FLOOR - 1, ours(1));
    assertEquals(List.of(SpecReason.RAMP_UP), codes(justShort));
    SpecConfig atFloor = new SpecConfig(TerminalTimes.SPECIFIED, 1, 1, 1, LIMITS, FLOOR, ours(1));
    assertEquals(List.of(), codes(atFloor));
  }

  @Test
  void badSettingsAreRefusedNamingTheField() {
    TerminalTimes t = TerminalTimes.SPECIFIED;
    SpecConfig.DataSet d = ours(1);
    assertEquals(
        "warehouses must be in 1..32767 but was 0",
        assertThrows(IllegalArgumentException.class, () -> new SpecConfig(t, 0, 1, 1, LIMITS, 0, d))
            .getMessage());
    assertEquals(
        "deliveryExecutors must be >= 1 but was 0",
        assertThrows(IllegalArgumentException.class, () -> new SpecConfig(t, 1, 1, 0, LIMITS, 0, d))
            .getMessage());
    assertEquals(
        "rampUpSeconds must be >= 0 but was -1",
        assertThrows(
                IllegalArgumentException.class, () -> new SpecConfig(t, 1, 1, 1, LIMITS, -1, d))
            .getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> new SpecConfig(t, 1, 1, 1, List.of(5.0, 5.0), 0, d));
  }
}
