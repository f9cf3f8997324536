package org.tpccpg.driver.tpcb;

import java.util.StringJoiner;
import org.tpccpg.driver.report.CFormat;

/**
 * pgbench 15's closing block, byte for byte, then one line of latency percentiles that pgbench
 * lacks. Pure: formats a {@link TpcbResult}.
 */
final class TpcbReport {
  private static final double[] PERCENTILES = {50, 90, 95, 99};

  private TpcbReport() {}

  static String render(TpcbResult result) {
    StringBuilder out = new StringBuilder();
    header(out, result);
    latencyAndTps(out, result);
    if (result.scripts().size() > 1) {
      for (int i = 0; i < result.scripts().size(); i++) {
        scriptBlock(out, result, i);
      }
    } else if (result.config().reportPerCommand()) {
      commandLines(out, "", result.scripts().get(0));
    }
    out.append(percentiles(result)).append('\n');
    return out.toString();
  }

  private static void header(StringBuilder out, TpcbResult result) {
    TpcbRunConfig config = result.config();
    String type =
        config.scripts().size() == 1
            ? config.scripts().get(0).script().description()
            : "multiple scripts";
    line(out, "transaction type: " + type);
    line(out, "scaling factor: " + result.scale());
    if (result.partitions() > 0) {
      line(out, "partition method: " + result.partitionMethod());
      line(out, "partitions: " + result.partitions());
    }
    line(out, "query mode: " + config.queryMode().label());
    line(out, "number of clients: " + config.clients());
    line(out, "number of threads: " + config.threads());
    line(out, "maximum number of tries: 1");
    long processed = result.totals().count();
    if (config.timed()) {
      line(out, "duration: " + config.durationSeconds() + " s");
      line(out, "number of transactions actually processed: " + processed);
    } else {
      long expected = config.transactionsPerClient() * config.clients();
      line(out, "number of transactions per client: " + config.transactionsPerClient());
      line(out, "number of transactions actually processed: " + processed + "/" + expected);
    }
    line(out, "number of failed transactions: 0 (0.000%)");
  }

  private static void latencyAndTps(StringBuilder out, TpcbResult result) {
    TpcbRunConfig config = result.config();
    ClientStats.Totals totals = result.totals();
    if (config.latencyMeasured()) {
      line(out, "latency average = " + ms(totals.averageMillis()) + " ms");
      line(out, "latency stddev = " + ms(totals.stddevMillis()) + " ms");
    } else {
      double average =
          totals.count() == 0
              ? 0
              : 1000.0 * result.benchSeconds() * config.clients() / totals.count();
      line(out, "latency average = " + ms(average) + " ms");
    }
    String tps = CFormat.fixed(tps(totals.count(), result), 6);
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
    long all = result.totals().count();
    ClientStats.Totals totals = script.totals();
    line(out, "SQL script " + (index + 1) + ": " + script.script().script().description());
    line(
        out,
        " - weight: "
            + script.script().weight()
            + " (targets "
            + CFormat.fixed(100.0 * script.script().weight() / totalWeight, 1)
            + "% of total)");
    line(
        out,
        " - "
            + totals.count()
            + " transactions ("
            + CFormat.fixed(all == 0 ? 0 : 100.0 * totals.count() / all, 1)
            + "% of total, tps = "
            + CFormat.fixed(tps(totals.count(), result), 6)
            + ")");
    line(out, " - number of failed transactions: 0 (0.000%)");
    line(out, " - latency average = " + ms(totals.averageMillis()) + " ms");
    line(out, " - latency stddev = " + ms(totals.stddevMillis()) + " ms");
    if (result.config().reportPerCommand()) {
      commandLines(out, " - ", script);
    }
  }

  private static void commandLines(StringBuilder out, String prefix, ScriptResult script) {
    line(out, prefix + "statement latencies in milliseconds and failures:");
    var commands = script.script().script().commands();
    for (int i = 0; i < commands.size(); i++) {
      line(
          out,
          "   "
              + CFormat.fixed(script.commandMillis()[i], 11, 3)
              + "  "
              + CFormat.right("0", 10)
              + "  "
              + commands.get(i).text());
    }
  }

  /** {@code latency percentiles: p50 = 0.845 ms, ..., max = 20.111 ms}, from HdrHistogram. */
  static String percentiles(TpcbResult result) {
    StringJoiner line = new StringJoiner(", ", "latency percentiles: ", "");
    for (double p : PERCENTILES) {
      long micros = result.latencies().getValueAtPercentile(p);
      line.add("p" + CFormat.percentileLabel(p) + " = " + ms(micros / 1000.0) + " ms");
    }
    line.add("max = " + ms(result.latencies().getMaxValue() / 1000.0) + " ms");
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
