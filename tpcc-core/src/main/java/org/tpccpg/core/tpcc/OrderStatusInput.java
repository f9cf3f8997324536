package org.tpccpg.core.tpcc;

import static org.tpccpg.core.spec.TpccConstants.CUSTOMERS_PER_DISTRICT;

import java.util.Objects;

/**
 * The input of one Order-Status (TPC-C 2.6.1): a customer of the home warehouse and district, by id
 * or by last name.
 *
 * @param tableSet the table set, from 1
 * @param warehouseId W_ID
 * @param districtId D_ID, 1..10
 * @param byName whether the customer is selected by {@code customerLastName} (TPC-C 2.6.2.2)
 * @param customerId C_ID, 1..3000, used when not {@code byName}
 * @param customerLastName C_LAST, used when {@code byName}; never null nor empty
 */
public record OrderStatusInput(
    int tableSet,
    int warehouseId,
    int districtId,
    boolean byName,
    int customerId,
    String customerLastName)
    implements TransactionInput {
  /** Validates the components. */
  public OrderStatusInput {
    InputChecks.tableSet(tableSet);
    InputChecks.warehouse("warehouseId", warehouseId);
    InputChecks.district("districtId", districtId);
    InputChecks.range("customerId", customerId, 1, CUSTOMERS_PER_DISTRICT);
    Objects.requireNonNull(customerLastName, "customerLastName");
    if (customerLastName.isEmpty()) {
      throw new IllegalArgumentException("customerLastName must not be empty");
    }
  }

  @Override
  public TransactionType type() {
    return TransactionType.ORDER_STATUS;
  }
}
