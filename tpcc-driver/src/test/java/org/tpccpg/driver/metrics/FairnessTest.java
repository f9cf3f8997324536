package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class FairnessTest {
  @Test
  void theStandardDeviationIsThePopulationOneDividedByN() {
    Fairness f =
        Fairness.of(
            List.of(
                new ThreadTotals(2, 1_000_000_000L, 0, 0),
                new ThreadTotals(4, 2_000_000_000L, 0, 0),
                new ThreadTotals(4, 3_000_000_000L, 0, 0),
                new ThreadTotals(4, 4_000_000_000L, 0, 0),
                new ThreadTotals(5, 5_000_000_000L, 0, 0),
                new ThreadTotals(5, 6_000_000_000L, 0, 0),
                new ThreadTotals(7, 7_000_000_000L, 0, 0),
                new ThreadTotals(9, 8_000_000_000L, 0, 0)));
    assertEquals(5.0, f.eventsAvg(), 1e-12);
    // Population: sqrt(32 / 8) = 2; the sample stddev would be sqrt(32 / 7) = 2.138.
    assertEquals(2.0, f.eventsStddev(), 1e-12);
    assertEquals(4.5, f.timeAvgSeconds(), 1e-12);
    assertEquals(Math.sqrt(5.25), f.timeStddevSeconds(), 1e-12);
  }

  @Test
  void oneThreadIsPerfectlyFair() {
    Fairness f = Fairness.of(List.of(new ThreadTotals(10, 500_000_000L, 0, 0)));
    assertEquals(new Fairness(10, 0, 0.5, 0), f);
  }
}
