package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TransactionTableTest {
  @Test
  void theTableListsActiveTypesThenTheTotalThenTpmCAndItsCaveat() {
    String expected =
        """
        Transactions by type:
            type              count  share %   errors rollbacks    avg ms    p50 ms    p90 ms\
            p95 ms    p99 ms    max ms
            new_order           450    45.00        3         5      8.00      8.00      8.00\
              8.00      8.00      8.00
            payment             500    50.00        9         0      1.00      1.00      1.00\
              1.00      1.00      1.00
            delivery             50     5.00        0         0     40.02     40.03     40.03\
             40.03     40.03     40.03
            total              1000   100.00       12         5      6.10      1.00      8.00\
              8.00     40.03     40.03

        tpmC: 444.99  tpmTotal: 994.98  efficiency: 1730.14%
        note: without keying and think times this is a TPC-C-like figure, not a TPC-C result\
         (TPC-C 5.4)
        """;
    assertEquals(
        expected, TransactionTable.render(RunTotalsFixture.run(), RunTotalsFixture.WAREHOUSES));
  }
}
