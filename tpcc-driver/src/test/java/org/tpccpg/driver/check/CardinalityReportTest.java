package org.tpccpg.driver.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.check.Cardinality;
import org.tpccpg.core.check.ConditionResult.Outcome;

class CardinalityReportTest {
  private static String print(List<CardinalitySummary> summaries, boolean[] held) {
    StringWriter text = new StringWriter();
    held[0] = CheckReport.printCardinalities(summaries, new PrintWriter(text));
    return text.toString();
  }

  @Test
  void aFailureNamesTableKeyAndCountAndStopsTheCheck() {
    boolean[] held = new boolean[1];
    String out =
        print(
            List.of(
                new CardinalitySummary(Cardinality.WAREHOUSES, Outcome.PASSED, "", ""),
                new CardinalitySummary(
                    Cardinality.CUSTOMERS,
                    Outcome.FAILED,
                    "customer1 w_id=1 d_id=3: 1500 rows, expected 3000",
                    ""),
                new CardinalitySummary(
                    Cardinality.ORDERS, Outcome.SKIPPED, "", "sysbench's purge deletes these")),
            held);
    assertFalse(held[0]);
    List<String> lines = out.lines().toList();
    assertEquals(
        "[C1] PASSED  TPC-C 4.3.3.1: W WAREHOUSE rows per table set, w_id 1..W", lines.get(0));
    assertEquals(
        "[C3] FAILED  TPC-C 4.3.3.1: 3,000 CUSTOMER rows per district; first offenders:"
            + " customer1 w_id=1 d_id=3: 1500 rows, expected 3000",
        lines.get(1));
    assertTrue(lines.get(2).startsWith("[C5] SKIPPED TPC-C 4.3.3.1: at least 3,000 ORDER rows"));
    assertTrue(lines.get(2).endsWith("(sysbench's purge deletes these)"), lines.get(2));
    assertTrue(lines.get(3).startsWith("check: FAILED: the data set does not have the rows"));
    assertTrue(lines.get(3).contains("(cardinality C3)"), lines.get(3));
  }

  @Test
  void whenAllHoldThereIsNoVerdictLineYet() {
    boolean[] held = new boolean[1];
    String out =
        print(List.of(new CardinalitySummary(Cardinality.STOCK, Outcome.PASSED, "", "")), held);
    assertTrue(held[0]);
    assertEquals(1, out.lines().count(), out);
  }
}
