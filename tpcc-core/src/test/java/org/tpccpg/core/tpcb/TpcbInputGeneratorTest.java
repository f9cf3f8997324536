package org.tpccpg.core.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TpcbInputGeneratorTest {
  @Test
  void everyVariableStaysInPgbenchsRangeAndReachesBothEnds() {
    TpcbInputGenerator generator =
        new TpcbInputGenerator(new SplittableRandom(1), new TpcbScale(2));
    int minDelta = 0;
    int maxDelta = 0;
    int maxBid = 0;
    for (int i = 0; i < 200_000; i++) {
      TpcbInput input = generator.next();
      assertTrue(input.aid() >= 1 && input.aid() <= 200_000, "aid " + input.aid());
      assertTrue(input.tid() >= 1 && input.tid() <= 20, "tid " + input.tid());
      minDelta = Math.min(minDelta, input.delta());
      maxDelta = Math.max(maxDelta, input.delta());
      maxBid = Math.max(maxBid, input.bid());
    }
    assertEquals(-5000, minDelta);
    assertEquals(5000, maxDelta);
    assertEquals(2, maxBid);
  }

  @Test
  void theSameSeedGivesTheSameInputs() {
    TpcbInputGenerator a = new TpcbInputGenerator(new SplittableRandom(7), new TpcbScale(5));
    TpcbInputGenerator b = new TpcbInputGenerator(new SplittableRandom(7), new TpcbScale(5));
    for (int i = 0; i < 100; i++) {
      assertEquals(a.next(), b.next());
    }
  }

  @Test
  void inputRejectsADeltaOutsideTheRangeNamingIt() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new TpcbInput(1, 1, 1, 5001));
    assertEquals("delta must be in -5000..5000 but was 5001", e.getMessage());
  }

  @Test
  void initialDataPutsAccountsAndTellersInConsecutiveBranches() {
    assertEquals(1, TpcbScale.branchOfAccount(100_000));
    assertEquals(2, TpcbScale.branchOfAccount(100_001));
    assertEquals(1, TpcbScale.branchOfTeller(10));
    assertEquals(2, TpcbScale.branchOfTeller(11));
  }
}
