package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class FailureKindTest {
  @Test
  void pgbenchsFailureKindsComeFromTheSqlStateClassOfTheFailure() {
    assertEquals(FailureKind.SERIALIZATION, FailureKind.of(new SQLException("x", "40001")));
    assertEquals(FailureKind.DEADLOCK, FailureKind.of(new SQLException("x", "40P01")));
    assertEquals(FailureKind.CONNECTION, FailureKind.of(new SQLException("x", "08006")));
  }
}
