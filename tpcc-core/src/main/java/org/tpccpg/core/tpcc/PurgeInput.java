package org.tpccpg.core.tpcc;

/**
 * The input of one round of sysbench-tpcc's purge (not part of TPC-C): the district whose old
 * orders and history are trimmed. sysbench-tpcc runs ten rounds per purge event, each in its own
 * transaction; that loop belongs to the caller.
 *
 * @param tableSet the table set, from 1
 * @param warehouseId W_ID
 * @param districtId D_ID, 1..10
 */
public record PurgeInput(int tableSet, int warehouseId, int districtId)
    implements TransactionInput {
  /** sysbench-tpcc runs this many purge rounds, each in its own transaction, per purge event. */
  public static final int ROUNDS_PER_EVENT = 10;

  /** Validates the components. */
  public PurgeInput {
    InputChecks.tableSet(tableSet);
    InputChecks.warehouse("warehouseId", warehouseId);
    InputChecks.district("districtId", districtId);
  }

  @Override
  public TransactionType type() {
    return TransactionType.PURGE;
  }
}
