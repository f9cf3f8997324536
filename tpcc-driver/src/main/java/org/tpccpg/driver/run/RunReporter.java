package org.tpccpg.driver.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.engine.Ticker;
import org.tpccpg.driver.live.RunFigures;
import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.metrics.IntervalSampler;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.report.IntervalListener;
import org.tpccpg.driver.report.LinePrinter;
import org.tpccpg.driver.report.Reporter;
import org.tpccpg.driver.results.RunRecorder;

/**
 * The reporter of a TPC-C or spec-mode run, and the results files' last write: what both runs do
 * alike around their intervals. It neither samples nor prints itself; the listeners do.
 */
final class RunReporter {
  private RunReporter() {}

  /**
   * A reporter that hands each interval to {@code first}, then to the results files and the live
   * figures (each when the run has them), then prints it with {@code line} when report lines are
   * asked for. Without report lines it still ticks for them, every {@link
   * Reporter#SECONDS_WITHOUT_REPORT_LINES} seconds. It takes the run's checkpoints ({@code
   * --report-checkpoints}) and hands them to the listeners.
   */
  static Reporter of(
      RunConfig config,
      IntervalSampler sampler,
      long startNanos,
      List<IntervalListener> first,
      RunRecorder results,
      RunFigures figures,
      Function<Interval, String> line,
      PrintWriter out) {
    List<IntervalListener> listeners = new ArrayList<>(first);
    if (results != null) {
      listeners.add(results); // before the line: the file has every line that was printed
    }
    if (figures != null) {
      listeners.add(figures);
    }
    int interval = config.reportIntervalSeconds();
    if (interval > 0) {
      listeners.add(new LinePrinter(line, out));
    } else if (results != null || figures != null) {
      interval = Reporter.SECONDS_WITHOUT_REPORT_LINES;
    }
    return new Reporter(
        sampler,
        listeners,
        startNanos,
        TimeUnit.SECONDS.toNanos(config.warmupSeconds()),
        TimeUnit.SECONDS.toNanos(interval),
        config.reportCheckpoints().seconds().stream()
            .mapToLong(TimeUnit.SECONDS::toNanos)
            .toArray(),
        Ticker.SYSTEM,
        "tpcc-reporter");
  }

  /** Writes summary.json and closes the files; returns what went wrong, or null. */
  static IOException recordSummary(RunRecorder results, RunResult result) {
    if (results == null) {
      return null;
    }
    try (RunRecorder closing = results) {
      closing.writeSummary(result);
    } catch (IOException e) {
      String why = e.getMessage() == null ? e.toString() : e.getMessage();
      return new IOException("writing the results files failed: " + why, e);
    }
    return null;
  }
}
