package org.tpccpg.driver.sweep;

import java.util.Map;

/**
 * One run of a sweep: a workload on a target with a client count, a combination of the settings
 * dimension and a repeat number.
 *
 * @param id {@code TARGET.WORKLOAD.cCLIENTS[.sN].rREPEAT}, also its directory's name under runs/
 * @param target the target's name
 * @param workload the workload's name
 * @param clients client connections
 * @param repeat 1-based
 * @param settings the combination applied to the target for it; empty without a settings dimension
 * @param seed the run's random seed, the same for every cell of the sweep
 */
public record Cell(
    String id,
    String target,
    String workload,
    int clients,
    int repeat,
    Map<String, String> settings,
    long seed) {
  public Cell {
    settings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(settings));
  }

  /** The directory of its results, relative to the bundle. */
  public String dir() {
    return "runs/" + id;
  }
}
