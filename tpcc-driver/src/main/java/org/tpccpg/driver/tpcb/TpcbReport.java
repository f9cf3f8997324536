package org.tpccpg.driver.tpcb;

import java.util.List;
import java.util.StringJoiner;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.metrics.DipCauses;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.report.CFormat;
import org.tpccpg.driver.report.StabilityLines;

/**
 * pgbench's closing block, byte for byte, as the {@link PgbenchVersion} of the run's {@code
 * --pgbench-version} prints it (15 by default), then one line of latency percentiles that pgbench
 * lacks. Pure: formats a {@link TpcbResult}.
 */
final class TpcbReport {
  private static final double[] PERCENTILES = {50, 90, 95, 99};

  private TpcbReport() {}

  static String render(TpcbResult result) {
    return render(result, false, DipCauses.NONE);
  }

  /**
   * The block for a run that a signal may have ended before its {@code -T}: pgbench prints no block
   * then (it dies), and its {@code duration:} line is the {@code -T} asked for. Here the line keeps
   * its format but gives the seconds actually run, and a line after the block says the run stopped
   * early; every rate is over the time actually run either way.
   *
   * @param stoppedEarly whether Ctrl-C or SIGTERM ended a timed run before its end
   * @param dipCauses what the server statistics name as the causes of the run's dips
   */
  static String render(TpcbResult result, boolean stoppedEarly, DipCauses dipCauses) {
    boolean early = stoppedEarly && result.config().timed();
    StringBuilder out = new StringBuilder();
    pgbenchBlock(out, result, early);
    out.append(percentiles(result)).append('\n');
    if (result.reconnects() > 0 || !result.run().outages().isEmpty()) {
      out.append(FaultLine.render(result.reconnects(), result.run().outages())).append('\n');
    }
    out.append(StabilityLines.render(result.run().stability(), result.benchSeconds(), dipCauses));
    if (early) {
      line(
          out,
          "stopped early: ran "
              + CFormat.fixed(result.benchSeconds(), 3)
              + " s of the "
              + result.config().durationSeconds()
              + " s asked for (-T)");
    }
    return out.toString();
  }

  /**
   * pgbench's printResults: the header, the outcomes, latency and tps, the scripts' blocks. Its
   * remaining figures are nonsensical when nothing ran, so pgbench ends the block early then: 15 to
   * 17 after the retries when nothing succeeded or was skipped, 18 before the failures when nothing
   * started at all (every client aborted).
   */
  private static void pgbenchBlock(StringBuilder out, TpcbResult result, boolean early) {
    KindTotals totals = result.totals();
    RunLimits limits = result.config().limits();
    PgbenchVersion version = result.config().messages().pgbench();
    header(out, result, early);
    if (version.endsBlockBeforeFailuresWhenNothingStarted() && totals.attempted() <= 0) {
      return;
    }
    failureLines(out, "", totals, limits, version);
    if (!version.endsBlockBeforeFailuresWhenNothingStarted()
        && totals.completed() + totals.skipped() <= 0) {
      return;
    }
    skipAndLateLines(out, "", totals, limits);
    latencyAndTps(out, result);
    if (result.scripts().size() > 1) {
      for (int i = 0; i < result.scripts().size(); i++) {
        scriptBlock(out, result, i);
      }
    } else if (result.config().reportPerCommand()) {
      commandLines(out, "", result.scripts().get(0), limits, version);
    }
  }

  private static void header(StringBuilder out, TpcbResult result, boolean stoppedEarly) {
    TpcbRunConfig config = result.config();
    String type =
        config.scripts().size() == 1 ? config.scripts().get(0).description() : "multiple scripts";
    line(out, "transaction type: " + type);
    line(out, "scaling factor: " + result.scale());
    if (result.partitions() > 0) {
      line(out, "partition method: " + result.partitionMethod());
      line(out, "partitions: " + result.partitions());
    }
    line(out, "query mode: " + config.statementMode().label());
    line(out, "number of clients: " + config.clients());
    line(out, "number of threads: " + config.threads());
    if (config.limits().maxTries() != 0) {
      line(out, "maximum number of tries: " + config.limits().maxTries());
    }
    long processed = result.totals().completed();
    if (config.timed()) {
      long seconds = stoppedEarly ? Math.round(result.benchSeconds()) : config.durationSeconds();
      line(out, "duration: " + seconds + " s");
      line(out, "number of transactions actually processed: " + processed);
    } else {
      long expected = config.transactionsPerClient() * config.clients();
      line(out, "number of transactions per client: " + config.transactionsPerClient());
      line(out, "number of transactions actually processed: " + processed + "/" + expected);
    }
  }

  /** Failures, retries, skips and late transactions, as pgbench prints them for its options. */
  private static void outcomes(
      StringBuilder out,
      String prefix,
      KindTotals totals,
      RunLimits limits,
      PgbenchVersion version) {
    failureLines(out, prefix, totals, limits, version);
    skipAndLateLines(out, prefix, totals, limits);
  }

  /**
   * The failures (split with {@code --failures-detailed}, from 19 with the other failures) and,
   * with retries, the retries.
   */
  private static void failureLines(
      StringBuilder out,
      String prefix,
      KindTotals totals,
      RunLimits limits,
      PgbenchVersion version) {
    long all = totals.attempted();
    line(out, prefix + "number of failed transactions: " + share(totals.failed(), all));
    if (limits.failuresDetailed()) {
      // pgbench 15 splits the failures in the header and in each script's block alike.
      line(
          out,
          prefix
              + "number of serialization failures: "
              + share(totals.serializationFailures(), all));
      line(out, prefix + "number of deadlock failures: " + share(totals.deadlockFailures(), all));
      if (version.reportsOtherFailures()) {
        // pgbench 19's other SQL errors (--continue-on-error); ours also holds lost connections
        long other = totals.failed() - totals.serializationFailures() - totals.deadlockFailures();
        line(out, prefix + "number of other failures: " + share(other, all));
      }
    }
    if (limits.maxTries() != 1) {
      line(out, prefix + "number of transactions retried: " + share(totals.retried(), all));
      line(out, prefix + "total number of retries: " + totals.retries());
    }
  }

  /** The skipped transactions ({@code -R} with {@code -L}) and the late ones ({@code -L}). */
  private static void skipAndLateLines(
      StringBuilder out, String prefix, KindTotals totals, RunLimits limits) {
    long all = totals.attempted();
    if (limits.skipsLate()) {
      line(out, prefix + "number of transactions skipped: " + share(totals.skipped(), all));
    }
    if (limits.latencyLimited() && prefix.isEmpty()) {
      line(
          out,
          "number of transactions above the "
              + CFormat.fixed(limits.latencyLimitMicros() / 1000.0, 1)
              + " ms latency limit: "
              + totals.late()
              + "/"
              + totals.completed()
              + " ("
              + percent(totals.late(), totals.completed())
              + "%)");
    }
  }

  /** {@code 12 (3.456%)}. */
  private static String share(long part, long all) {
    return part + " (" + percent(part, all) + "%)";
  }

  /** {@code %.3f} of the share, {@code NaN} of none, as pgbench's own snprintf prints 0 / 0. */
  private static String percent(long part, long all) {
    return all == 0 ? "NaN" : CFormat.fixed(100.0 * part / all, 3);
  }

  private static void latencyAndTps(StringBuilder out, TpcbResult result) {
    TpcbRunConfig config = result.config();
    KindTotals totals = result.totals();
    if (config.latencyMeasured()) {
      line(out, "latency average = " + ms(totals.averageMillis()) + " ms");
      line(out, "latency stddev = " + ms(totals.stddevMillis()) + " ms");
    } else {
      double average =
          totals.attempted() == 0
              ? 0
              : 1000.0 * result.benchSeconds() * config.clients() / totals.attempted();
      String failures = totals.failed() > 0 ? " (including failures)" : "";
      line(out, "latency average = " + ms(average) + " ms" + failures);
    }
    if (config.limits().throttled()) {
      line(
          out,
          "rate limit schedule lag: avg "
              + ms(totals.averageLagMillis())
              + " (max "
              + ms(totals.lagMaxMillis())
              + ") ms");
    }
    String tps = CFormat.fixed(tps(totals.completed(), result), 6);
    if (config.connectPerTransaction()) {
      line(out, "average connection time = " + ms(result.connectionMillis()) + " ms");
      line(out, "tps = " + tps + " (including reconnection times)");
    } else {
      line(out, "initial connection time = " + ms(result.connectionMillis()) + " ms");
      line(out, "tps = " + tps + " (without initial connection time)");
    }
  }

  private static void scriptBlock(StringBuilder out, TpcbResult result, int index) {
    ScriptResult script = result.scripts().get(index);
    long totalWeight = result.config().scripts().stream().mapToLong(WeightedScript::weight).sum();
    long all = result.totals().completed();
    KindTotals totals = result.totals(index);
    line(out, "SQL script " + (index + 1) + ": " + script.script().description());
    line(
        out,
        " - weight: "
            + script.script().weight()
            + " (targets "
            + CFormat.fixed(100.0 * script.script().weight() / totalWeight, 1)
            + "% of total)");
    if (result.config().messages().pgbench().perScriptProcessedLine()) {
      processedLines(out, result, totals);
    } else {
      line(
          out,
          " - "
              + totals.completed()
              + " transactions ("
              + CFormat.fixed(all == 0 ? 0 : 100.0 * totals.completed() / all, 1)
              + "% of total, tps = "
              + CFormat.fixed(tps(totals.completed(), result), 6)
              + ")");
      outcomes(out, " - ", totals, result.config().limits(), result.config().messages().pgbench());
    }
    if (totals.completed() > 0) { // pgbench's printSimpleStats prints nothing without one
      line(out, " - latency average = " + ms(totals.averageMillis()) + " ms");
      line(out, " - latency stddev = " + ms(totals.stddevMillis()) + " ms");
    }
    if (result.config().reportPerCommand()) {
      commandLines(
          out, " - ", script, result.config().limits(), result.config().messages().pgbench());
    }
  }

  /**
   * pgbench 18's lines: every transaction the script started (processed, skipped, failed) and its
   * share of all started, then, when there is one, the processed ones with their tps and the
   * outcomes.
   */
  private static void processedLines(StringBuilder out, TpcbResult result, KindTotals totals) {
    long started = totals.attempted();
    long all = result.totals().attempted();
    line(
        out,
        " - "
            + started
            + " transactions ("
            + CFormat.fixed(all == 0 ? 0 : 100.0 * started / all, 1)
            + "% of total)");
    if (started > 0) {
      line(
          out,
          " - number of transactions actually processed: "
              + totals.completed()
              + " (tps = "
              + CFormat.fixed(tps(totals.completed(), result), 6)
              + ")");
      outcomes(out, " - ", totals, result.config().limits(), result.config().messages().pgbench());
    }
  }

  private static void commandLines(
      StringBuilder out,
      String prefix,
      ScriptResult script,
      RunLimits limits,
      PgbenchVersion version) {
    boolean retries = limits.maxTries() != 1;
    String gap = version.commandColumnGap();
    line(
        out,
        prefix
            + (retries
                ? "statement latencies in milliseconds, failures and retries:"
                : "statement latencies in milliseconds and failures:"));
    List<String> commands = script.script().commandLines();
    for (int i = 0; i < commands.size(); i++) {
      StringBuilder text =
          new StringBuilder("   ")
              .append(CFormat.fixed(script.commandMillis()[i], 11, 3))
              .append("  ")
              .append(CFormat.right(Long.toString(script.commandFailures()[i]), 10));
      if (retries) {
        text.append(gap).append(CFormat.right(Long.toString(script.commandRetries()[i]), 10));
      }
      line(out, text.append(gap).append(commands.get(i)).toString());
    }
  }

  /** {@code latency percentiles: p50 = 0.845 ms, ..., max = 20.111 ms}, from HdrHistogram. */
  static String percentiles(TpcbResult result) {
    StringJoiner line = new StringJoiner(", ", "latency percentiles: ", "");
    Histogram latencies = result.run().mergedLatencies();
    for (double p : PERCENTILES) {
      long micros = latencies.getValueAtPercentile(p);
      line.add("p" + CFormat.percentileLabel(p) + " = " + ms(micros / 1000.0) + " ms");
    }
    line.add("max = " + ms(latencies.getMaxValue() / 1000.0) + " ms");
    return line.toString();
  }

  private static double tps(long count, TpcbResult result) {
    return result.benchSeconds() <= 0 ? 0 : count / result.benchSeconds();
  }

  private static String ms(double millis) {
    return CFormat.fixed(millis, 3);
  }

  private static void line(StringBuilder out, String text) {
    out.append(text).append('\n');
  }
}
