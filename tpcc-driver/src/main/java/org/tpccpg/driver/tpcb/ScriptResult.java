package org.tpccpg.driver.tpcb;

import java.util.Objects;

/**
 * What one script did in a run.
 *
 * @param script the script and its weight
 * @param totals its transactions and their latencies
 * @param commandMillis the average time of each command in ms, in script order ({@code -r})
 */
record ScriptResult(WeightedScript script, ClientStats.Totals totals, double[] commandMillis) {
  ScriptResult {
    Objects.requireNonNull(script, "script");
    Objects.requireNonNull(totals, "totals");
    commandMillis = commandMillis.clone();
    if (commandMillis.length != script.script().commands().size()) {
      throw new IllegalArgumentException(
          "commandMillis must have "
              + script.script().commands().size()
              + " entries but had "
              + commandMillis.length);
    }
  }
}
