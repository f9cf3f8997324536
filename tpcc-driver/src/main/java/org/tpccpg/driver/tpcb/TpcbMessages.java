package org.tpccpg.driver.tpcb;

/**
 * What a run prints on stderr besides pgbench's usual lines.
 *
 * @param progressTimestamp {@code --progress-timestamp}: {@code -P} lines show the Unix epoch time
 * @param verboseErrors {@code --verbose-errors}: every error, retried or not, gets a line
 * @param debug {@code -d}: what each client executes, sends and receives
 */
public record TpcbMessages(boolean progressTimestamp, boolean verboseErrors, boolean debug) {
  /** pgbench's defaults: none of them. */
  public static final TpcbMessages NONE = new TpcbMessages(false, false, false);
}
