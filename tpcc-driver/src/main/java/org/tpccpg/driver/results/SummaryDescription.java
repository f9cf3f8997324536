package org.tpccpg.driver.results;

import org.tpccpg.driver.metrics.RunResult;

/**
 * What a workload adds to {@code summary.json} around the figures all workloads share: how the run
 * was set up, and the figures only it has.
 */
public interface SummaryDescription {
  /** {@code tpcc} or {@code tpcb}. */
  String workload();

  /**
   * Writes the members that describe the run: where it ran ({@code target}, never a password), its
   * {@code options}, its effective {@code config} with every seed, the {@code server}.
   */
  void describe(JsonWriter json);

  /** Writes the members of the figures only this workload has (tpmC; pgbench's connection time). */
  void figures(JsonWriter json, RunResult result);
}
