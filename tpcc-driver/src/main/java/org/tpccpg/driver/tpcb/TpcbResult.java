package org.tpccpg.driver.tpcb;

import java.util.List;
import java.util.Objects;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.metrics.OutageTracker;

/**
 * The figures of a finished run, which {@link TpcbReport} prints as pgbench does.
 *
 * @param config the run
 * @param scale the scaling factor, {@code count(*)} of {@code pgbench_branches}
 * @param partitionMethod {@code range} or {@code hash} when {@code pgbench_accounts} is
 *     partitioned, else empty
 * @param partitions the number of partitions, 0 when not partitioned
 * @param benchSeconds the time the tps is computed over: from the last initial connection to the
 *     end, or with {@code -C} from the start (reconnections included)
 * @param connectionMillis the initial connection time, or with {@code -C} the average per
 *     connection, in ms
 * @param scripts per script, in {@code config.scripts()} order
 * @param latencies all latencies in µs, for the percentiles after pgbench's block
 * @param reconnects lost connections the clients replaced
 * @param outages the outages, in the order they started
 */
record TpcbResult(
    TpcbRunConfig config,
    int scale,
    String partitionMethod,
    int partitions,
    double benchSeconds,
    double connectionMillis,
    List<ScriptResult> scripts,
    Histogram latencies,
    long reconnects,
    List<OutageTracker.Outage> outages) {
  /** A run without lost connections. */
  TpcbResult(
      TpcbRunConfig config,
      int scale,
      String partitionMethod,
      int partitions,
      double benchSeconds,
      double connectionMillis,
      List<ScriptResult> scripts,
      Histogram latencies) {
    this(
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

  TpcbResult {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(partitionMethod, "partitionMethod");
    Objects.requireNonNull(latencies, "latencies");
    scripts = List.copyOf(scripts);
    outages = List.copyOf(outages);
    if (reconnects < 0) {
      throw new IllegalArgumentException("reconnects must be >= 0 but was " + reconnects);
    }
    if (scripts.size() != config.scripts().size()) {
      throw new IllegalArgumentException(
          "scripts must have " + config.scripts().size() + " entries but had " + scripts.size());
    }
    if (benchSeconds < 0) {
      throw new IllegalArgumentException("benchSeconds must be >= 0 but was " + benchSeconds);
    }
  }

  /** All scripts together. */
  Totals totals() {
    Totals sum = Totals.ZERO;
    for (ScriptResult script : scripts) {
      sum = sum.plus(script.totals());
    }
    return sum;
  }
}
