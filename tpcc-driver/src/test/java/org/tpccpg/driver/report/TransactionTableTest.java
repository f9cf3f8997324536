package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class TransactionTableTest {
  @Test
  void
      theTableListsActiveTypesWithRoundTripsThenTheTotalThenTpmCTheMixSkippedDistrictsAndTheCaveat() {
    String expected =
        """
        Transactions by type:
            type              count  share %   errors  failed rollbacks    avg ms    p50 ms\
            p90 ms    p95 ms    p99 ms    max ms trips/txn
            new_order           450    45.00        3       0         5      8.00      8.00\
              8.00      8.00      8.00      8.00      0.00
            payment             500    50.00        9       0         0      1.00      1.00\
              1.00      1.00      1.00      1.00      0.00
            delivery             50     5.00        0       0         0     40.02     40.03\
             40.03     40.03     40.03     40.03      2.00
            total              1000   100.00       12       0         5      6.10      1.00\
              8.00      8.00     40.03     40.03      0.10

        tpmC: 449.99  tpmTotal: 999.98  efficiency: n/a (without keying and think times TPC-C\
         5.2.5.7's 12.86 tpmC per warehouse is no ceiling)
        mix (TPC-C 5.2.3): new_order 45.00 %, payment 50.00 % (>= 43), order_status 0.00 % (>= 4),\
         delivery 5.00 % (>= 4), stock_level 0.00 % (>= 4): BELOW a minimum; drawn mix within 0.00\
         points
        delivery: 20 of 500 districts skipped, no new order to deliver (4.00 %; above TPC-C\
         2.7.4.2's 1 %)
        note: without keying and think times this is a TPC-C-like figure, not a TPC-C result\
         (TPC-C 5.4)
        """;
    assertEquals(
        expected,
        TransactionTable.render(RunTotalsFixture.run(), RunTotalsFixture.WAREHOUSES, false));
  }

  /** summary.json lists them in one order on every run, as merge does (Map.of's varied per JVM). */
  @Test
  void deliveryCountsComeDeliveredFirstThenSkipped() {
    assertEquals(
        List.of(TransactionTable.DISTRICTS_DELIVERED, TransactionTable.DISTRICTS_SKIPPED),
        List.copyOf(TransactionTable.deliveryCounts(7, 1).keySet()));
    assertEquals(
        7L, TransactionTable.deliveryCounts(7, 1).get(TransactionTable.DISTRICTS_DELIVERED));
  }
}
