package org.tpccpg.driver.results;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.IntervalSnapshot;
import org.tpccpg.driver.metrics.OutageTracker;
import org.tpccpg.driver.metrics.RunTotals;
import org.tpccpg.driver.run.RunRecorder;

/**
 * The results files of a TPC-C run (see {@link ResultsFiles}): each interval appends a line to
 * {@code intervals.jsonl} before the report line is printed, and an interval histogram to {@code
 * <type>.hlog}; at the end {@link #writeSummary} writes {@code summary.json}.
 */
public final class RunResults implements RunRecorder {
  public static final String INTERVALS = ResultsFiles.INTERVALS;
  public static final String SUMMARY = ResultsFiles.SUMMARY;

  private final RunDescription description;
  private final Clock clock;
  private final ResultsFiles files;

  private RunResults(RunDescription description, Clock clock, Consumer<String> firstFailure)
      throws IOException {
    this.description = description;
    this.clock = clock;
    List<String> labels = new ArrayList<>();
    for (TransactionType kind : TransactionType.values()) {
      if (kind != TransactionType.PURGE || description.config().purge()) {
        labels.add(kind.label());
      }
    }
    this.files =
        ResultsFiles.open(description.directory(), "tpcc", labels, clock.instant(), firstFailure);
  }

  /**
   * Creates the interval files; the directory must exist (see {@link ResultsDirectory}).
   *
   * @param firstFailure told at once of the first failed write (see {@link ResultsFiles#open})
   */
  public static RunResults open(
      RunDescription description, Clock clock, Consumer<String> firstFailure) throws IOException {
    return new RunResults(description, clock, firstFailure);
  }

  @Override
  public void interval(IntervalSnapshot snapshot, Map<TransactionType, Histogram> perKind) {
    Map<TransactionType, Histogram> recorded = new EnumMap<>(TransactionType.class);
    perKind.forEach(
        (kind, h) -> {
          if (kind != TransactionType.PURGE || description.config().purge()) {
            recorded.put(kind, h);
          }
        });
    Map<String, Histogram> perLabel = new LinkedHashMap<>();
    recorded.forEach((kind, h) -> perLabel.put(kind.label(), h));
    files.appendInterval(IntervalJson.line(clock.instant(), snapshot, recorded), perLabel);
  }

  @Override
  public int intervalSecondsWithoutReports() {
    return ResultsFiles.INTERVAL_SECONDS_WITHOUT_REPORTS;
  }

  /**
   * Writes {@code summary.json} through a temporary file, so it is whole or absent.
   *
   * @param outages the run's outages, in the order they started
   */
  @Override
  public void writeSummary(
      RunTotals totals,
      boolean stoppedEarly,
      Throwable runFailure,
      List<OutageTracker.Outage> outages)
      throws IOException {
    files.writeSummary(
        SummaryJson.render(
            description,
            files.started(),
            clock.instant(),
            totals,
            stoppedEarly,
            runFailure,
            outages));
  }

  /** Closes every file; throws the first write failure, if there was one. */
  @Override
  public void close() throws IOException {
    files.close();
  }
}
