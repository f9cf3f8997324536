package org.tpccpg.core.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tpccpg.core.load.CopyRows.aString;
import static org.tpccpg.core.load.CopyRows.cents;
import static org.tpccpg.core.load.CopyRows.intIn;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.schema.TpccTable;

class TpccDataGeneratorTest {
  static final String NOW = "2026-11-30 10:00:00";
  static final long SEED = 42L;
  static final NuRandConstants LOAD_C = new NuRandConstants(157, 300, 4000);

  static TpccDataGenerator generator(long seed) {
    return new TpccDataGenerator(new TpccRandom(seed, LOAD_C), NOW);
  }

  @Test
  void warehouseRowHasSpecValues() {
    CopyTextBuffer buf = new CopyTextBuffer();
    generator(SEED).warehouse(7, buf);
    String[] row = CopyRows.of(buf, TpccTable.WAREHOUSE.columnCount()).get(0);
    assertEquals("7", row[0]);
    aString(row[1], 6, 10);
    assertAddress(row, 2);
    assertTrue(cents(row[7]) >= 0 && cents(row[7]) <= 20, () -> "w_tax " + row[7]);
    assertEquals("300000.00", row[8]);
  }

  @Test
  void districtsAreTenWithNextOrderId3001() {
    CopyTextBuffer buf = new CopyTextBuffer();
    generator(SEED).districts(3, buf);
    List<String[]> rows = CopyRows.of(buf, TpccTable.DISTRICT.columnCount());
    assertEquals(10, rows.size());
    for (int d = 1; d <= 10; d++) {
      String[] row = rows.get(d - 1);
      assertEquals(List.of(String.valueOf(d), "3"), List.of(row[0], row[1]));
      aString(row[2], 6, 10);
      assertAddress(row, 3);
      assertTrue(cents(row[8]) >= 0 && cents(row[8]) <= 20, () -> "d_tax " + row[8]);
      assertEquals(List.of("30000.00", "3001"), List.of(row[9], row[10]));
    }
  }

  @Test
  void customersFollowTheSpecAndTenPercentHaveBadCredit() {
    TpccDataGenerator gen = generator(SEED);
    CopyTextBuffer buf = new CopyTextBuffer();
    int badCredit = 0;
    for (int d = 1; d <= 10; d++) {
      buf.clear();
      gen.customers(1, d, buf);
      List<String[]> rows = CopyRows.of(buf, TpccTable.CUSTOMER.columnCount());
      assertEquals(3000, rows.size());
      for (int c = 1; c <= 3000; c++) {
        String[] row = rows.get(c - 1);
        if (d == 1) {
          assertCustomer(row, c, d);
        }
        badCredit += row[13].equals("BC") ? 1 : 0;
      }
    }
    double share = badCredit / 30_000.0;
    assertEquals(0.10, share, 0.01, () -> "BC share " + share);
  }

  @Test
  void customerLastNamesAreSequentialThenNonUniform() {
    CopyTextBuffer buf = new CopyTextBuffer();
    generator(SEED).customers(1, 1, buf);
    List<String[]> rows = CopyRows.of(buf, TpccTable.CUSTOMER.columnCount());
    assertEquals("BARBARBAR", rows.get(0)[5]);
    assertEquals("PRICALLYOUGHT", rows.get(371)[5]);
    assertEquals("EINGEINGEING", rows.get(999)[5]);
    Map<String, Integer> counts = new HashMap<>();
    rows.subList(1000, 3000).forEach(row -> counts.merge(row[5], 1, Integer::sum));
    int max = counts.values().stream().max(Integer::compare).orElseThrow();
    // 2000 uniform draws over 1000 names would rarely give any name more than 8 times.
    assertTrue(max >= 10, () -> "most frequent last name only " + max);
  }

  @Test
  void historyHasOneTenDollarRowPerCustomer() {
    CopyTextBuffer buf = new CopyTextBuffer();
    generator(SEED).history(2, 5, buf);
    List<String[]> rows = CopyRows.of(buf, TpccTable.HISTORY.columnCount());
    assertEquals(3000, rows.size());
    for (int c = 1; c <= 3000; c++) {
      String[] row = rows.get(c - 1);
      String[] keys = {String.valueOf(c), "5", "2", "5", "2", NOW, "10.00"};
      assertArrayEquals(keys, Arrays.copyOf(row, 7));
      aString(row[7], 12, 24);
    }
  }

  @Test
  void stockRowsFollowTheSpecAndTenPercentAreOriginal() {
    CopyTextBuffer buf = new CopyTextBuffer();
    generator(SEED).stock(4, 1, 20_000, buf);
    List<String[]> rows = CopyRows.of(buf, TpccTable.STOCK.columnCount());
    assertEquals(20_000, rows.size());
    int original = 0;
    for (int i = 1; i <= 20_000; i++) {
      String[] row = rows.get(i - 1);
      assertEquals(List.of(String.valueOf(i), "4"), List.of(row[0], row[1]));
      intIn(row[2], 10, 100);
      for (int dist = 3; dist <= 12; dist++) {
        aString(row[dist], 24, 24);
      }
      assertEquals(List.of("0", "0", "0"), List.of(row[13], row[14], row[15]));
      aString(row[16], 26, 50);
      original += row[16].contains("ORIGINAL") ? 1 : 0;
    }
    double share = original / 20_000.0;
    assertEquals(0.10, share, 0.01, () -> "ORIGINAL share in s_data " + share);
  }

  @Test
  void itemRowsFollowTheSpecAndTenPercentAreOriginal() {
    CopyTextBuffer buf = new CopyTextBuffer();
    generator(SEED).items(80_001, 100_000, buf);
    List<String[]> rows = CopyRows.of(buf, TpccTable.ITEM.columnCount());
    assertEquals(20_000, rows.size());
    int original = 0;
    for (int i = 0; i < 20_000; i++) {
      String[] row = rows.get(i);
      assertEquals(String.valueOf(80_001 + i), row[0]);
      intIn(row[1], 1, 10_000);
      aString(row[2], 14, 24);
      long price = cents(row[3]);
      assertTrue(price >= 100 && price <= 10_000, () -> "i_price " + row[3]);
      aString(row[4], 26, 50);
      original += row[4].contains("ORIGINAL") ? 1 : 0;
    }
    double share = original / 20_000.0;
    assertEquals(0.10, share, 0.01, () -> "ORIGINAL share in i_data " + share);
  }

  @Test
  void rejectsBadArguments() {
    TpccDataGenerator gen = generator(SEED);
    CopyTextBuffer buf = new CopyTextBuffer();
    assertThrows(IllegalArgumentException.class, () -> gen.items(0, 10, buf));
    assertThrows(IllegalArgumentException.class, () -> gen.items(5, 4, buf));
    assertThrows(IllegalArgumentException.class, () -> gen.stock(1, 1, 100_001, buf));
    assertThrows(IllegalArgumentException.class, () -> gen.warehouse(0, buf));
    assertThrows(IllegalArgumentException.class, () -> gen.customers(1, 11, buf));
    assertThrows(IllegalArgumentException.class, () -> gen.history(32_768, 1, buf));
    assertEquals(0, buf.length(), "nothing written on bad arguments");
    TpccRandom r = new TpccRandom(1, LOAD_C);
    assertThrows(IllegalArgumentException.class, () -> new TpccDataGenerator(r, "2026-11-30"));
    assertThrows(IllegalArgumentException.class, () -> new TpccDataGenerator(r, NOW + "\t"));
  }

  @Test
  void customersNeedTheLoadNuRandConstants() {
    TpccDataGenerator gen = new TpccDataGenerator(new TpccRandom(SEED), NOW);
    assertThrows(IllegalStateException.class, () -> gen.customers(1, 1, new CopyTextBuffer()));
  }

  @Test
  void sameSeedGivesIdenticalBytes() {
    assertArrayEquals(warehouseUnit(SEED, 1), warehouseUnit(SEED, 1));
  }

  @Test
  void differentSetOrWarehouseSeedsGiveDifferentBytes() {
    long set1 = TpccRandom.mix(SEED, 1, 1);
    long set2 = TpccRandom.mix(SEED, 2, 1);
    long otherWarehouse = TpccRandom.mix(SEED, 1, 2);
    // Same warehouse number in the rows, so only the random values can differ.
    assertFalse(Arrays.equals(warehouseUnit(set1, 1), warehouseUnit(set2, 1)));
    assertFalse(Arrays.equals(warehouseUnit(set1, 1), warehouseUnit(otherWarehouse, 1)));
  }

  private static byte[] warehouseUnit(long seed, int w) {
    TpccDataGenerator gen = generator(seed);
    CopyTextBuffer buf = new CopyTextBuffer();
    gen.warehouse(w, buf);
    gen.districts(w, buf);
    gen.customers(w, 1, buf);
    gen.items(1, 100, buf);
    return Arrays.copyOf(buf.array(), buf.length());
  }

  private static void assertAddress(String[] row, int first) {
    aString(row[first], 10, 20);
    aString(row[first + 1], 10, 20);
    aString(row[first + 2], 10, 20);
    aString(row[first + 3], 2, 2);
    assertTrue(row[first + 4].matches("\\d{4}11111"), () -> "zip " + row[first + 4]);
  }

  private static void assertCustomer(String[] row, int c, int d) {
    assertEquals(List.of(String.valueOf(c), String.valueOf(d), "1"), List.of(row).subList(0, 3));
    aString(row[3], 8, 16);
    assertEquals("OE", row[4]);
    assertTrue(row[5].matches("[A-Z]{9,15}"), () -> "c_last " + row[5]);
    assertAddress(row, 6);
    assertTrue(row[11].matches("\\d{16}"), () -> "c_phone " + row[11]);
    assertEquals(NOW, row[12]);
    assertTrue(row[13].equals("GC") || row[13].equals("BC"), () -> "c_credit " + row[13]);
    assertEquals("50000", row[14]);
    assertTrue(cents(row[15]) >= 0 && cents(row[15]) <= 50, () -> "c_discount " + row[15]);
    List<String> fixed = List.of("-10.00", "10.00", "1", "0");
    assertEquals(fixed, List.of(row).subList(16, 20));
    aString(row[20], 300, 500);
  }
}
