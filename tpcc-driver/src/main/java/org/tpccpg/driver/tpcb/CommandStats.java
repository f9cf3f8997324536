package org.tpccpg.driver.tpcb;

/**
 * One client's figures that only pgbench has: time, failures and retries per command of each script
 * ({@code -r}). Plain fields: the client thread writes them, and they are read only after it has
 * ended ({@link Thread#join()} orders them). Everything else goes to the engine's shared counters.
 */
final class CommandStats {
  private final long[][] commandNanos;
  private final long[][] commandRuns;
  private final long[][] commandFailures;
  private final long[][] commandRetries;

  CommandStats(int scripts, int maxCommands) {
    this.commandNanos = new long[scripts][maxCommands];
    this.commandRuns = new long[scripts][maxCommands];
    this.commandFailures = new long[scripts][maxCommands];
    this.commandRetries = new long[scripts][maxCommands];
  }

  /** Command {@code command} of script {@code script} took {@code nanos}. */
  void commandDone(int script, int command, long nanos) {
    commandNanos[script][command] += nanos;
    commandRuns[script][command]++;
  }

  /** A transaction failed for good in command {@code command}. */
  void commandFailed(int script, int command) {
    commandFailures[script][command]++;
  }

  /** Command {@code command} failed and the transaction is tried again. */
  void commandRetried(int script, int command) {
    commandRetries[script][command]++;
  }

  long commandNanos(int script, int command) {
    return commandNanos[script][command];
  }

  /** How many times the command ran to its end. */
  long commandRuns(int script, int command) {
    return commandRuns[script][command];
  }

  long commandFailures(int script, int command) {
    return commandFailures[script][command];
  }

  long commandRetries(int script, int command) {
    return commandRetries[script][command];
  }
}
