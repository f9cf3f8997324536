package org.tpccpg.driver.report;

import static org.tpccpg.driver.metrics.ResultFixtures.outcomes;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.CounterTotals;
import org.tpccpg.driver.metrics.IntervalSnapshot;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.ResultFixtures;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.ThreadTotals;

/**
 * The fixed inputs of the sysbench-format golden tests, built only through the records the
 * renderers take. When the run engines are merged, this is the one place to adapt; the golden files
 * must then still match unchanged.
 */
final class SysbenchGoldenInputs {
  private SysbenchGoldenInputs() {}

  /** Report intervals of a run without errors; the last one as workers exit (fewer threads). */
  static List<IntervalSnapshot> cleanIntervals() {
    return List.of(
        new IntervalSnapshot(10, 4, 931.76, 26227.32, 11986.75, 12377.06, 1863.52, 95, 11.65, 0, 0),
        new IntervalSnapshot(
            20, 4, 1004.125, 28276.5, 12925.375, 13342.25, 2008.875, 95, 10.65, 0, 0),
        new IntervalSnapshot(30, 4, 998.005, 28100.015, 12844.5, 13258.5, 1997.015, 95, 9.22, 0, 0),
        new IntervalSnapshot(31, 2, 0.5, 14.25, 6.5, 6.75, 1.0, 95, 0.001, 0, 0));
  }

  /**
   * Report intervals with errors and reconnects at a percentile that is not an integer: steady,
   * then the server gone (nothing done, reconnect attempts), then back.
   */
  static List<IntervalSnapshot> faultyIntervals() {
    return List.of(
        new IntervalSnapshot(1, 8, 1523.4, 42811.7, 19633.2, 20226.1, 2952.4, 99.9, 24.38, 17.2, 0),
        new IntervalSnapshot(2, 8, 310.0, 8702.9, 3990.3, 4113.6, 599.0, 99.9, 1003.52, 85.0, 0),
        new IntervalSnapshot(3, 8, 0, 0, 0, 0, 0, 99.9, 0.001, 0, 0),
        new IntervalSnapshot(4, 8, 402.7, 11348.5, 5201.1, 5366.4, 781.0, 99.9, 3.3, 8.0, 8.0),
        new IntervalSnapshot(
            5, 8, 1498.01, 42109.99, 19301.0, 19902.49, 2906.5, 99.9, 25.74, 12.6, 0.2));
  }

  /**
   * A 120-second run on 4 threads and 10 warehouses with every kind of outcome: errors and
   * rollbacks, reconnects, purge on, stock-level never run (so the table leaves it out).
   */
  static RunResult faultyRun() {
    List<KindTotals> kinds = new ArrayList<>();
    for (int i = 0; i < TransactionType.values().length; i++) {
      kinds.add(KindTotals.ZERO);
    }
    List<Histogram> latencies = ResultFixtures.emptyHistograms(kinds.size());
    kinds.set(TransactionType.NEW_ORDER.ordinal(), outcomes(4380, 45, 31));
    kinds.set(TransactionType.PAYMENT.ordinal(), outcomes(4210, 0, 17));
    kinds.set(TransactionType.ORDER_STATUS.ordinal(), outcomes(402, 0, 0));
    kinds.set(TransactionType.DELIVERY.ordinal(), outcomes(398, 0, 5));
    kinds.set(TransactionType.PURGE.ordinal(), outcomes(380, 0, 2));
    spread(latencies.get(TransactionType.NEW_ORDER.ordinal()), 4425, 2_100, 7, 31_000);
    spread(latencies.get(TransactionType.PAYMENT.ordinal()), 4210, 650, 3, 9_400);
    spread(latencies.get(TransactionType.ORDER_STATUS.ordinal()), 402, 420, 2, 2_900);
    spread(latencies.get(TransactionType.DELIVERY.ordinal()), 398, 18_000, 90, 212_000);
    spread(latencies.get(TransactionType.PURGE.ordinal()), 380, 5_500, 40, 48_000);
    List<ThreadTotals> threads =
        List.of(
            new ThreadTotals(2480, 9_012_455_000L, 0, 0),
            new ThreadTotals(2447, 8_890_102_000L, 0, 0),
            new ThreadTotals(2461, 8_951_337_000L, 0, 0),
            new ThreadTotals(2427, 8_979_861_000L, 0, 0));
    long events = 0;
    long latencySum = 0;
    for (ThreadTotals t : threads) {
      events += t.events();
      latencySum += t.latencySumNanos();
    }
    return ResultFixtures.result(
        ResultFixtures.TPCC_KINDS,
        120.0037,
        new CounterTotals(events, 127_560, 132_441, 19_730, 100, 7, latencySum),
        kinds,
        threads,
        latencies);
  }

  /** A run stopped before any transaction finished: zero events, empty histograms. */
  static RunResult emptyRun() {
    List<KindTotals> kinds = new ArrayList<>();
    for (int i = 0; i < TransactionType.values().length; i++) {
      kinds.add(KindTotals.ZERO);
    }
    List<Histogram> latencies = ResultFixtures.emptyHistograms(kinds.size());
    List<ThreadTotals> threads = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      threads.add(new ThreadTotals(0, 0, 0, 0));
    }
    return ResultFixtures.result(
        ResultFixtures.TPCC_KINDS, 0.0412, CounterTotals.ZERO, kinds, threads, latencies);
  }

  /**
   * Records {@code count} latencies (µs) from {@code low} upwards in steps that grow by {@code
   * step}, with one outlier at {@code max}: a skewed spread with distinct percentiles.
   */
  private static void spread(Histogram h, int count, long low, long step, long max) {
    long value = low;
    for (int i = 0; i < count - 1; i++) {
      h.recordValue(value + (i % 97) * step * (1 + i % 5));
      value = low + (i % 13) * step;
    }
    h.recordValue(max);
  }
}
