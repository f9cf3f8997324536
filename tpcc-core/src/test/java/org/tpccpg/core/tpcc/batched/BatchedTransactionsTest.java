package org.tpccpg.core.tpcc.batched;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.WorkloadShape;

class BatchedTransactionsTest {
  @Test
  void sysbenchCompatibilityIsRefusedBecauseTheBatchedStyleFollowsTpccOnly() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new BatchedTransactions(WorkloadShape.of(1, 1).withSysbenchDeviations()));
    assertEquals(
        "the batched transactions follow TPC-C only; sysbenchCompat must be false", e.getMessage());
  }

  @Test
  void aShapeWithoutSysbenchCompatibilityIsAccepted() {
    assertDoesNotThrow(() -> new BatchedTransactions(WorkloadShape.of(3, 2)));
  }
}
