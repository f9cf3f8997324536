package org.tpccpg.core.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.WarehouseRange;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;

/**
 * A terminal's generator (TPC-C 2.4.1.1 to 2.8.1.1): home warehouse, its own Stock-Level district.
 */
class TerminalInputsTest {
  private static final WorkloadShape SHAPE = WorkloadShape.of(2, 4);
  private static final TerminalHome HOME = new TerminalHome(2, 3, 7);
  private static final int DRAWS = 20_000;

  private static InputGenerator terminal() {
    NuRandConstants run = NuRandConstants.forRun(new NuRandConstants(1, 2, 3), new TpccRandom(5));
    return InputGenerator.forTerminal(new TpccRandom(42, run), SHAPE, HOME);
  }

  @Test
  void everyInputIsOnTheHomeWarehouseAndTableSet() {
    InputGenerator g = terminal();
    for (int i = 0; i < DRAWS; i++) {
      NewOrderInput no = g.newOrder();
      PaymentInput p = g.payment();
      OrderStatusInput os = g.orderStatus();
      DeliveryInput d = g.delivery();
      StockLevelInput sl = g.stockLevel();
      assertEquals(List2.of(2, 3), List2.of(no.tableSet(), no.warehouseId()));
      assertEquals(List2.of(2, 3), List2.of(p.tableSet(), p.warehouseId()));
      assertEquals(List2.of(2, 3), List2.of(os.tableSet(), os.warehouseId()));
      assertEquals(List2.of(2, 3), List2.of(d.tableSet(), d.warehouseId()));
      assertEquals(List2.of(2, 3), List2.of(sl.tableSet(), sl.warehouseId()));
    }
  }

  @Test
  void stockLevelAlwaysExaminesTheTerminalsDistrictWhileTheOthersDrawTheirs() {
    InputGenerator g = terminal();
    Set<Integer> newOrderDistricts = new HashSet<>();
    Set<Integer> paymentDistricts = new HashSet<>();
    for (int i = 0; i < DRAWS; i++) {
      assertEquals(7, g.stockLevel().districtId());
      newOrderDistricts.add(g.newOrder().districtId());
      paymentDistricts.add(g.payment().districtId());
    }
    assertEquals(10, newOrderDistricts.size());
    assertEquals(10, paymentDistricts.size());
  }

  @Test
  void onlyTheRemotePartsTheSpecAllowsLeaveTheHomeWarehouse() {
    InputGenerator g = terminal();
    int remoteLines = 0;
    int lines = 0;
    int remotePayments = 0;
    for (int i = 0; i < DRAWS; i++) {
      NewOrderInput no = g.newOrder();
      for (int l = 0; l < no.orderLineCount(); l++) {
        lines++;
        if (no.supplyWarehouseId(l) != 3) {
          remoteLines++;
          assertTrue(no.supplyWarehouseId(l) >= 1 && no.supplyWarehouseId(l) <= 4);
        }
      }
      PaymentInput p = g.payment();
      if (p.customerWarehouseId() != 3) {
        remotePayments++;
      }
    }
    assertEquals(0.01, remoteLines / (double) lines, 0.002); // TPC-C 2.4.1.5
    assertEquals(0.15, remotePayments / (double) DRAWS, 0.01); // TPC-C 2.5.1.2
  }

  @Test
  void terminalHomesFillTenDistrictsPerWarehouseSetAfterSetAndWrapBeyondTheLoadedOnes() {
    assertEquals(new TerminalHome(1, 1, 1), TerminalHome.ofTerminal(0, SHAPE));
    assertEquals(new TerminalHome(1, 1, 10), TerminalHome.ofTerminal(9, SHAPE));
    assertEquals(new TerminalHome(1, 2, 1), TerminalHome.ofTerminal(10, SHAPE));
    assertEquals(new TerminalHome(2, 1, 4), TerminalHome.ofTerminal(43, SHAPE));
    assertEquals(new TerminalHome(2, 4, 10), TerminalHome.ofTerminal(79, SHAPE));
    assertEquals(new TerminalHome(1, 1, 1), TerminalHome.ofTerminal(80, SHAPE)); // 8 loaded
    assertNotEquals(TerminalHome.ofTerminal(5, SHAPE), TerminalHome.ofTerminal(6, SHAPE));
  }

  @Test
  void terminalHomesStayOnAScaleOutDriversRangeOfEverySet() {
    WorkloadShape range = WorkloadShape.of(2, 4).withHomeWarehouses(new WarehouseRange(2, 3));
    assertEquals(new TerminalHome(1, 2, 1), TerminalHome.ofTerminal(0, range));
    assertEquals(new TerminalHome(1, 3, 10), TerminalHome.ofTerminal(19, range));
    assertEquals(new TerminalHome(2, 2, 1), TerminalHome.ofTerminal(20, range));
    assertEquals(new TerminalHome(2, 3, 5), TerminalHome.ofTerminal(34, range));
    assertEquals(new TerminalHome(1, 2, 1), TerminalHome.ofTerminal(40, range)); // wraps
    for (int i = 0; i < 200; i++) {
      int w = TerminalHome.ofTerminal(i, range).warehouseId();
      assertTrue(w == 2 || w == 3, "terminal " + i + " on warehouse " + w);
    }
  }

  @Test
  void aHomeOutsideTheDataSetIsRefused() {
    TpccRandom r = new TpccRandom(1, new NuRandConstants(1, 2, 3));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> InputGenerator.forTerminal(r, SHAPE, new TerminalHome(1, 5, 1)));
    assertTrue(e.getMessage().startsWith("home must be within"), e.getMessage());
  }

  /** A pair, for one readable assertion per input. */
  private record List2(int set, int warehouse) {
    static List2 of(int set, int warehouse) {
      return new List2(set, warehouse);
    }
  }
}
