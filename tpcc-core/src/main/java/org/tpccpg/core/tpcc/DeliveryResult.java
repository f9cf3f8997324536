package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.DISTRICTS_PER_WAREHOUSE;

/**
 * What a Delivery (TPC-C 2.7) did.
 *
 * @param districtsDelivered districts, 0..10, whose oldest new order was delivered; the others had
 *     none (TPC-C 2.7.4.2 lets them be skipped) or had lost their order to a purge
 */
public record DeliveryResult(int districtsDelivered) implements TransactionResult {
  /** Validates the components. */
  public DeliveryResult {
    InputChecks.range("districtsDelivered", districtsDelivered, 0, DISTRICTS_PER_WAREHOUSE);
  }

  /** Districts skipped because they had nothing to deliver. */
  public int districtsSkipped() {
    return DISTRICTS_PER_WAREHOUSE - districtsDelivered;
  }
}
