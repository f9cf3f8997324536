package org.tpccpg.driver.tpcb;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.golden.GoldenFile;

/**
 * Pins the whole text of the pgbench format that {@code tpcc tpcb} prints (the {@code -P} lines and
 * the closing block with our percentiles and fault lines) against the golden files in {@code
 * golden/pgbench/}. Regenerate with {@code -Dgolden.update=true} (see {@link GoldenFile}).
 */
class GoldenPgbenchTest {
  /** The lines as the reporter prints them, one per interval. */
  private static String progress(List<PgbenchGoldenInputs.Progress> lines, RunLimits limits) {
    StringBuilder text = new StringBuilder();
    for (PgbenchGoldenInputs.Progress p : lines) {
      text.append(
              ProgressLine.render(
                  p.elapsedSeconds(), p.intervalSeconds(), p.interval().kind(), limits))
          .append('\n');
    }
    return text.toString();
  }

  private static void assertGolden(String name, String rendered) {
    GoldenFile.assertMatches("pgbench/" + name, rendered);
  }

  private static void assertBlock(String name, TpcbResult result) {
    assertGolden(name, TpcbReport.render(result));
  }

  /** {@code result} as {@code --pgbench-version=version} prints it. */
  private static TpcbResult as(PgbenchVersion version, TpcbResult result) {
    TpcbRunConfig c = result.config();
    TpcbMessages m = c.messages();
    TpcbRunConfig versioned =
        new TpcbRunConfig(
            c.scripts(),
            c.clients(),
            c.threads(),
            c.durationSeconds(),
            c.transactionsPerClient(),
            c.statementMode(),
            c.connectPerTransaction(),
            c.progressSeconds(),
            c.reportPerCommand(),
            c.seed(),
            c.vacuum(),
            c.limits(),
            c.log(),
            c.defines(),
            c.scale(),
            new TpcbMessages(m.progressTimestamp(), m.verboseErrors(), m.debug(), version));
    return new TpcbResult(
        versioned,
        result.scale(),
        result.partitionMethod(),
        result.partitions(),
        result.connectionMillis(),
        result.scripts(),
        result.run());
  }

  @Test
  void progressLines() {
    assertGolden(
        "progress.txt", progress(PgbenchGoldenInputs.progressDefault(), RunLimits.DEFAULT));
  }

  @Test
  void progressLinesWithRate() {
    assertGolden(
        "progress-rate.txt",
        progress(PgbenchGoldenInputs.progressRate(), PgbenchGoldenInputs.rate(300, 0)));
  }

  @Test
  void progressLinesWithRateAndLatencyLimit() {
    assertGolden(
        "progress-rate-latency-limit.txt",
        progress(
            PgbenchGoldenInputs.progressRateLatencyLimit(), PgbenchGoldenInputs.rate(300, 5000)));
  }

  @Test
  void progressLinesWithMaxTries() {
    assertGolden(
        "progress-max-tries.txt",
        progress(
            PgbenchGoldenInputs.progressMaxTries(), PgbenchGoldenInputs.maxTries(3, true, 0, 0)));
  }

  @Test
  void progressLinesWithRateLatencyLimitAndMaxTries() {
    assertGolden(
        "progress-all.txt",
        progress(
            PgbenchGoldenInputs.progressAll(), PgbenchGoldenInputs.maxTries(3, true, 400, 3000)));
  }

  @Test
  void blockOfATimedRunWithProgress() {
    assertBlock("block-timed.txt", PgbenchGoldenInputs.timedWithProgress());
  }

  @Test
  void blockOfACountedRunWithPerCommandLatencies() {
    assertBlock("block-counted-per-command.txt", PgbenchGoldenInputs.countedPerCommand());
  }

  @Test
  void blockOfACountedRunWithFailures() {
    assertBlock("block-counted-failures.txt", PgbenchGoldenInputs.countedWithFailures());
  }

  @Test
  void blockWithRate() {
    assertBlock("block-rate.txt", PgbenchGoldenInputs.rateLimited());
  }

  @Test
  void blockWithRateAndLatencyLimit() {
    assertBlock("block-rate-latency-limit.txt", PgbenchGoldenInputs.rateAndLatencyLimit());
  }

  @Test
  void blockWithLatencyLimitOnly() {
    assertBlock("block-latency-limit.txt", PgbenchGoldenInputs.latencyLimitOnly());
  }

  @Test
  void blockWithMaxTriesDetailedFailuresAndPerCommandRetries() {
    assertBlock(
        "block-max-tries-detailed-per-command.txt",
        PgbenchGoldenInputs.maxTriesDetailedPerCommand());
  }

  @Test
  void blockWithDetailedSerializationAndDeadlockFailures() {
    assertBlock("block-failures-detailed.txt", PgbenchGoldenInputs.detailedFailuresWithDeadlocks());
  }

  @Test
  void blockWithUnlimitedTries() {
    assertBlock("block-unlimited-tries.txt", PgbenchGoldenInputs.unlimitedTries());
  }

  @Test
  void blockWithAConnectionPerTransaction() {
    assertBlock("block-connect-per-transaction.txt", PgbenchGoldenInputs.connectPerTransaction());
  }

  @Test
  void blockOfAPreparedRunOnTwoThreads() {
    assertBlock("block-prepared-two-threads.txt", PgbenchGoldenInputs.preparedTwoThreads());
  }

  @Test
  void blockOnPartitionedAccounts() {
    assertBlock("block-partitioned.txt", PgbenchGoldenInputs.partitioned());
  }

  @Test
  void blockOfWeightedScriptsWithPerCommandLatencies() {
    assertBlock("block-scripts-per-command.txt", PgbenchGoldenInputs.multipleScriptsPerCommand());
  }

  @Test
  void blockOfWeightedScriptsWithAConnectionPerTransaction() {
    assertBlock(
        "block-scripts-connect-per-transaction.txt",
        PgbenchGoldenInputs.multipleScriptsConnectPerTransaction());
  }

  @Test
  void blockOfWeightedScriptsWithRetries() {
    assertBlock("block-scripts-retries.txt", PgbenchGoldenInputs.multipleScriptsRetries());
  }

  @Test
  void blockOfWeightedScriptsWithEveryOption() {
    assertBlock("block-scripts-every-option.txt", PgbenchGoldenInputs.multipleScriptsEveryOption());
  }

  @Test
  void blockWithReconnectsAndOutages() {
    assertBlock("block-reconnects-outages.txt", PgbenchGoldenInputs.reconnectsAndOutages());
  }

  // ---- the later layouts, from pgbench's printResults of each release branch (PgbenchVersion) --

  @Test
  void pgbench17sBlockIs15s() {
    TpcbResult every = PgbenchGoldenInputs.multipleScriptsEveryOption();
    assertGolden(
        "block-scripts-every-option.txt", TpcbReport.render(as(PgbenchVersion.V17, every)));
  }

  @Test
  void pgbench18sPerScriptBlockWithEveryOption() {
    assertBlock(
        "block-18-scripts-every-option.txt",
        as(PgbenchVersion.V18, PgbenchGoldenInputs.multipleScriptsEveryOption()));
  }

  @Test
  void pgbench18sPerScriptBlockWithPerCommandLatencies() {
    assertBlock(
        "block-18-scripts-per-command.txt",
        as(PgbenchVersion.V18, PgbenchGoldenInputs.multipleScriptsPerCommand()));
  }

  @Test
  void pgbench19sDetailedFailuresWithOtherFailures() {
    assertBlock(
        "block-19-failures-detailed.txt",
        as(PgbenchVersion.V19, PgbenchGoldenInputs.detailedFailuresWithDeadlocks()));
  }

  @Test
  void pgbench19sPerScriptBlockWithEveryOption() {
    assertBlock(
        "block-19-scripts-every-option.txt",
        as(PgbenchVersion.V19, PgbenchGoldenInputs.multipleScriptsEveryOption()));
  }
}
