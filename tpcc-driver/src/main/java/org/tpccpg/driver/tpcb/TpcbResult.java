package org.tpccpg.driver.tpcb;

import java.util.List;
import java.util.Objects;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.RunResult;

/**
 * A finished pgbench run, which {@link TpcbReport} prints as pgbench does: the engine's {@link
 * RunResult} (a kind per script, in {@code config.scripts()} order) and what only pgbench reports.
 *
 * @param config the run
 * @param scale the scaling factor, {@code count(*)} of {@code pgbench_branches}
 * @param partitionMethod {@code range} or {@code hash} when {@code pgbench_accounts} is
 *     partitioned, else empty
 * @param partitions the number of partitions, 0 when not partitioned
 * @param connectionMillis the initial connection time, or with {@code -C} the average per
 *     connection, in ms
 * @param scripts per script, in {@code config.scripts()} order, its per-command figures
 * @param run the figures; its elapsed time is pgbench's: from the last initial connection to the
 *     end, or with {@code -C} from the start (reconnections included)
 */
record TpcbResult(
    TpcbRunConfig config,
    int scale,
    String partitionMethod,
    int partitions,
    double connectionMillis,
    List<ScriptResult> scripts,
    RunResult run) {

  TpcbResult {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(partitionMethod, "partitionMethod");
    Objects.requireNonNull(run, "run");
    scripts = List.copyOf(scripts);
    if (scripts.size() != config.scripts().size() || run.kinds().size() != scripts.size()) {
      throw new IllegalArgumentException(
          "scripts and run must have "
              + config.scripts().size()
              + " scripts but had "
              + scripts.size()
              + " and "
              + run.kinds().size());
    }
  }

  /** All scripts together. */
  KindTotals totals() {
    return run.counters().allKinds();
  }

  /** One script's figures. */
  KindTotals totals(int script) {
    return run.kind(script);
  }

  /** The time the rates are over. */
  double benchSeconds() {
    return run.elapsedSeconds();
  }

  /** Lost connections the clients replaced. */
  long reconnects() {
    return run.counters().total().reconnects();
  }
}
