package org.tpccpg.core.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tpccpg.core.load.CopyRows.aString;
import static org.tpccpg.core.load.CopyRows.cents;
import static org.tpccpg.core.load.CopyRows.intIn;
import static org.tpccpg.core.load.TpccDataGeneratorTest.NOW;
import static org.tpccpg.core.load.TpccDataGeneratorTest.SEED;
import static org.tpccpg.core.load.TpccDataGeneratorTest.generator;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.schema.TpccTable;

class TpccDataGeneratorOrdersTest {
  private final CopyTextBuffer orders = new CopyTextBuffer();
  private final CopyTextBuffer orderLines = new CopyTextBuffer();
  private final CopyTextBuffer newOrders = new CopyTextBuffer();
  private int lineCount;

  @BeforeEach
  void generateDistrictSixOfWarehouseTwo() {
    lineCount = generator(SEED).orders(2, 6, orders, orderLines, newOrders);
  }

  @Test
  void orderCustomersArePermutationOf1To3000() {
    List<String[]> rows = CopyRows.of(orders, TpccTable.ORDERS.columnCount());
    assertEquals(3000, rows.size());
    int[] customers = rows.stream().mapToInt(row -> Integer.parseInt(row[3])).toArray();
    int[] sorted = customers.clone();
    Arrays.sort(sorted);
    int[] expected = new int[3000];
    Arrays.setAll(expected, i -> i + 1);
    assertArrayEquals(expected, sorted);
    assertFalse(Arrays.equals(expected, customers), "o_c_id must be shuffled");
  }

  @Test
  void ordersBelow2101AreDeliveredTheRestAreNot() {
    List<String[]> rows = CopyRows.of(orders, TpccTable.ORDERS.columnCount());
    for (int o = 1; o <= 3000; o++) {
      String[] row = rows.get(o - 1);
      assertEquals(
          List.of(String.valueOf(o), "6", "2", NOW), List.of(row[0], row[1], row[2], row[4]));
      if (o < 2101) {
        intIn(row[5], 1, 10);
      } else {
        assertEquals("\\N", row[5], "o_carrier_id of undelivered order " + o);
      }
      intIn(row[6], 5, 15);
      assertEquals("1", row[7]);
    }
  }

  @Test
  void exactly900NewOrdersFor2101To3000() {
    List<String[]> rows = CopyRows.of(newOrders, TpccTable.NEW_ORDERS.columnCount());
    assertEquals(900, rows.size());
    for (int i = 0; i < 900; i++) {
      assertArrayEquals(new String[] {String.valueOf(2101 + i), "6", "2"}, rows.get(i));
    }
  }

  @Test
  void orderLineCountsMatchOlCntAndTheReturnedTotal() {
    List<String[]> orderRows = CopyRows.of(orders, TpccTable.ORDERS.columnCount());
    List<String[]> lineRows = CopyRows.of(orderLines, TpccTable.ORDER_LINE.columnCount());
    assertEquals(lineCount, lineRows.size());
    int[] linesPerOrder = new int[3001];
    for (String[] line : lineRows) {
      int o = Integer.parseInt(line[0]);
      linesPerOrder[o]++;
      assertEquals(String.valueOf(linesPerOrder[o]), line[3], "ol_number runs 1..o_ol_cnt");
    }
    int total = 0;
    for (String[] order : orderRows) {
      int olCnt = Integer.parseInt(order[6]);
      assertEquals(olCnt, linesPerOrder[Integer.parseInt(order[0])], "lines of order " + order[0]);
      total += olCnt;
    }
    assertEquals(total, lineCount);
  }

  @Test
  void orderLinesOfDeliveredOrdersHaveDateAndZeroAmount() {
    for (String[] line : CopyRows.of(orderLines, TpccTable.ORDER_LINE.columnCount())) {
      boolean delivered = Integer.parseInt(line[0]) < 2101;
      assertEquals(List.of("6", "2"), List.of(line[1], line[2]));
      intIn(line[4], 1, 100_000);
      assertEquals(List.of("2", "5"), List.of(line[5], line[7]));
      long amount = cents(line[8]);
      if (delivered) {
        assertEquals(List.of(NOW, "0.00"), List.of(line[6], line[8]));
      } else {
        assertEquals("\\N", line[6]);
        assertTrue(amount >= 1 && amount <= 999_999, () -> "ol_amount " + line[8]);
      }
      aString(line[9], 24, 24);
    }
  }

  @Test
  void eachDistrictGetsItsOwnPermutation() {
    TpccDataGenerator gen = generator(SEED + 1);
    CopyTextBuffer first = new CopyTextBuffer();
    CopyTextBuffer second = new CopyTextBuffer();
    gen.orders(2, 6, first, new CopyTextBuffer(), new CopyTextBuffer());
    gen.orders(2, 7, second, new CopyTextBuffer(), new CopyTextBuffer());
    List<String[]> a = CopyRows.of(first, TpccTable.ORDERS.columnCount());
    List<String[]> b = CopyRows.of(second, TpccTable.ORDERS.columnCount());
    long same = IntStream.range(0, 3000).filter(i -> a.get(i)[3].equals(b.get(i)[3])).count();
    assertTrue(same < 30, () -> same + " of 3000 o_c_id values coincide");
  }

  @Test
  void rejectsOneBufferForTwoTables() {
    CopyTextBuffer shared = new CopyTextBuffer();
    assertThrows(
        IllegalArgumentException.class,
        () -> generator(SEED).orders(1, 1, shared, shared, new CopyTextBuffer()));
  }
}
