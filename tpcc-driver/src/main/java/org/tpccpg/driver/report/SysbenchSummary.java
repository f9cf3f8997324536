package org.tpccpg.driver.report;

import org.HdrHistogram.Histogram;
import org.tpccpg.driver.metrics.CounterTotals;
import org.tpccpg.driver.metrics.Fairness;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.SysbenchBuckets;

/**
 * sysbench's final summary, byte for byte: the "SQL statistics" of {@code db_report_cumulative}
 * then the general statistics of {@code sb_report_cumulative}, in the sysbench 1.0.20 form
 * ("General statistics: total time / total number of events"; master prints "Throughput:" instead).
 * Two things differ in where the numbers come from, not in the format:
 *
 * <ul>
 *   <li>min and max latency come from HdrHistogram, exact to its 3 significant digits (sysbench
 *       keeps exact per-thread timers); avg and sum are exact;
 *   <li>the percentile is sysbench's bucket value (see {@link SysbenchBuckets}). A non-integer
 *       percentile is labelled with its decimals and the value column shrinks to stay aligned.
 * </ul>
 */
public final class SysbenchSummary {
  private static final double NANOS_PER_MILLI = 1e6;

  private SysbenchSummary() {}

  /**
   * The summary, every line ending in {@code \n}, the last one blank as in sysbench.
   *
   * @param percentile the latency percentile to report, 0 (disabled) to 100
   */
  public static String render(RunResult t, double percentile) {
    return render(SysbenchFigures.of(t), percentile, false);
  }

  /**
   * The summary of a run, with {@code --db-debug}'s timers after "SQL statistics" when {@code
   * queryTimers} (sysbench prints them at {@code --verbosity=5}; see {@link
   * SysbenchLogLines#queryTimers}).
   *
   * @param percentile the latency percentile to report, 0 (disabled) to 100
   */
  public static String render(RunResult t, double percentile, boolean queryTimers) {
    return render(SysbenchFigures.of(t), percentile, queryTimers);
  }

  /**
   * The summary of the given figures (a merge's, for one), in the same lines.
   *
   * @param percentile the latency percentile to report, 0 (disabled) to 100
   */
  public static String render(SysbenchFigures f, double percentile) {
    return render(f, percentile, false);
  }

  /**
   * The summary of the given figures, with {@code --db-debug}'s timers when {@code queryTimers}.
   *
   * @param percentile the latency percentile to report, 0 (disabled) to 100
   */
  public static String render(SysbenchFigures f, double percentile, boolean queryTimers) {
    StringBuilder out = new StringBuilder(1024);
    sqlStatistics(out, f);
    if (queryTimers) {
      SysbenchLogLines.queryTimers().forEach(l -> line(out, l));
    }
    line(out, "");
    line(out, "General statistics:");
    line(
        out,
        "    total time:                          " + CFormat.fixed(f.elapsedSeconds(), 4) + "s");
    line(out, "    total number of events:              " + f.totals().events());
    line(out, "");
    latency(out, f, percentile);
    line(out, "");
    fairness(out, f.fairness());
    line(out, "");
    return out.toString();
  }

  private static void sqlStatistics(StringBuilder out, SysbenchFigures f) {
    CounterTotals c = f.totals();
    line(out, "SQL statistics:");
    line(out, "    queries performed:");
    line(out, "        read:                            " + c.reads());
    line(out, "        write:                           " + c.writes());
    line(out, "        other:                           " + c.others());
    line(out, "        total:                           " + c.queries());
    perSecond(out, "    transactions:                        ", c.events(), f.eventsPerSecond());
    perSecond(out, "    queries:                             ", c.queries(), f.queriesPerSecond());
    perSecond(out, "    ignored errors:                      ", c.errors(), f.errorsPerSecond());
    perSecond(
        out, "    reconnects:                          ", c.reconnects(), f.reconnectsPerSecond());
  }

  private static void perSecond(StringBuilder out, String label, long count, double rate) {
    line(
        out,
        label
            + CFormat.left(Long.toString(count), 6)
            + " ("
            + CFormat.fixed(rate, 2)
            + " per sec.)");
  }

  private static void latency(StringBuilder out, SysbenchFigures f, double percentile) {
    Histogram merged = f.latencies();
    CounterTotals c = f.totals();
    boolean empty = merged.getTotalCount() == 0;
    double avg = c.events() == 0 ? 0 : c.latencySumNanos() / NANOS_PER_MILLI / c.events();
    line(out, "Latency (ms):");
    line(out, "         min: " + CFormat.fixed(empty ? 0 : merged.getMinValue() / 1e3, 39, 2));
    line(out, "         avg: " + CFormat.fixed(avg, 39, 2));
    line(out, "         max: " + CFormat.fixed(empty ? 0 : merged.getMaxValue() / 1e3, 39, 2));
    if (percentile > 0) {
      String label = CFormat.percentileLabel(percentile);
      double value = SysbenchBuckets.percentile(SysbenchBuckets.fromMicros(merged), percentile);
      int width = 27 - Math.max(0, label.length() - 3);
      line(
          out,
          "        "
              + CFormat.right(label, 3)
              + "th percentile: "
              + CFormat.fixed(value, width, 2));
    } else {
      line(out, "         percentile stats:               disabled");
    }
    line(out, "         sum: " + CFormat.fixed(c.latencySumNanos() / NANOS_PER_MILLI, 39, 2));
  }

  private static void fairness(StringBuilder out, Fairness f) {
    line(out, "Threads fairness:");
    if (f == null) {
      line(out, "    events (avg/stddev):           n/a");
      line(out, "    execution time (avg/stddev):   n/a");
      return;
    }
    line(
        out,
        "    events (avg/stddev):           "
            + CFormat.fixed(f.eventsAvg(), 4)
            + "/"
            + CFormat.fixed(f.eventsStddev(), 3, 2));
    line(
        out,
        "    execution time (avg/stddev):   "
            + CFormat.fixed(f.timeAvgSeconds(), 4)
            + "/"
            + CFormat.fixed(f.timeStddevSeconds(), 3, 2));
  }

  static void line(StringBuilder out, String text) {
    out.append(text).append('\n');
  }
}
