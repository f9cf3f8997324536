package org.tpccpg.core.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NuRandConstantsTest {
  @Test
  void constructorRejectsValuesOutsideZeroToA() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new NuRandConstants(256, 0, 0));
    assertEquals("cLast must be in 0..255 but was 256", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new NuRandConstants(0, 1024, 0));
    assertThrows(IllegalArgumentException.class, () -> new NuRandConstants(0, 0, 8192));
    assertThrows(IllegalArgumentException.class, () -> new NuRandConstants(-1, 0, 0));
    new NuRandConstants(255, 1023, 8191);
  }

  @Test
  void randomStaysWithinTheRanges() {
    TpccRandom r = new TpccRandom(7);
    for (int i = 0; i < 1_000; i++) {
      NuRandConstants c = NuRandConstants.random(r);
      assertTrue(c.cLast() <= 255 && c.cId() <= 1023 && c.orderLineItemId() <= 8191);
    }
  }

  @Test
  void runDeltaRuleAcceptsOnly65To119Without96And112() {
    assertTrue(NuRandConstants.isValidRunDelta(0, 65));
    assertTrue(NuRandConstants.isValidRunDelta(200, 81));
    assertTrue(NuRandConstants.isValidRunDelta(100, 219));
    assertFalse(NuRandConstants.isValidRunDelta(0, 64));
    assertFalse(NuRandConstants.isValidRunDelta(0, 120));
    assertFalse(NuRandConstants.isValidRunDelta(0, 96));
    assertFalse(NuRandConstants.isValidRunDelta(0, 112));
    assertFalse(NuRandConstants.isValidRunDelta(200, 104));
    assertFalse(NuRandConstants.isValidRunDelta(150, 150));
  }

  @Test
  void forRunAlwaysYieldsAValidDeltaForEveryLoadValue() {
    TpccRandom r = new TpccRandom(11);
    Set<Integer> seenDeltas = new HashSet<>();
    for (int cLoad = 0; cLoad <= 255; cLoad++) {
      NuRandConstants load = new NuRandConstants(cLoad, 0, 0);
      for (int i = 0; i < 200; i++) {
        NuRandConstants run = NuRandConstants.forRun(load, r);
        int c = cLoad;
        assertTrue(
            NuRandConstants.isValidRunDelta(c, run.cLast()),
            () -> "load " + c + " got run " + run.cLast());
        seenDeltas.add(Math.abs(run.cLast() - cLoad));
      }
    }
    // 53 deltas are allowed (65..119 without 96 and 112); all of them must occur.
    assertEquals(53, seenDeltas.size());
  }

  @Test
  void forRunDrawsTheOtherConstantsFreely() {
    TpccRandom r = new TpccRandom(13);
    NuRandConstants load = new NuRandConstants(100, 500, 4000);
    Set<Integer> cIds = new HashSet<>();
    for (int i = 0; i < 100; i++) {
      cIds.add(NuRandConstants.forRun(load, r).cId());
    }
    assertTrue(cIds.size() > 50, () -> "C_ID barely varies: " + cIds.size());
  }

  @Test
  void forAPicksTheConstantOfEachField() {
    NuRandConstants c = new NuRandConstants(1, 2, 3);
    assertEquals(1, c.forA(255));
    assertEquals(2, c.forA(1023));
    assertEquals(3, c.forA(8191));
    assertThrows(IllegalArgumentException.class, () -> c.forA(100));
  }
}
