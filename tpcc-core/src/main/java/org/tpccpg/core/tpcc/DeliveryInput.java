package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.MAX_CARRIER_ID;

/**
 * The input of one Delivery (TPC-C 2.7.1): the warehouse whose ten districts each deliver their
 * oldest new order, and the carrier.
 *
 * @param tableSet the table set, from 1
 * @param warehouseId W_ID
 * @param carrierId O_CARRIER_ID, 1..10
 */
public record DeliveryInput(int tableSet, int warehouseId, int carrierId)
    implements TransactionInput {
  /** Validates the components. */
  public DeliveryInput {
    InputChecks.tableSet(tableSet);
    InputChecks.warehouse("warehouseId", warehouseId);
    InputChecks.range("carrierId", carrierId, 1, MAX_CARRIER_ID);
  }

  @Override
  public TransactionType type() {
    return TransactionType.DELIVERY;
  }
}
