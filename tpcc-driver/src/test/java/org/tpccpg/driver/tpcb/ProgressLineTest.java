package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ProgressLineTest {
  @Test
  void lineMatchesPgbench15Exactly() {
    // Captured from pgbench 15.18: "progress: 1.0 s, 1583.9 tps, lat 1.243 ms stddev 1.529, 0
    // failed"
    long count = 15_839;
    Totals interval = new Totals(count, 1243 * count, count * (1529.0 * 1529 + 1243.0 * 1243));
    assertEquals(
        "progress: 1.0 s, 1583.9 tps, lat 1.243 ms stddev 1.529, 0 failed",
        ProgressLine.render(1.0, 10.0, interval.kind()));
  }

  @Test
  void anEmptyIntervalPrintsZeros() {
    assertEquals(
        "progress: 2.0 s, 0.0 tps, lat 0.000 ms stddev 0.000, 0 failed",
        ProgressLine.render(2.0, 1.0, Totals.ZERO.kind()));
  }
}
