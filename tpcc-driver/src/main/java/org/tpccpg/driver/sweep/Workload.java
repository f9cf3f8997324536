package org.tpccpg.driver.sweep;

import java.util.List;

/**
 * What a cell runs.
 *
 * @param name as in {@code [workload NAME]}, unique, in cell ids
 * @param kind {@code tpcb} ({@code tpcc tpcb} with pgbench's options) or {@code tpcc} ({@code tpcc
 *     run} with its options)
 * @param options the run's options, without those the sweep sets itself (clients, duration,
 *     connection, results, seed)
 * @param prepare whether to prepare the data on each target first ({@code tpcb -i}, {@code
 *     prepare})
 * @param prepareOptions extra arguments for that, e.g. {@code -s 10} or {@code --threads=4}
 * @param length its cells' own {@code duration} or {@code events}, or null for the sweep's
 */
public record Workload(
    String name,
    String kind,
    List<String> options,
    boolean prepare,
    List<String> prepareOptions,
    CellLength length) {
  public static final String TPCB = "tpcb";
  public static final String TPCC = "tpcc";

  public Workload {
    options = List.copyOf(options);
    prepareOptions = List.copyOf(prepareOptions);
  }
}
