package org.tpccpg.driver.tpcb;

/**
 * What a run prints on stderr besides pgbench's usual lines.
 *
 * @param progressTimestamp {@code --progress-timestamp}: {@code -P} lines show the Unix epoch time
 * @param verboseErrors {@code --verbose-errors}: every error, retried or not, gets a line
 * @param debug {@code -d} ({@code --debug}): what each client executes, sends and receives
 * @param pgbench {@code --pgbench-version}: whose closing block the run prints
 */
public record TpcbMessages(
    boolean progressTimestamp, boolean verboseErrors, boolean debug, PgbenchVersion pgbench) {
  /** pgbench's defaults: none of them. */
  public static final TpcbMessages NONE = new TpcbMessages(false, false, false);

  public TpcbMessages {
    java.util.Objects.requireNonNull(pgbench, "pgbench");
  }

  /** With {@link PgbenchVersion#DEFAULT}'s block. */
  public TpcbMessages(boolean progressTimestamp, boolean verboseErrors, boolean debug) {
    this(progressTimestamp, verboseErrors, debug, PgbenchVersion.DEFAULT);
  }
}
