package org.tpccpg.driver.metrics;

/**
 * The outcomes of one kind of transaction.
 *
 * @param commits transactions that committed
 * @param rollbacks transactions rolled back as the workload demands (the 1% of new orders with an
 *     unused item, TPC-C 2.4.1.4); they are completed events, not failures
 * @param errors attempts that failed with an ignorable error (deadlock, serialization failure,
 *     unique violation) and were restarted
 */
public record KindTotals(long commits, long rollbacks, long errors) {

  /** All zero. */
  public static final KindTotals ZERO = new KindTotals(0, 0, 0);

  /** Rejects negative counts. */
  public KindTotals {
    CounterTotals.requireNotNegative("commits", commits);
    CounterTotals.requireNotNegative("rollbacks", rollbacks);
    CounterTotals.requireNotNegative("errors", errors);
  }

  /** Commits plus rollbacks: the transactions of this kind that completed. */
  public long completed() {
    return commits + rollbacks;
  }

  /** The field-wise sum. */
  public KindTotals plus(KindTotals o) {
    return new KindTotals(commits + o.commits, rollbacks + o.rollbacks, errors + o.errors);
  }

  /** The field-wise difference; {@code baseline} must be an earlier reading. */
  public KindTotals minus(KindTotals baseline) {
    return new KindTotals(
        commits - baseline.commits, rollbacks - baseline.rollbacks, errors - baseline.errors);
  }
}
