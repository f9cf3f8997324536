package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.CUSTOMERS_PER_DISTRICT;
import static org.tpccpg.core.spec.TpccConstants.MAX_PAYMENT_CENTS;
import static org.tpccpg.core.spec.TpccConstants.MIN_PAYMENT_CENTS;

import java.util.Objects;

/**
 * The input of one Payment (TPC-C 2.5.1): the warehouse and district that receive the payment, the
 * customer's warehouse and district, the customer by id or by last name, and the amount.
 *
 * @param tableSet the table set, from 1
 * @param warehouseId W_ID, the warehouse paid to
 * @param districtId D_ID, 1..10
 * @param customerWarehouseId C_W_ID, the customer's warehouse
 * @param customerDistrictId C_D_ID, 1..10
 * @param byName whether the customer is selected by {@code customerLastName} (TPC-C 2.5.2.2)
 * @param customerId C_ID, 1..3000, used when not {@code byName}
 * @param customerLastName C_LAST, used when {@code byName}; never null nor empty
 * @param amountCents H_AMOUNT in cents, 1.00..5,000.00
 */
public record PaymentInput(
    int tableSet,
    int warehouseId,
    int districtId,
    int customerWarehouseId,
    int customerDistrictId,
    boolean byName,
    int customerId,
    String customerLastName,
    long amountCents)
    implements TransactionInput {
  /** Validates the components. */
  public PaymentInput {
    InputChecks.tableSet(tableSet);
    InputChecks.warehouse("warehouseId", warehouseId);
    InputChecks.district("districtId", districtId);
    InputChecks.warehouse("customerWarehouseId", customerWarehouseId);
    InputChecks.district("customerDistrictId", customerDistrictId);
    InputChecks.range("customerId", customerId, 1, CUSTOMERS_PER_DISTRICT);
    Objects.requireNonNull(customerLastName, "customerLastName");
    if (customerLastName.isEmpty()) {
      throw new IllegalArgumentException("customerLastName must not be empty");
    }
    InputChecks.range("amountCents", amountCents, MIN_PAYMENT_CENTS, MAX_PAYMENT_CENTS);
  }

  @Override
  public TransactionType type() {
    return TransactionType.PAYMENT;
  }
}
