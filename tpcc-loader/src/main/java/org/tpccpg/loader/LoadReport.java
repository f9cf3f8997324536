package org.tpccpg.loader;

import java.time.Duration;
import java.util.Map;

/**
 * What a finished load did: the time of each phase and, per table, the rows and bytes sent.
 *
 * @param phaseTimes wall-clock time of each phase that ran
 * @param total wall-clock time of the whole load
 */
public record LoadReport(Map<LoadPhase, Duration> phaseTimes, Duration total) {
  public LoadReport {
    phaseTimes = Map.copyOf(phaseTimes);
  }
}
