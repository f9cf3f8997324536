package org.tpccpg.driver.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.check.CheckScope;
import org.tpccpg.core.check.ConditionResult;
import org.tpccpg.core.check.ConsistencyCondition;

/** The probes' totals and line: all held, a probe that could not check, the first violation. */
class ProbeTotalsTest {
  private static ProbeResult held(CheckScope scope) {
    return new ProbeResult(
        scope,
        ConsistencyProbe.CONDITIONS.stream()
            .map(c -> new ConditionResult(c, ConditionResult.Outcome.PASSED, ""))
            .toList(),
        null);
  }

  @Test
  void probesThatAllHeldSaySo() {
    ProbeTotals totals = new ProbeTotals();
    totals.add(2, held(new CheckScope(1, 1, 10)));
    totals.add(4, held(new CheckScope(1, 11, 12)));
    totals.add(6, new ProbeResult(new CheckScope(1, 1, 10), List.of(), "connection lost"));
    assertFalse(totals.snapshot().violatedAny());
    assertEquals(
        Optional.of(
            "consistency during the run: 2 probes of conditions 1-4 (TPC-C 3.3.2.1-4) on 10"
                + " warehouses or fewer each, 1 could not check (connection lost): all held"),
        totals.snapshot().line());
  }

  @Test
  void theFirstViolationIsNamedWithWhenAndWhere() {
    ProbeTotals totals = new ProbeTotals();
    totals.add(2, held(new CheckScope(1, 1, 10)));
    ConditionResult broken =
        new ConditionResult(
            ConsistencyCondition.WAREHOUSE_YTD_IS_SUM_OF_DISTRICT_YTD,
            ConditionResult.Outcome.FAILED,
            "w_id=1");
    totals.add(4, new ProbeResult(new CheckScope(2, 1, 10), List.of(broken), null));
    totals.add(6, new ProbeResult(new CheckScope(2, 1, 10), List.of(broken), null));
    ProbeTotals.Snapshot s = totals.snapshot();
    assertTrue(s.violatedAny());
    assertEquals(2, s.violated());
    assertEquals(4, s.first().seconds());
    String line = s.line().orElseThrow();
    assertTrue(
        line.startsWith(
            "consistency during the run: 3 probes of conditions 1-4 (TPC-C 3.3.2.1-4) on 10"
                + " warehouses or fewer each: VIOLATED in 2; first at 4 s, table set 2 warehouses"
                + " 1-10: condition 1 ("),
        line);
    assertTrue(line.endsWith("), w_id=1"), line);
  }

  @Test
  void nothingProbedHasNoLine() {
    assertEquals(Optional.empty(), new ProbeTotals().snapshot().line());
  }
}
