package org.tpccpg.core.tpcc.batched;

import static org.tpccpg.core.spec.TpccConstants.UNUSED_ITEM_ID;

import java.util.ArrayList;
import java.util.List;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.random.TpccRandom;
import org.tpccpg.core.tpcc.InputGenerator;
import org.tpccpg.core.tpcc.NewOrderInput;
import org.tpccpg.core.tpcc.OrderStatusInput;
import org.tpccpg.core.tpcc.PaymentInput;
import org.tpccpg.core.tpcc.WorkloadShape;

/**
 * Test helper: a seeded stream of transaction inputs from {@link InputGenerator}, mixed 10:10:2:2:1
 * (more Order-Status, Delivery and Stock-Level than TPC-C's mix, to see more of them). Every 20th
 * New-Order is forced to roll back (its last item made unused, TPC-C 2.4.1.4) and every 15th other
 * one names its first stock row twice, which the generator draws too rarely to rely on.
 */
record InputStream(
    List<Object> inputs, int forcedRollbacks, int repeatedStockRows, int byName, int remote) {

  static InputStream generate(WorkloadShape shape, NuRandConstants load, long seed, int count) {
    TpccRandom r = new TpccRandom(seed, NuRandConstants.forRun(load, new TpccRandom(seed + 1)));
    InputGenerator generator = new InputGenerator(r, shape);
    TpccRandom mix = new TpccRandom(seed + 2);
    List<Object> inputs = new ArrayList<>();
    int newOrders = 0;
    int rollbacks = 0;
    int repeated = 0;
    int byName = 0;
    int remote = 0;
    for (int i = 0; i < count; i++) {
      int draw = mix.uniform(1, 25);
      Object input;
      if (draw <= 10) {
        NewOrderInput in = generator.newOrder();
        newOrders++;
        if (newOrders % 20 == 0) {
          in = withLastItemUnused(in);
          rollbacks++;
        } else if (newOrders % 15 == 0) {
          in = withFirstStockRowTwice(in);
          repeated++;
        }
        remote += in.allLocal() ? 0 : 1;
        input = in;
      } else if (draw <= 20) {
        PaymentInput in = generator.payment();
        byName += in.byName() ? 1 : 0;
        remote += in.customerWarehouseId() != in.warehouseId() ? 1 : 0;
        input = in;
      } else if (draw <= 22) {
        OrderStatusInput in = generator.orderStatus();
        byName += in.byName() ? 1 : 0;
        input = in;
      } else if (draw <= 24) {
        input = generator.delivery();
      } else {
        input = generator.stockLevel();
      }
      inputs.add(input);
    }
    return new InputStream(List.copyOf(inputs), rollbacks, repeated, byName, remote);
  }

  private static NewOrderInput withLastItemUnused(NewOrderInput in) {
    int[] items = in.itemIds();
    items[items.length - 1] = UNUSED_ITEM_ID;
    return copy(in, items, in.supplyWarehouseIds());
  }

  /** Line 2 takes line 1's item and warehouse; the lines stay sorted by (item, warehouse). */
  private static NewOrderInput withFirstStockRowTwice(NewOrderInput in) {
    int[] items = in.itemIds();
    int[] supply = in.supplyWarehouseIds();
    items[1] = items[0];
    supply[1] = supply[0];
    return copy(in, items, supply);
  }

  private static NewOrderInput copy(NewOrderInput in, int[] items, int[] supply) {
    boolean allLocal = true;
    for (int w : supply) {
      allLocal &= w == in.warehouseId();
    }
    return new NewOrderInput(
        in.tableSet(),
        in.warehouseId(),
        in.districtId(),
        in.customerId(),
        items,
        supply,
        in.quantities(),
        allLocal);
  }
}
