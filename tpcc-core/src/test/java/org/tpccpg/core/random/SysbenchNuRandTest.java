package org.tpccpg.core.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link TpccRandom#withConstantPerCall} against sysbench-tpcc's NURand, modelled here from its Lua
 * source as the fact sheet describes it: {@code (((U{0..A} | U{x..y}) + C) % (y-x+1)) + x} with all
 * three C drawn again on every call, from an independent generator.
 */
class SysbenchNuRandTest {
  private static final int DRAWS = 1_000_000;
  private static final int A = 1023;
  private static final int X = 1;
  private static final int Y = 3000;

  /** sysbench's U{a..b}: a + floor(u * (b - a + 1)). */
  private static int uniform(Random r, int a, int b) {
    return a + (int) Math.floor(r.nextDouble() * (b - a + 1));
  }

  /** sysbench-tpcc's NURand for c_id, one call: the three C drawn first, then the formula. */
  private static int sysbenchNuRand(Random r) {
    uniform(r, 0, 255);
    int c1023 = uniform(r, 0, 1023);
    uniform(r, 0, 8191);
    return (((uniform(r, 0, A) | uniform(r, X, Y)) + c1023) % (Y - X + 1)) + X;
  }

  private static long[] counts(java.util.function.IntSupplier draw) {
    long[] counts = new long[Y + 1];
    for (int i = 0; i < DRAWS; i++) {
      counts[draw.getAsInt()]++;
    }
    return counts;
  }

  /** The share of all draws that the most drawn 1 % of the ids got. */
  private static double topPercentShare(long[] counts) {
    long[] sorted = Arrays.stream(counts, X, Y + 1).sorted().toArray();
    long top = 0;
    for (int i = sorted.length - (Y - X + 1) / 100; i < sorted.length; i++) {
      top += sorted[i];
    }
    return (double) top / DRAWS;
  }

  /** The share of draws per tenth of the id range. */
  private static double[] deciles(long[] counts) {
    double[] shares = new double[10];
    for (int id = X; id <= Y; id++) {
      shares[(id - X) * 10 / (Y - X + 1)] += (double) counts[id] / DRAWS;
    }
    return shares;
  }

  @Test
  void aConstantPerCallDrawsAsSysbenchTpccDoesWithinHalfAPercent() {
    TpccRandom ours = TpccRandom.withConstantPerCall(42);
    Random sysbench = new Random(7);
    long[] oursCounts = counts(() -> ours.nuRand(A, X, Y));
    long[] sysbenchCounts = counts(() -> sysbenchNuRand(sysbench));

    double oursTop = topPercentShare(oursCounts);
    double sysbenchTop = topPercentShare(sysbenchCounts);
    assertEquals(sysbenchTop, oursTop, 0.005, "the top 1 % of ids' share of draws");
    assertTrue(oursTop < 0.015, "almost uniform: the top 1 % get " + oursTop);
    double[] oursDeciles = deciles(oursCounts);
    double[] sysbenchDeciles = deciles(sysbenchCounts);
    for (int i = 0; i < 10; i++) {
      assertEquals(sysbenchDeciles[i], oursDeciles[i], 0.005, "decile " + i);
    }
  }

  @Test
  void aConstantPerRunIsFarFromSysbenchTpccsDraw() {
    TpccRandom spec = new TpccRandom(42, new NuRandConstants(100, 259, 7911));
    double top = topPercentShare(counts(() -> spec.nuRand(A, X, Y)));
    assertTrue(top > 0.15, "TPC-C's NURand favours some ids: the top 1 % get " + top);
  }
}
