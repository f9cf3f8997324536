package org.tpccpg.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class FailedStatementTest {
  @Test
  void anUpdateIsNamedByItsTargetTableWithoutItsValues() {
    assertEquals(
        "UPDATE warehouse1",
        FailedStatement.summary("UPDATE warehouse1 SET w_ytd = w_ytd + 2500.50 WHERE w_id = 7"));
    assertEquals(
        "INSERT INTO order_line12",
        FailedStatement.summary("INSERT INTO order_line12 (ol_o_id) VALUES (3001)"));
    assertEquals(
        "DELETE FROM new_orders1", FailedStatement.summary("DELETE FROM new_orders1 WHERE x"));
  }

  @Test
  void aQueryNamesEveryTableItReadsOnce() {
    assertEquals(
        "SELECT on customer1, warehouse1",
        FailedStatement.summary(
            "SELECT c_discount, w_tax FROM customer1, warehouse1 WHERE w_id = 1 AND c_w_id = w_id"
                + " AND c_id IN (SELECT c_id FROM customer1)"));
    assertEquals(
        "WITH on district1, orders1",
        FailedStatement.summary(
            "WITH d AS (UPDATE district1 SET d_next_o_id = d_next_o_id + 1) INSERT INTO orders1"));
  }

  @Test
  void aFunctionCallNamesTheStatementInItThatFailedFromPlpgsqlsContext() {
    String message =
        "ERROR: numeric field overflow\n  Where: SQL statement \"UPDATE warehouse1 SET w_ytd ="
            + " w_ytd + p_amount WHERE w_id = p_w_id\"\nPL/pgSQL function tpcc_payment1(integer)"
            + " line 13 at SQL statement";
    assertEquals(
        "tpcc_payment1(): UPDATE warehouse1",
        FailedStatement.describe("SELECT * FROM tpcc_payment1(1, 2, 3)", message));
    assertEquals(
        "tpcc_stock_level1()",
        FailedStatement.describe("SELECT * FROM tpcc_stock_level1(1, 2, 3)", "ERROR: other"));
  }

  @Test
  void theWrapperKeepsStateMessageAndCauseAndIsNotWrappedTwice() {
    SQLException server = new SQLException("ERROR: numeric field overflow", "22003", 7);
    SQLException wrapped = FailedStatement.of(server, "UPDATE district3 SET d_ytd = 1");
    assertEquals("22003", wrapped.getSQLState());
    assertEquals(7, wrapped.getErrorCode());
    assertEquals(server.getMessage(), wrapped.getMessage());
    assertSame(server, wrapped.getCause());
    assertEquals("UPDATE district3", ((FailedStatement) wrapped).statement());
    assertSame(wrapped, FailedStatement.of(wrapped, "SELECT 1"));
  }

  @Test
  void aStatementWithoutTextLeavesTheErrorAsItIs() {
    // A JDBC driver other than PgJDBC (or a test double) need not give SQL from toString().
    SQLException server = new SQLException("ERROR: connection lost", "08006");
    assertSame(server, FailedStatement.of(server, null));
  }

  @Test
  void aBatchTakesTheStateOfTheErrorChainedToIt() {
    BatchUpdateException batch = new BatchUpdateException("Batch entry 0 was aborted", new int[0]);
    batch.setNextException(new SQLException("ERROR: integer out of range", "22003"));
    SQLException wrapped = FailedStatement.of(batch, "INSERT INTO order_line1 VALUES (1)");
    assertEquals("22003", wrapped.getSQLState());
    assertEquals(SqlStateClass.FATAL, SqlStateClass.of(wrapped));
  }
}
