package org.tpccpg.driver.report;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.golden.GoldenFile;
import org.tpccpg.driver.metrics.IntervalSnapshot;
import org.tpccpg.driver.metrics.SysbenchBuckets;

/**
 * Pins the whole text of the sysbench format that {@code tpcc run} prints (report lines, summary,
 * histogram, per-type table) against the golden files in {@code golden/sysbench/}. Regenerate with
 * {@code -Dgolden.update=true} (see {@link GoldenFile}).
 */
class GoldenSysbenchTest {
  /** The lines as the run prints them: one per interval, each ended by {@code \n}. */
  private static String lines(
      Function<IntervalSnapshot, String> format, List<IntervalSnapshot> intervals) {
    StringBuilder text = new StringBuilder();
    for (IntervalSnapshot interval : intervals) {
      text.append(format.apply(interval)).append('\n');
    }
    return text.toString();
  }

  private static void assertGolden(String name, String rendered) {
    GoldenFile.assertMatches("sysbench/" + name, rendered);
  }

  @Test
  void reportLinesOfACleanRun() {
    assertGolden(
        "line-text.txt", lines(SysbenchReportLine::text, SysbenchGoldenInputs.cleanIntervals()));
  }

  @Test
  void reportLinesWithErrorsReconnectsAndAnOutage() {
    assertGolden(
        "line-text-errors.txt",
        lines(SysbenchReportLine::text, SysbenchGoldenInputs.faultyIntervals()));
  }

  @Test
  void csvReportLinesOfACleanRun() {
    assertGolden(
        "line-csv.txt", lines(SysbenchReportLine::csv, SysbenchGoldenInputs.cleanIntervals()));
  }

  @Test
  void csvReportLinesWithErrorsReconnectsAndAnOutage() {
    assertGolden(
        "line-csv-errors.txt",
        lines(SysbenchReportLine::csv, SysbenchGoldenInputs.faultyIntervals()));
  }

  @Test
  void summaryOfTheSmallFixedRun() {
    assertGolden("summary-small.txt", SysbenchSummary.render(RunTotalsFixture.run(), 95));
  }

  @Test
  void summaryWithErrorsAndReconnects() {
    assertGolden("summary.txt", SysbenchSummary.render(SysbenchGoldenInputs.faultyRun(), 95));
  }

  @Test
  void summaryWithPercentileDisabled() {
    assertGolden(
        "summary-percentile-off.txt", SysbenchSummary.render(SysbenchGoldenInputs.faultyRun(), 0));
  }

  @Test
  void summaryWithANonIntegerPercentile() {
    assertGolden(
        "summary-percentile-99.9.txt",
        SysbenchSummary.render(SysbenchGoldenInputs.faultyRun(), 99.9));
  }

  @Test
  void summaryOfARunWithoutEvents() {
    assertGolden("summary-empty.txt", SysbenchSummary.render(SysbenchGoldenInputs.emptyRun(), 95));
  }

  @Test
  void histogramBlock() {
    assertGolden(
        "histogram.txt",
        SysbenchHistogramBlock.render(
            SysbenchBuckets.fromMicros(SysbenchGoldenInputs.faultyRun().mergedLatencies())));
  }

  @Test
  void histogramBlockWithoutEvents() {
    assertGolden(
        "histogram-empty.txt",
        SysbenchHistogramBlock.render(
            SysbenchBuckets.fromMicros(SysbenchGoldenInputs.emptyRun().mergedLatencies())));
  }

  @Test
  void transactionTableOfTheSmallFixedRun() {
    assertGolden(
        "transactions-small.txt",
        TransactionTable.render(RunTotalsFixture.run(), RunTotalsFixture.WAREHOUSES, false));
  }

  @Test
  void transactionTableWithEveryOutcome() {
    assertGolden(
        "transactions.txt", TransactionTable.render(SysbenchGoldenInputs.faultyRun(), 10, false));
  }

  @Test
  void transactionTableOfARunWithoutEvents() {
    assertGolden(
        "transactions-empty.txt",
        TransactionTable.render(SysbenchGoldenInputs.emptyRun(), 1, false));
  }
}
