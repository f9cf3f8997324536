package org.tpccpg.driver.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.spec.TpccConstants;
import org.tpccpg.testkit.Background;

class AckRingTest {
  @Test
  void anEntryKeepsItsDistrictOutcomeAndOrderIdAtTheLargestNumbers() {
    DistrictIndex index = new DistrictIndex(3, TpccConstants.MAX_WAREHOUSE_ID);
    AckRing ring = new AckRing(index);
    ring.acknowledged(3, TpccConstants.MAX_WAREHOUSE_ID, 10, Integer.MAX_VALUE);
    ring.unknown(1, 1, 1, 3001);
    List<Long> entries = new ArrayList<>();
    ring.drainTo(entries::add);
    assertEquals(2, entries.size());
    long last = entries.get(0);
    assertEquals(index.count() - 1, AckRing.district(last));
    assertFalse(AckRing.unknown(last));
    assertEquals(Integer.MAX_VALUE, AckRing.orderId(last));
    long first = entries.get(1);
    assertEquals(0, AckRing.district(first));
    assertTrue(AckRing.unknown(first));
    assertEquals(3001, AckRing.orderId(first));
  }

  @Test
  void aDistrictNumberGoesBackToItsSetWarehouseAndDistrict() {
    DistrictIndex index = new DistrictIndex(2, 7);
    int i = index.of(2, 5, 9);
    assertEquals(2, index.tableSet(i));
    assertEquals(5, index.warehouse(i));
    assertEquals(9, index.district(i));
    assertEquals(2 * 7 * 10, index.count());
  }

  @Test
  void aFullRingWaitsForTheDrainAndLosesNothing() throws Exception {
    AckRing ring = new AckRing(new DistrictIndex(1, 1));
    int count = AckRing.CAPACITY * 5;
    CompletableFuture<Void> client =
        Background.run(
            () -> {
              for (int id = 1; id <= count; id++) {
                ring.acknowledged(1, 1, 1, id);
              }
            });
    List<Integer> seen = new ArrayList<>();
    while (seen.size() < count) {
      ring.drainTo(e -> seen.add(AckRing.orderId(e)));
      TimeUnit.MILLISECONDS.sleep(1);
    }
    client.get(10, TimeUnit.SECONDS);
    for (int i = 0; i < count; i++) {
      assertEquals(i + 1, seen.get(i));
    }
  }
}
