package org.tpccpg.driver.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.metrics.ClientCounters;
import org.tpccpg.driver.metrics.CounterSnapshot;
import org.tpccpg.driver.metrics.Interval;

class RunFiguresTest {
  @Test
  void anIntervalGivesEachKindItsQuantilesInSecondsAndNaNForAKindThatRanNone() {
    ClientCounters client = new ClientCounters(2);
    client.completed(0, 2_000_000, 0, 1, true, false);
    client.completed(0, 4_000_000, 0, 1, true, false);
    RunFigures figures = new RunFigures(List.of("a", "b"), List.of(client), () -> false, () -> 0);
    assertNull(figures.last(), "nothing before the first interval");
    Histogram a = new Histogram(3);
    for (int micros = 1_000; micros <= 100_000; micros += 1_000) {
      a.recordValue(micros);
    }
    Histogram b = new Histogram(3);
    figures.interval(new Interval(1, 2, 1, CounterSnapshot.of(List.of(client)), a, List.of(a, b)));
    double[] quantiles = figures.last().quantileSeconds()[0];
    assertEquals(0.050, quantiles[0], 0.001, "p50");
    assertEquals(0.095, quantiles[2], 0.001, "p95");
    assertEquals(0.100, quantiles[4], 0.001, "max");
    assertTrue(Double.isNaN(figures.last().quantileSeconds()[1][0]), "b ran none");
    assertEquals(1.0, figures.last().tps(), 1e-9, "2 transactions in 2 s");
  }

  @Test
  void theRunsStateIsReadWhenAsked() {
    ClientCounters running = new ClientCounters(1);
    running.started();
    ClientCounters idle = new ClientCounters(1);
    AtomicBoolean outage = new AtomicBoolean();
    RunFigures figures = new RunFigures(List.of("a"), List.of(running, idle), outage::get, () -> 3);
    assertEquals(1, figures.clientsRunning());
    assertEquals(3, figures.outages());
    assertEquals(false, figures.inOutage());
    outage.set(true);
    assertEquals(true, figures.inOutage());
    running.completed(0, 1_000, 0, 1, true, false);
    assertEquals(1, figures.counters().kind(0).completed());
  }
}
