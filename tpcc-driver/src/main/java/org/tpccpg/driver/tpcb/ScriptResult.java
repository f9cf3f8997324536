package org.tpccpg.driver.tpcb;

import java.util.Objects;

/**
 * What only pgbench reports of one script: per command ({@code -r}), its average time and the
 * failures and retries it caused.
 *
 * @param script the script and its weight
 * @param commandMillis the average time of each command in ms, in script order
 * @param commandFailures per command, the transactions that failed for good in it
 * @param commandRetries per command, the retries its errors caused
 */
record ScriptResult(
    WeightedScript script, double[] commandMillis, long[] commandFailures, long[] commandRetries) {
  /** Without failures or retries. */
  ScriptResult(WeightedScript script, double[] commandMillis) {
    this(script, commandMillis, new long[commandMillis.length], new long[commandMillis.length]);
  }

  ScriptResult {
    Objects.requireNonNull(script, "script");
    commandMillis = commandMillis.clone();
    commandFailures = commandFailures.clone();
    commandRetries = commandRetries.clone();
    if (commandFailures.length != commandMillis.length
        || commandRetries.length != commandMillis.length) {
      throw new IllegalArgumentException(
          "commandFailures and commandRetries must have as many entries as commandMillis");
    }
    if (commandMillis.length != script.commandLines().size()) {
      throw new IllegalArgumentException(
          "commandMillis must have "
              + script.commandLines().size()
              + " entries but had "
              + commandMillis.length);
    }
  }
}
