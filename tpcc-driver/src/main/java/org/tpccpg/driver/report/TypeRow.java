package org.tpccpg.driver.report;

import java.util.Objects;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.metrics.KindTotals;

/**
 * One row of {@link TransactionTable}: a transaction type's counts, its latencies and its round
 * trips per completed transaction.
 *
 * @param name the type's label, or "total"
 * @param completed completed transactions
 * @param errors failed tries (sysbench's ignored errors)
 * @param failed transactions that failed for good
 * @param rollbacks completed transactions rolled back on purpose
 * @param roundTripsPerTransaction the client's waits for the server per completed transaction
 * @param latencies the latencies in microseconds; not copied
 */
public record TypeRow(
    String name,
    long completed,
    long errors,
    long failed,
    long rollbacks,
    double roundTripsPerTransaction,
    Histogram latencies) {

  public TypeRow {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(latencies, "latencies");
  }

  /** The row of a run's kind. */
  public static TypeRow of(String name, KindTotals k, Histogram latencies) {
    return new TypeRow(
        name,
        k.completed(),
        k.tryFailures(),
        k.failed(),
        k.rolledBack(),
        k.roundTripsPerTransaction(),
        latencies);
  }
}
