package org.tpccpg.core.tpcc.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProcedureInstallerTest {
  @Test
  void procedureSqlHoldsOneFunctionPerTransactionInEnumOrderRenderedForTheSet() {
    List<String> statements = ProcedureInstaller.createStatements(3);
    TpccProcedure[] procedures = TpccProcedure.values();
    assertEquals(procedures.length, statements.size());
    for (int i = 0; i < procedures.length; i++) {
      String statement = statements.get(i);
      assertTrue(
          statement.startsWith("CREATE FUNCTION " + procedures[i].nameInSet(3) + "("), statement);
      assertTrue(statement.endsWith("$$"), statement);
      assertTrue(!statement.contains("${"), statement);
      assertTrue(
          !statement.matches("(?s).*\\b[a-z_]+1\\b.*"), "no set 1 name in set 3: " + statement);
    }
  }

  @Test
  void aSignatureNamesTheSetAndTheArgumentTypes() {
    assertEquals("tpcc_delivery2(integer, integer)", TpccProcedure.DELIVERY.signatureInSet(2));
    assertEquals(8, TpccProcedure.PAYMENT.arity());
  }
}
