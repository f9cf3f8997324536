package org.tpccpg.core.tpcc;

/**
 * What one round of sysbench-tpcc's purge did.
 *
 * @param purgedOrderId O_ID of the order deleted with its lines, or 0 when none qualified
 * @param historyRowsDeleted HISTORY rows deleted, 0..10
 */
public record PurgeResult(int purgedOrderId, int historyRowsDeleted) implements TransactionResult {
  /** At most this many HISTORY rows go per round, as in sysbench-tpcc. */
  public static final int MAX_HISTORY_ROWS = 10;

  /** Validates the components. */
  public PurgeResult {
    InputChecks.range("purgedOrderId", purgedOrderId, 0, Integer.MAX_VALUE);
    InputChecks.range("historyRowsDeleted", historyRowsDeleted, 0, MAX_HISTORY_ROWS);
  }

  /** Whether an order was deleted. */
  public boolean purged() {
    return purgedOrderId != 0;
  }
}
