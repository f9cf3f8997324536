package org.tpccpg.driver.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class ErrorCauseTest {
  @Test
  void eachCauseComesFromTheSqlStateClassOfTheFailure() {
    assertEquals(ErrorCause.SERIALIZATION, ErrorCause.of(new SQLException("x", "40001")));
    assertEquals(ErrorCause.DEADLOCK, ErrorCause.of(new SQLException("x", "40P01")));
    assertEquals(ErrorCause.UNIQUE_VIOLATION, ErrorCause.of(new SQLException("x", "23505")));
    assertEquals(ErrorCause.CONNECTION, ErrorCause.of(new SQLException("x", "08006")));
    assertEquals(ErrorCause.CONNECTION, ErrorCause.of(new SQLException("x", "57P01")));
    assertEquals(ErrorCause.OTHER, ErrorCause.of(new SQLException("x", "42P01")));
    assertEquals(ErrorCause.OTHER, ErrorCause.of(new SQLException("x", "26000")));
  }

  @Test
  void aDeadlockBehindAnotherErrorInTheChainIsADeadlock() {
    SQLException batch = new SQLException("batch entry failed", "XX000");
    batch.setNextException(new SQLException("deadlock detected", "40P01"));
    assertEquals(ErrorCause.DEADLOCK, ErrorCause.of(batch));
  }
}
