package org.tpccpg.driver.tpcb;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.metrics.CounterSnapshot;
import org.tpccpg.driver.metrics.CounterTotals;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.OutageTracker;
import org.tpccpg.driver.metrics.ResultFixtures;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.ThreadTotals;

/** Builds a {@link TpcbResult} from the figures pgbench's tests state per script. */
final class ResultBuilder {
  /** One script's figures: its per-command lines and its totals. */
  record ScriptFigures(ScriptResult commands, Totals totals) {}

  private ResultBuilder() {}

  static ScriptFigures script(WeightedScript script, Totals totals, double[] commandMillis) {
    return new ScriptFigures(new ScriptResult(script, commandMillis), totals);
  }

  static ScriptFigures script(
      WeightedScript script,
      Totals totals,
      double[] commandMillis,
      long[] commandFailures,
      long[] commandRetries) {
    return new ScriptFigures(
        new ScriptResult(script, commandMillis, commandFailures, commandRetries), totals);
  }

  /** A run without lost connections. */
  static TpcbResult result(
      TpcbRunConfig config,
      int scale,
      String partitionMethod,
      int partitions,
      double benchSeconds,
      double connectionMillis,
      List<ScriptFigures> scripts,
      Histogram latencies) {
    return result(
        config,
        scale,
        partitionMethod,
        partitions,
        benchSeconds,
        connectionMillis,
        scripts,
        latencies,
        0,
        List.of());
  }

  /**
   * @param latencies every latency of the run in µs (the report prints only their percentiles)
   */
  static TpcbResult result(
      TpcbRunConfig config,
      int scale,
      String partitionMethod,
      int partitions,
      double benchSeconds,
      double connectionMillis,
      List<ScriptFigures> scripts,
      Histogram latencies,
      long reconnects,
      List<OutageTracker.Outage> outages) {
    List<KindTotals> kinds = new ArrayList<>();
    List<ScriptResult> commands = new ArrayList<>();
    KindTotals all = KindTotals.ZERO;
    for (ScriptFigures s : scripts) {
      kinds.add(s.totals().kind());
      commands.add(s.commands());
      all = all.plus(s.totals().kind());
    }
    List<Histogram> perKind = ResultFixtures.emptyHistograms(scripts.size());
    perKind.get(0).add(latencies);
    CounterSnapshot counters =
        new CounterSnapshot(
            new CounterTotals(all.completed(), 0, 0, 0, 0, reconnects, all.latencySumNanos()),
            kinds,
            ResultFixtures.noFailures(),
            List.of(new ThreadTotals(all.completed(), all.latencySumNanos(), 0, 0)));
    RunResult run =
        new RunResult(
            TpcbSummary.scriptLabels(config.scripts()),
            benchSeconds,
            connectionMillis,
            counters,
            perKind,
            outages,
            RunResult.Ending.COMPLETED);
    return new TpcbResult(
        config, scale, partitionMethod, partitions, connectionMillis, commands, run);
  }
}
