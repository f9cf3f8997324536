package org.tpccpg.core.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.jdbc.SetSql;

class TransactionRulesTest {
  @Test
  void byNameTakesTheMiddleRowByDefaultAndSysbenchsRowInCompatibility() {
    int[] tpcc = {0, 1, 1, 2, 2, 3, 3};
    int[] sysbench = {0, 1, 2, 3, 3, 4, 4};
    for (int n = 1; n <= 6; n++) {
      assertEquals(tpcc[n], CustomerByName.row(n, false), "n = " + n);
      assertEquals(sysbench[n], CustomerByName.row(n, true), "n = " + n);
    }
  }

  @Test
  void stockIsRestockedBelowTenMoreThanOrderedByDefaultAndAtOrBelowItInCompatibility() {
    assertEquals(10, OrderLines.newQuantity(15, 5, false));
    assertEquals(100, OrderLines.newQuantity(14, 5, false));
    assertEquals(9, OrderLines.newQuantity(14, 5, true));
    assertEquals(91, OrderLines.newQuantity(5, 5, true));
  }

  @Test
  void orderLineAmountIsQuantityTimesPriceByDefaultAndTruncatedWithTaxesInCompatibility() {
    assertEquals(new BigDecimal("123.45"), OrderLines.amount(5, 2469, 10, 15, false));
    // 5 * 24.69 * 1.15 * 0.90 = 127.771..., truncated to 127.
    assertEquals(new BigDecimal("127"), OrderLines.amount(5, 2469, 10, 15, true));
  }

  @Test
  void badCreditDataFollowsSysbenchsFormatAndIsCutTo500Characters() {
    PaymentInput in = new PaymentInput(1, 3, 4, 5, 6, false, 77, "BARBARBAR", 123_456);
    String data =
        PaymentCustomer.customerData(
            in, 77, new BigDecimal("1234.56"), 1_700_000_000L, "x".repeat(480));
    assertEquals(500, data.length());
    assertEquals("|   77  6    5  4    3 $1234.56   1700000000 xx", data.substring(0, 47));
    assertEquals(
        "| " + "  77  6    5  4    3 $  10.00   1700000000" + " " + " ".repeat(22) + "ab",
        PaymentCustomer.customerData(in, 77, new BigDecimal("10.00"), 1_700_000_000L, "ab"));
  }

  @Test
  void historyDataPadsBothNamesToTenCharacters() {
    assertEquals("    ware-1     dist-2   ", Payment.historyData("ware-1", "dist-2"));
  }

  @Test
  void statementsAreRenderedPerTableSetAndRejectOthers() {
    SetSql sql = new SetSql("SELECT 1 FROM item${set}", WorkloadShape.of(3, 1).tableSets());
    assertEquals("SELECT 1 FROM item3", sql.of(3));
    assertEquals(
        "tableSet must be in 1..3 but was 4",
        assertThrows(IllegalArgumentException.class, () -> sql.of(4)).getMessage());
  }
}
