package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.TpccMix;
import org.tpccpg.driver.metrics.TpmC;

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

  /** Spec mode's delivery_deferred is longer than the column: the column widens for every row. */
  @Test
  void aTypeNameLongerThanTheColumnWidensItAndTheFiguresStayAligned() {
    Histogram latencies = new Histogram(3);
    latencies.recordValue(2_000);
    List<TypeRow> rows =
        List.of(
            new TypeRow("new_order", 1203, 0, 0, 15, 36.57, latencies),
            new TypeRow("delivery_deferred", 120, 0, 0, 0, 71.0, latencies));
    TypeRow total = new TypeRow("total", 1323, 0, 0, 15, 40.0, latencies);
    Map<TransactionType, Double> shares = new EnumMap<>(TransactionType.class);
    for (TransactionType type : TransactionType.values()) {
      shares.put(type, 20.0);
    }
    String text =
        TransactionTable.render(
            rows, total, new TpmC(100, 200, Double.NaN), new TpccMix(shares, shares), 0, 0);
    List<String> table = text.lines().skip(1).takeWhile(line -> !line.isEmpty()).toList();
    assertEquals(4, table.size(), text);
    assertEquals(
        "    type                   count  share %   errors  failed rollbacks    avg ms    p50 ms"
            + "    p90 ms    p95 ms    p99 ms    max ms trips/txn",
        table.get(0));
    assertEquals(
        "    delivery_deferred        120     9.07        0       0         0      2.00      2.00"
            + "      2.00      2.00      2.00      2.00     71.00",
        table.get(2));
    for (String line : table) {
      assertEquals(table.get(0).length(), line.length(), "aligned: " + line);
    }
  }
}
