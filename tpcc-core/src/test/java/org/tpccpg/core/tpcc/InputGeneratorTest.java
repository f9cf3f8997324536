package org.tpccpg.core.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tpccpg.core.spec.TpccConstants.UNUSED_ITEM_ID;

import org.junit.jupiter.api.Test;
import org.tpccpg.core.WarehouseRange;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;

class InputGeneratorTest {
  private static final NuRandConstants LOAD = new NuRandConstants(100, 200, 300);
  private static final int ORDERS = 100_000;

  private static InputGenerator generator(int warehouses, boolean compat) {
    NuRandConstants run = NuRandConstants.forRun(LOAD, new TpccRandom(7L));
    WorkloadShape shape = WorkloadShape.of(2, warehouses);
    return new InputGenerator(
        new TpccRandom(20261130L, run), compat ? shape.withSysbenchDeviations() : shape);
  }

  @Test
  void onePercentOfNewOrdersCarryTheUnusedItemOnTheLastLine() {
    InputGenerator g = generator(3, false);
    int withUnused = 0;
    for (int i = 0; i < ORDERS; i++) {
      NewOrderInput in = g.newOrder();
      if (in.hasUnusedItem()) {
        withUnused++;
        assertEquals(UNUSED_ITEM_ID, in.itemId(in.orderLineCount() - 1), in::toString);
      }
    }
    assertEquals(0.01, withUnused / (double) ORDERS, 0.002);
  }

  @Test
  void inSysbenchCompatibilityTheUnusedItemIsOnTheSecondToLastLine() {
    InputGenerator g = generator(3, true);
    int withUnused = 0;
    for (int i = 0; i < ORDERS; i++) {
      NewOrderInput in = g.newOrder();
      if (in.hasUnusedItem()) {
        withUnused++;
        assertEquals(UNUSED_ITEM_ID, in.itemId(in.orderLineCount() - 2), in::toString);
      }
    }
    assertEquals(0.01, withUnused / (double) ORDERS, 0.002);
  }

  @Test
  void onePercentOfOrderLinesComeFromAnotherWarehouseWhenThereAreSeveral() {
    InputGenerator g = generator(5, false);
    long lines = 0;
    long remote = 0;
    int[] perWarehouse = new int[6];
    for (int i = 0; i < ORDERS; i++) {
      NewOrderInput in = g.newOrder();
      boolean anyRemote = false;
      for (int l = 0; l < in.orderLineCount(); l++) {
        lines++;
        if (in.supplyWarehouseId(l) != in.warehouseId()) {
          remote++;
          anyRemote = true;
          perWarehouse[in.supplyWarehouseId(l)]++;
        }
      }
      assertEquals(!anyRemote, in.allLocal(), in::toString);
    }
    assertEquals(0.01, remote / (double) lines, 0.001);
    for (int w = 1; w <= 5; w++) {
      assertEquals(remote / 5.0, perWarehouse[w], remote * 0.05, "supplier " + w);
    }
  }

  @Test
  void noOrderLineIsRemoteWithOneWarehouseOrInSysbenchCompatibility() {
    InputGenerator single = generator(1, false);
    InputGenerator compat = generator(5, true);
    int notAllLocal = 0;
    for (int i = 0; i < ORDERS / 10; i++) {
      NewOrderInput one = single.newOrder();
      NewOrderInput sysbench = compat.newOrder();
      assertTrue(one.allLocal(), one::toString);
      for (int l = 0; l < sysbench.orderLineCount(); l++) {
        assertEquals(one.warehouseId(), one.supplyWarehouseId(Math.min(l, 4)));
        assertEquals(sysbench.warehouseId(), sysbench.supplyWarehouseId(l));
      }
      notAllLocal += sysbench.allLocal() ? 0 : 1;
    }
    // sysbench-tpcc still clears all_local on its 1% "remote" draw per line (about 10% of orders).
    assertTrue(notAllLocal > ORDERS / 10 / 20, "all_local=0 orders: " + notAllLocal);
  }

  @Test
  void defaultOrderLinesAreSortedByItemSoStockLocksComeInOneOrder() {
    InputGenerator g = generator(5, false);
    for (int i = 0; i < ORDERS / 10; i++) {
      NewOrderInput in = g.newOrder();
      for (int l = 1; l < in.orderLineCount(); l++) {
        assertTrue(in.itemId(l - 1) <= in.itemId(l), in::toString);
      }
    }
  }

  @Test
  void fifteenPercentOfPaymentsAreByARemoteCustomerWhenThereAreSeveralWarehouses() {
    InputGenerator g = generator(4, false);
    int remote = 0;
    for (int i = 0; i < ORDERS; i++) {
      PaymentInput in = g.payment();
      if (in.customerWarehouseId() != in.warehouseId()) {
        remote++;
      }
    }
    assertEquals(0.15, remote / (double) ORDERS, 0.005);
  }

  @Test
  void paymentsStayHomeWithOneWarehouseOrInSysbenchCompatibility() {
    InputGenerator single = generator(1, false);
    InputGenerator compat = generator(4, true);
    int otherDistrict = 0;
    for (int i = 0; i < ORDERS / 10; i++) {
      PaymentInput one = single.payment();
      PaymentInput sysbench = compat.payment();
      assertEquals(one.warehouseId(), one.customerWarehouseId());
      assertEquals(one.districtId(), one.customerDistrictId());
      assertEquals(sysbench.warehouseId(), sysbench.customerWarehouseId());
      otherDistrict += sysbench.customerDistrictId() != sysbench.districtId() ? 1 : 0;
    }
    // sysbench-tpcc's 15% "remote" payments keep the warehouse but draw the district.
    assertEquals(0.15 * 0.9, otherDistrict / (ORDERS / 10.0), 0.01);
  }

  @Test
  void sixtyPercentOfPaymentsAndOrderStatusesAreByName() {
    InputGenerator g = generator(2, false);
    int payments = 0;
    int statuses = 0;
    for (int i = 0; i < ORDERS; i++) {
      payments += g.payment().byName() ? 1 : 0;
      statuses += g.orderStatus().byName() ? 1 : 0;
    }
    assertEquals(0.60, payments / (double) ORDERS, 0.005);
    assertEquals(0.60, statuses / (double) ORDERS, 0.005);
  }

  @Test
  void paymentAmountsHaveCentsByDefaultAndWholeUnitsInSysbenchCompatibility() {
    InputGenerator g = generator(2, false);
    InputGenerator compat = generator(2, true);
    int withCents = 0;
    for (int i = 0; i < 10_000; i++) {
      long cents = g.payment().amountCents();
      assertTrue(cents >= 100 && cents <= 500_000, () -> "amount " + cents);
      withCents += cents % 100 != 0 ? 1 : 0;
      assertEquals(0, compat.payment().amountCents() % 100);
    }
    assertTrue(withCents > 9_000, "amounts with cents: " + withCents);
  }

  @Test
  void thresholdsCarriersAndTargetsStayInTheirRanges() {
    InputGenerator g = generator(3, false);
    boolean[] thresholds = new boolean[21];
    boolean[] carriers = new boolean[11];
    boolean[] sets = new boolean[3];
    for (int i = 0; i < 10_000; i++) {
      thresholds[g.stockLevel().threshold()] = true;
      carriers[g.delivery().carrierId()] = true;
      PurgeInput purge = g.purge();
      sets[purge.tableSet()] = true;
      assertTrue(purge.warehouseId() >= 1 && purge.warehouseId() <= 3);
    }
    for (int t = 10; t <= 20; t++) {
      assertTrue(thresholds[t], "threshold " + t);
    }
    for (int c = 1; c <= 10; c++) {
      assertTrue(carriers[c], "carrier " + c);
    }
    assertTrue(sets[1] && sets[2], "both table sets drawn");
  }

  @Test
  void theRunConstantForLastNamesSatisfiesTheDeltaRuleAgainstTheLoadConstant() {
    TpccRandom r = new TpccRandom(99L);
    for (int load = 0; load <= 255; load++) {
      NuRandConstants run = NuRandConstants.forRun(new NuRandConstants(load, 0, 0), r);
      int delta = Math.abs(run.cLast() - load);
      assertTrue(delta >= 65 && delta <= 119, "delta " + delta);
      assertNotEquals(96, delta);
      assertNotEquals(112, delta);
    }
  }

  private static InputGenerator ranged(int warehouses, WarehouseRange homes) {
    NuRandConstants run = NuRandConstants.forRun(LOAD, new TpccRandom(7L));
    return new InputGenerator(
        new TpccRandom(20261130L, run), WorkloadShape.of(2, warehouses).withHomeWarehouses(homes));
  }

  @Test
  void aDriversRangeBindsEveryHomeWarehouseButRemoteOnesComeFromTheWholeDataSet() {
    WarehouseRange homes = new WarehouseRange(3, 4);
    InputGenerator g = ranged(8, homes);
    boolean[] remoteSupply = new boolean[9];
    boolean[] remoteCustomer = new boolean[9];
    for (int i = 0; i < ORDERS; i++) {
      NewOrderInput order = g.newOrder();
      assertTrue(homes.contains(order.warehouseId()), order::toString);
      for (int l = 0; l < order.orderLineCount(); l++) {
        remoteSupply[order.supplyWarehouseId(l)] = true;
      }
      PaymentInput payment = g.payment();
      assertTrue(homes.contains(payment.warehouseId()), payment::toString);
      remoteCustomer[payment.customerWarehouseId()] = true;
      assertTrue(homes.contains(g.orderStatus().warehouseId()));
      assertTrue(homes.contains(g.delivery().warehouseId()));
      assertTrue(homes.contains(g.stockLevel().warehouseId()));
      assertTrue(homes.contains(g.purge().warehouseId()));
    }
    // TPC-C 2.4.1.5 and 2.5.1.2: a remote warehouse is any other of the data set, the other
    // drivers' included.
    for (int w = 1; w <= 8; w++) {
      assertTrue(remoteSupply[w], "order lines supplied by warehouse " + w);
      assertTrue(remoteCustomer[w], "payments by a customer of warehouse " + w);
    }
  }

  @Test
  void homeWarehousesAreDrawnEvenlyOverTheRange() {
    InputGenerator g = ranged(10, new WarehouseRange(6, 10));
    int[] homes = new int[11];
    for (int i = 0; i < ORDERS; i++) {
      homes[g.payment().warehouseId()]++;
    }
    for (int w = 6; w <= 10; w++) {
      assertEquals(0.2, homes[w] / (double) ORDERS, 0.01, "warehouse " + w);
    }
  }

  @Test
  void theWholeRangeDrawsExactlyWhatARunWithoutARangeDraws() {
    InputGenerator whole = ranged(5, WarehouseRange.all(5));
    InputGenerator plain = generator(5, false);
    for (int i = 0; i < 1_000; i++) {
      assertEquals(plain.newOrder(), whole.newOrder());
      assertEquals(plain.payment(), whole.payment());
      assertEquals(plain.delivery(), whole.delivery());
    }
  }

  @Test
  void theSameSeedAndRangeGiveTheSameInputs() {
    InputGenerator a = ranged(6, new WarehouseRange(4, 6));
    InputGenerator b = ranged(6, new WarehouseRange(4, 6));
    for (int i = 0; i < 1_000; i++) {
      assertEquals(a.newOrder(), b.newOrder());
      assertEquals(a.payment(), b.payment());
    }
  }
}
