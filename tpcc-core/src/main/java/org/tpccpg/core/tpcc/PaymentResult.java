package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.CUSTOMERS_PER_DISTRICT;

/**
 * What a Payment (TPC-C 2.5) did.
 *
 * @param customerId C_ID of the customer who paid (the one found by name, when by name)
 * @param badCredit whether the customer has C_CREDIT = "BC", so that C_DATA was extended (TPC-C
 *     2.5.2.2)
 */
public record PaymentResult(int customerId, boolean badCredit) implements TransactionResult {
  /** Validates the components. */
  public PaymentResult {
    InputChecks.range("customerId", customerId, 1, CUSTOMERS_PER_DISTRICT);
  }
}
