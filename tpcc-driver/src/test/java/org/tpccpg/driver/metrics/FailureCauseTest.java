package org.tpccpg.driver.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.sql.SqlStateClass;

class FailureCauseTest {
  private static FailureCause of(SQLException e) {
    return FailureCause.of(SqlStateClass.of(e));
  }

  @Test
  void eachCauseComesFromTheSqlStateClassOfTheFailure() {
    assertEquals(FailureCause.SERIALIZATION, of(new SQLException("x", "40001")));
    assertEquals(FailureCause.DEADLOCK, of(new SQLException("x", "40P01")));
    assertEquals(FailureCause.UNIQUE_VIOLATION, of(new SQLException("x", "23505")));
    assertEquals(FailureCause.CONNECTION, of(new SQLException("x", "08006")));
    assertEquals(FailureCause.CONNECTION, of(new SQLException("x", "57P01")));
    assertEquals(FailureCause.OTHER, of(new SQLException("x", "42P01")));
    assertEquals(FailureCause.OTHER, of(new SQLException("x", "26000")));
  }

  @Test
  void aDeadlockBehindAnotherErrorInTheChainIsADeadlock() {
    SQLException batch = new SQLException("batch entry failed", "XX000");
    batch.setNextException(new SQLException("deadlock detected", "40P01"));
    assertEquals(FailureCause.DEADLOCK, of(batch));
  }
}
