package org.tpccpg.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class SqlStateClassTest {
  @Test
  void aMissingOrDuplicatePreparedStatementIsAMismatchAndFatal() {
    assertEquals(SqlStateClass.PREPARED_STATEMENT_MISMATCH, SqlStateClass.of("26000"));
    assertEquals(SqlStateClass.PREPARED_STATEMENT_MISMATCH, SqlStateClass.of("42P05"));
    assertFalse(SqlStateClass.PREPARED_STATEMENT_MISMATCH.ignorable());
  }

  @Test
  void deadlocksAndSerializationFailuresAreRetryable() {
    assertEquals(SqlStateClass.SERIALIZATION_FAILURE, SqlStateClass.of("40001"));
    assertEquals(SqlStateClass.DEADLOCK, SqlStateClass.of("40P01"));
    assertTrue(SqlStateClass.SERIALIZATION_FAILURE.retryable());
    assertTrue(SqlStateClass.DEADLOCK.retryable());
    assertTrue(SqlStateClass.DEADLOCK.ignorable());
    assertFalse(SqlStateClass.UNIQUE_VIOLATION.retryable());
  }

  @Test
  void uniqueViolationsAreIgnoredAsInSysbench() {
    assertEquals(SqlStateClass.UNIQUE_VIOLATION, SqlStateClass.of("23505"));
    assertTrue(SqlStateClass.UNIQUE_VIOLATION.ignorable());
  }

  @Test
  void lostConnectionsAndShutdownsAreConnectionErrors() {
    assertEquals(SqlStateClass.CONNECTION, SqlStateClass.of("08006"));
    assertEquals(SqlStateClass.CONNECTION, SqlStateClass.of("08001"));
    assertEquals(SqlStateClass.CONNECTION, SqlStateClass.of("57P01"));
    assertEquals(SqlStateClass.CONNECTION, SqlStateClass.of("57P03"));
    assertFalse(SqlStateClass.CONNECTION.ignorable());
  }

  @Test
  void everythingElseIsFatal() {
    assertEquals(SqlStateClass.FATAL, SqlStateClass.of("42P01"));
    assertEquals(SqlStateClass.FATAL, SqlStateClass.of("23503"));
    assertEquals(SqlStateClass.FATAL, SqlStateClass.of((String) null));
  }

  @Test
  void aChainedExceptionIsClassifiedByTheFirstKnownState() {
    SQLException outer = new SQLException("batch failed", "XX000");
    outer.setNextException(new SQLException("deadlock", "40P01"));
    assertEquals(SqlStateClass.DEADLOCK, SqlStateClass.of(outer));
  }
}
