package org.tpccpg.core.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TpccRandomTest {
  private static final long SEED = 20261130L;
  private static final NuRandConstants CONSTANTS = new NuRandConstants(123, 456, 7890);

  @Test
  void uniformIsInclusiveAtBothEndsAndNeverOutside() {
    TpccRandom r = new TpccRandom(SEED);
    boolean sawLo = false;
    boolean sawHi = false;
    for (int i = 0; i < 10_000; i++) {
      int v = r.uniform(5, 15);
      assertTrue(v >= 5 && v <= 15, () -> "out of range: " + v);
      sawLo |= v == 5;
      sawHi |= v == 15;
    }
    assertTrue(sawLo && sawHi, "both bounds must be reachable");
    assertEquals(7, r.uniform(7, 7));
    assertThrows(IllegalArgumentException.class, () -> r.uniform(2, 1));
  }

  @Test
  void uniformAcceptsTheLargestInt() {
    TpccRandom r = new TpccRandom(SEED);
    assertEquals(Integer.MAX_VALUE, r.uniform(Integer.MAX_VALUE, Integer.MAX_VALUE));
    assertTrue(r.uniform(Integer.MAX_VALUE - 1, Integer.MAX_VALUE) >= Integer.MAX_VALUE - 1);
  }

  @Test
  void uniformDoubleStaysInUnitInterval() {
    TpccRandom r = new TpccRandom(SEED);
    for (int i = 0; i < 10_000; i++) {
      double v = r.uniformDouble();
      assertTrue(v >= 0.0 && v < 1.0, () -> "out of range: " + v);
    }
  }

  @Test
  void nuRandStaysInRangeAndIsSkewed() {
    TpccRandom r = new TpccRandom(SEED, CONSTANTS);
    int[] counts = new int[1000];
    int draws = 100_000;
    for (int i = 0; i < draws; i++) {
      int v = r.nuRand(255, 0, 999);
      assertTrue(v >= 0 && v <= 999, () -> "out of range: " + v);
      counts[v]++;
    }
    int max = Arrays.stream(counts).max().orElseThrow();
    int min = Arrays.stream(counts).min().orElseThrow();
    // Uniform draws would put about 100 (+-30) in every bucket.
    assertTrue(max > 3 * draws / 1000, () -> "most frequent value only " + max);
    assertTrue(min < draws / 1000 / 3, () -> "least frequent value still " + min);
  }

  @Test
  void nuRandCoversTheItemAndCustomerRanges() {
    TpccRandom r = new TpccRandom(SEED, CONSTANTS);
    for (int i = 0; i < 10_000; i++) {
      int item = r.nuRand(8191, 1, 100_000);
      int customer = r.nuRand(1023, 1, 3000);
      assertTrue(item >= 1 && item <= 100_000, () -> "item " + item);
      assertTrue(customer >= 1 && customer <= 3000, () -> "customer " + customer);
    }
  }

  @Test
  void nuRandAddsTheConstantForItsA() {
    // The same seed gives the same uniform draws, so C = 1 shifts each result by one mod 1000.
    TpccRandom c0 = new TpccRandom(SEED, new NuRandConstants(0, 0, 0));
    TpccRandom c1 = new TpccRandom(SEED, new NuRandConstants(1, 0, 0));
    for (int i = 0; i < 100; i++) {
      assertEquals((c0.nuRand(255, 0, 999) + 1) % 1000, c1.nuRand(255, 0, 999));
    }
  }

  @Test
  void nuRandRejectsUnknownAAndMissingConstants() {
    assertThrows(
        IllegalArgumentException.class, () -> new TpccRandom(1, CONSTANTS).nuRand(7, 0, 9));
    assertThrows(IllegalStateException.class, () -> new TpccRandom(1).nuRand(255, 0, 999));
  }

  @Test
  void lastNamesFollowTheSyllableTable() {
    assertEquals("BARBARBAR", TpccRandom.lastName(0));
    assertEquals("PRICALLYOUGHT", TpccRandom.lastName(371));
    assertEquals("EINGEINGEING", TpccRandom.lastName(999));
    assertEquals("BAROUGHTABLE", TpccRandom.lastName(12));
    assertThrows(IllegalArgumentException.class, () -> TpccRandom.lastName(1000));
    assertThrows(IllegalArgumentException.class, () -> TpccRandom.lastName(-1));
  }

  @Test
  void aStringHasAlphanumericCharactersAndLengthInRange() {
    TpccRandom r = new TpccRandom(SEED);
    Set<Integer> lengths = new HashSet<>();
    Set<Character> characters = new HashSet<>();
    for (int i = 0; i < 2_000; i++) {
      String s = r.aString(6, 10);
      assertTrue(s.matches("[0-9A-Za-z]{6,10}"), () -> "bad a-string " + s);
      lengths.add(s.length());
      s.chars().forEach(c -> characters.add((char) c));
    }
    assertEquals(Set.of(6, 7, 8, 9, 10), lengths);
    assertEquals(62, characters.size());
  }

  @Test
  void nStringAndZipAreDigits() {
    TpccRandom r = new TpccRandom(SEED);
    for (int i = 0; i < 1_000; i++) {
      String phone = r.nString(16, 16);
      String zip = r.zip();
      assertTrue(phone.matches("[0-9]{16}"), () -> "bad n-string " + phone);
      assertTrue(zip.matches("[0-9]{4}11111"), () -> "bad zip " + zip);
    }
  }

  @Test
  void byteVariantsRejectTooSmallBuffers() {
    TpccRandom r = new TpccRandom(SEED);
    assertThrows(IndexOutOfBoundsException.class, () -> r.aString(new byte[10], 1, 5, 10));
    assertThrows(IllegalArgumentException.class, () -> r.aString(new byte[10], 0, -1, 5));
    assertThrows(IllegalArgumentException.class, () -> r.dataWithOriginal(new byte[50], 0, 7, 9));
  }

  @Test
  void dataWithOriginalHoldsTheMarkerInTenPercent() {
    TpccRandom r = new TpccRandom(SEED);
    int draws = 20_000;
    int original = 0;
    for (int i = 0; i < draws; i++) {
      String s = r.dataWithOriginal(26, 50);
      assertTrue(s.length() >= 26 && s.length() <= 50, () -> "length " + s.length());
      if (s.contains("ORIGINAL")) {
        original++;
      }
    }
    double share = (double) original / draws;
    assertEquals(0.10, share, 0.01, () -> "ORIGINAL share " + share);
  }

  @Test
  void permutationHoldsEachNumberOnce() {
    int[] p = new TpccRandom(SEED).permutation(3000);
    int[] sorted = p.clone();
    Arrays.sort(sorted);
    int[] expected = new int[3000];
    Arrays.setAll(expected, i -> i + 1);
    assertArrayEquals(expected, sorted);
    assertNotEquals(Arrays.toString(expected), Arrays.toString(p), "must not be the identity");
  }

  @Test
  void sameSeedGivesSameSequence() {
    TpccRandom a = new TpccRandom(SEED);
    TpccRandom b = new TpccRandom(SEED);
    for (int i = 0; i < 100; i++) {
      assertEquals(a.aString(10, 20), b.aString(10, 20));
    }
    assertNotEquals(new TpccRandom(SEED).aString(20, 20), new TpccRandom(SEED + 1).aString(20, 20));
  }

  @Test
  void mixIsDeterministicAndSeparatesItsParts() {
    assertEquals(TpccRandom.mix(SEED, 1, 2), TpccRandom.mix(SEED, 1, 2));
    Set<Long> seeds = new HashSet<>();
    for (int set = 1; set <= 20; set++) {
      for (int w = 1; w <= 50; w++) {
        seeds.add(TpccRandom.mix(SEED, set, w));
      }
    }
    assertEquals(1000, seeds.size());
    assertNotEquals(TpccRandom.mix(SEED, 1, 2), TpccRandom.mix(SEED, 2, 1));
    assertNotEquals(TpccRandom.mix(SEED), TpccRandom.mix(SEED, 0));
    assertNotEquals(TpccRandom.mix(SEED, 1), TpccRandom.mix(SEED + 1, 1));
  }
}
