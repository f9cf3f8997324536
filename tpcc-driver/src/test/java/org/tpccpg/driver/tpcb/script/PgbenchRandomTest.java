package org.tpccpg.driver.tpcb.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Properties of pgbench's generators; that they draw pgbench's very numbers is proven against the
 * real pgbench by PgbenchRandomIT.
 */
class PgbenchRandomTest {
  @Test
  void seedingIsSplitmix64AsInPgPrng() {
    // splitmix64's first output for seed 0 is the published e220a8397b1dcdaf; it becomes s0,
    // and xoroshiro128**'s first output is rotl(s0 * 5, 7) * 9
    PgPrng fromZero = PgPrng.seeded(0);
    assertEquals(Long.rotateLeft(0xe220a8397b1dcdafL * 5, 7) * 9, fromZero.nextUint64());
    assertNotEquals(PgPrng.seeded(1).nextUint64(), PgPrng.seeded(0).nextUint64());
  }

  @Test
  void aCopyDrawsTheSameNumbers() {
    PgPrng state = PgPrng.seeded(7);
    state.nextUint64();
    PgPrng copy = state.copy();
    for (int i = 0; i < 10; i++) {
      assertEquals(state.nextUint64(), copy.nextUint64());
    }
  }

  @Test
  void uniformDrawsCoverTheRangeAndStayInIt() {
    PgPrng state = PgPrng.seeded(3);
    Set<Long> seen = new HashSet<>();
    for (int i = 0; i < 2000; i++) {
      long v = PgbenchRandom.uniform(state, -3, 3);
      assertTrue(v >= -3 && v <= 3, "in range: " + v);
      seen.add(v);
    }
    assertEquals(7, seen.size());
    assertEquals(5, PgbenchRandom.uniform(state, 5, 5));
  }

  @Test
  void doublesAreInTheUnitInterval() {
    PgPrng state = PgPrng.seeded(11);
    for (int i = 0; i < 1000; i++) {
      double d = state.nextDouble();
      assertTrue(d >= 0.0 && d < 1.0, "in [0, 1): " + d);
    }
  }

  @Test
  void skewedDistributionsStayInRangeAndFavourTheLowEnd() {
    PgPrng state = PgPrng.seeded(5);
    int low = 0;
    for (int i = 0; i < 1000; i++) {
      long e = PgbenchRandom.exponential(state, 1, 100, 5.0);
      long g = PgbenchRandom.gaussian(state, 1, 100, 2.5);
      long z = PgbenchRandom.zipfian(state, 1, 100, 1.5);
      assertTrue(e >= 1 && e <= 100 && g >= 1 && g <= 100 && z >= 1 && z <= 100);
      if (z <= 10) {
        low++;
      }
    }
    assertTrue(low > 500, "zipfian favours small values: " + low);
  }

  @Test
  void permuteIsABijectionOfTheRangeForEverySize() {
    for (long size = 1; size <= 40; size++) {
      Set<Long> images = new HashSet<>();
      for (long v = 0; v < size; v++) {
        long image = PgbenchRandom.permute(v, size, 12345);
        assertTrue(image >= 0 && image < size);
        images.add(image);
      }
      assertEquals(size, images.size(), "size " + size);
    }
    assertEquals(PgbenchRandom.permute(3, 10, 7), PgbenchRandom.permute(13, 10, 7));
  }

  @Test
  void theRunsStatesAreDrawnFromTheBaseSequenceInPgbenchsOrder() {
    RunSeeds seeds = RunSeeds.derive(42, 3, 2, false);
    PgPrng base = PgPrng.seeded(42);
    for (int client = 0; client < 3; client++) {
      assertEquals(
          PgPrng.seeded(base.nextUint64()).nextUint64(),
          seeds.clients().get(client).copy().nextUint64());
    }
    assertEquals(base.nextUint64(), seeds.defaultSeed());
    assertEquals(
        PgPrng.seeded(base.nextUint64()).nextUint64(),
        seeds.threads().get(0).choose().copy().nextUint64());
    assertEquals(2, seeds.threads().size());
  }

  @Test
  void hashesDependOnTheSeed() {
    assertNotEquals(PgbenchRandom.murmur2(1, 0), PgbenchRandom.murmur2(1, 1));
    assertNotEquals(PgbenchRandom.fnv1a(1, 0), PgbenchRandom.fnv1a(1, 1));
  }
}
