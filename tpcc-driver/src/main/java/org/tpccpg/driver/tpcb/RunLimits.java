package org.tpccpg.driver.tpcb;

/**
 * How a run paces, limits and retries its transactions, validated at construction.
 *
 * @param maxTries {@code --max-tries}: tries of a transaction that fails with 40001 or 40P01, 0 for
 *     no limit (then the run needs a duration or a latency limit)
 * @param failuresDetailed {@code --failures-detailed}: split failures into serialization and
 *     deadlock
 * @param rate {@code -R}: target transactions per second of the whole run, 0 for as fast as
 *     possible
 * @param latencyLimitMicros {@code -L} in µs, 0 for none
 * @param exitOnAbort {@code --exit-on-abort}: the first aborted client, a lost connection included,
 *     ends the run (pgbench 17)
 * @param continueOnError {@code --continue-on-error}: a transaction that gets any other error from
 *     the server rolls back and fails, and the client goes on (pgbench 19)
 */
public record RunLimits(
    int maxTries,
    boolean failuresDetailed,
    double rate,
    long latencyLimitMicros,
    boolean exitOnAbort,
    boolean continueOnError) {
  /** pgbench's defaults: one try, no rate, no latency limit; connection loss reconnects. */
  public static final RunLimits DEFAULT = new RunLimits(1, false, 0, 0, false, false);

  /** Without {@code --continue-on-error}. */
  public RunLimits(
      int maxTries,
      boolean failuresDetailed,
      double rate,
      long latencyLimitMicros,
      boolean exitOnAbort) {
    this(maxTries, failuresDetailed, rate, latencyLimitMicros, exitOnAbort, false);
  }

  public RunLimits {
    if (maxTries < 0) {
      throw new IllegalArgumentException("maxTries must be >= 0 but was " + maxTries);
    }
    if (!(rate >= 0) || Double.isInfinite(rate)) {
      throw new IllegalArgumentException("rate must be >= 0 and finite but was " + rate);
    }
    if (latencyLimitMicros < 0) {
      throw new IllegalArgumentException(
          "latencyLimitMicros must be >= 0 but was " + latencyLimitMicros);
    }
  }

  /** Whether {@code -R} paces the clients. */
  public boolean throttled() {
    return rate > 0;
  }

  /** Whether {@code -L} is set. */
  public boolean latencyLimited() {
    return latencyLimitMicros > 0;
  }

  /** Whether late transactions are skipped ({@code -R} with {@code -L}). */
  public boolean skipsLate() {
    return throttled() && latencyLimited();
  }
}
