package org.tpccpg.core.tpcc.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.tpccpg.core.tpcc.StatementTransactions;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.core.tpcc.batched.BatchedTransactions;
import org.tpccpg.core.tpcc.procedures.ProcedureTransactions;

class TxnModeTest {
  private static final WorkloadShape SHAPE = WorkloadShape.of(2, 1);

  @Test
  void optionValuesAreTheLowerCaseNamesInAnyCase() {
    assertEquals(TxnMode.PROCEDURES, TxnMode.ofOptionValue("Procedures"));
    assertEquals("statements", TxnMode.STATEMENTS.optionValue());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TxnMode.ofOptionValue("fast"));
    assertEquals("must be statements, batched or procedures but was 'fast'", e.getMessage());
  }

  @Test
  void eachModeMakesItsTransactionSet() {
    assertInstanceOf(StatementTransactions.class, TxnMode.STATEMENTS.transactions(SHAPE));
    assertInstanceOf(BatchedTransactions.class, TxnMode.BATCHED.transactions(SHAPE));
    assertInstanceOf(ProcedureTransactions.class, TxnMode.PROCEDURES.transactions(SHAPE));
  }

  @Test
  void theBatchedStyleFollowsTpccNotSysbenchTpcc() {
    assertThrows(
        IllegalArgumentException.class,
        () -> TxnMode.BATCHED.transactions(WorkloadShape.of(1, 1).withSysbenchDeviations()));
  }

  @Test
  void theProceduresFollowTpccNotSysbenchTpcc() {
    assertThrows(
        IllegalArgumentException.class,
        () -> TxnMode.PROCEDURES.transactions(WorkloadShape.of(1, 1).withSysbenchDeviations()));
  }
}
