package org.tpccpg.driver.report;

import java.io.PrintWriter;
import java.util.Objects;
import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.metrics.IntervalSampler;

/**
 * Prints sysbench's checkpoint report (its {@code --report-checkpoints}): {@code [ 10s ] Checkpoint
 * report:} and then the closing block of the window since the previous checkpoint, as sysbench's
 * {@code report_cumulative} prints it (with {@code --debug} the per-thread lines too, not the
 * histogram), and flushes. It ignores intervals.
 */
public final class CheckpointPrinter implements IntervalListener {
  private final double percentile;
  private final boolean queryTimers;
  private final boolean perThread;
  private final PrintWriter out;

  /**
   * @param percentile the latency percentile to report, 0 (disabled) to 100
   * @param queryTimers {@code --db-debug}'s timers after "SQL statistics" (at level 5)
   * @param perThread {@code --debug}'s per-thread statistics after "Threads fairness"
   * @param out where the report goes (sysbench's notices)
   */
  public CheckpointPrinter(
      double percentile, boolean queryTimers, boolean perThread, PrintWriter out) {
    this.percentile = percentile;
    this.queryTimers = queryTimers;
    this.perThread = perThread;
    this.out = Objects.requireNonNull(out, "out");
  }

  @Override
  public void interval(Interval interval) {
    // intervals are the report lines' business
  }

  @Override
  public void checkpoint(IntervalSampler.Checkpoint checkpoint) {
    out.print(render(checkpoint));
    out.flush();
  }

  /** The report, every line ending in {@code \n}. */
  String render(IntervalSampler.Checkpoint checkpoint) {
    StringBuilder text = new StringBuilder(1200);
    text.append("[ ")
        .append(CFormat.fixed(checkpoint.sinceStartSeconds(), 0))
        .append("s ] Checkpoint report:\n");
    text.append(SysbenchSummary.render(SysbenchFigures.of(checkpoint), percentile, queryTimers));
    if (perThread) {
      SysbenchLogLines.perThread(checkpoint.window().counters().perThread())
          .forEach(line -> text.append(line).append('\n'));
    }
    return text.toString();
  }
}
