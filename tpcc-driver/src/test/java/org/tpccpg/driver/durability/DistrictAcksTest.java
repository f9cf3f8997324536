package org.tpccpg.driver.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DistrictAcksTest {
  @Test
  void aNumberAcknowledgedTwiceIsRefusedTheSecondTime() {
    DistrictAcks acks = new DistrictAcks();
    assertTrue(acks.add(3001));
    assertTrue(acks.add(3002));
    assertFalse(acks.add(3001));
    assertFalse(acks.add(3002));
    assertTrue(acks.contains(3001));
    assertFalse(acks.contains(3003));
    assertFalse(acks.contains(3000));
  }

  @Test
  void acknowledgementsOutOfOrderJoinIntoOneRun() {
    DistrictAcks acks = new DistrictAcks();
    int[] order = {3005, 3001, 3003, 3002, 3004, 3007, 3006};
    for (int id : order) {
      assertTrue(acks.add(id), "first time: " + id);
    }
    assertEquals(1, acks.runs());
    for (int id = 3001; id <= 3007; id++) {
      assertTrue(acks.contains(id), "kept " + id);
    }
  }

  @Test
  void aWeekOfOrdersWithAFewUnknownHolesStaysAFewRuns() {
    DistrictAcks acks = new DistrictAcks();
    // 10 million orders of one district, every millionth one's outcome lost (never acknowledged)
    for (int id = 3001; id < 10_003_001; id++) {
      if (id % 1_000_000 != 0) {
        acks.add(id);
      }
    }
    assertEquals(11, acks.runs());
    assertFalse(acks.contains(1_000_000));
    assertTrue(acks.contains(1_000_001));
  }

  @Test
  void removeFromDropsEveryNumberAtOrAboveAndCountsThem() {
    DistrictAcks acks = new DistrictAcks();
    for (int id = 3001; id <= 3010; id++) {
      acks.add(id);
    }
    acks.add(3020);
    assertEquals(2 + 1, acks.removeFrom(3009)); // 3009, 3010 and 3020
    assertTrue(acks.contains(3008));
    assertFalse(acks.contains(3009));
    assertEquals(1, acks.runs());
    assertEquals(0, acks.removeFrom(5000));
    // a lost number handed out again is a first acknowledgement now
    assertTrue(acks.add(3009));
    assertEquals(8, acks.removeFrom(3002));
    assertEquals(1, acks.removeFrom(1));
    assertEquals(0, acks.runs());
  }
}
