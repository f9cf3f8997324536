package org.tpccpg.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SqlStateClassTest {
  @Test
  void aMissingOrDuplicatePreparedStatementIsAMismatchAndFatal() {
    assertEquals(SqlStateClass.PREPARED_STATEMENT_MISMATCH, SqlStateClass.of("26000"));
    assertEquals(SqlStateClass.PREPARED_STATEMENT_MISMATCH, SqlStateClass.of("42P05"));
    assertFalse(
        SqlStateClass.ignoredBySysbench().contains(SqlStateClass.PREPARED_STATEMENT_MISMATCH));
  }

  @Test
  void deadlocksAndSerializationFailuresAreRetryable() {
    assertEquals(SqlStateClass.SERIALIZATION_FAILURE, SqlStateClass.of("40001"));
    assertEquals(SqlStateClass.DEADLOCK, SqlStateClass.of("40P01"));
    assertTrue(SqlStateClass.SERIALIZATION_FAILURE.retryable());
    assertTrue(SqlStateClass.DEADLOCK.retryable());
    assertTrue(SqlStateClass.ignoredBySysbench().contains(SqlStateClass.DEADLOCK));
    assertFalse(SqlStateClass.UNIQUE_VIOLATION.retryable());
    assertEquals(
        Set.of(SqlStateClass.SERIALIZATION_FAILURE, SqlStateClass.DEADLOCK),
        SqlStateClass.survivedByDefault());
  }

  @Test
  void uniqueViolationsAreIgnoredAsInSysbench() {
    assertEquals(SqlStateClass.UNIQUE_VIOLATION, SqlStateClass.of("23505"));
    assertTrue(SqlStateClass.ignoredBySysbench().contains(SqlStateClass.UNIQUE_VIOLATION));
  }

  @Test
  void lostConnectionsAndShutdownsAreConnectionErrors() {
    assertEquals(SqlStateClass.CONNECTION, SqlStateClass.of("08006"));
    assertEquals(SqlStateClass.CONNECTION, SqlStateClass.of("08001"));
    assertEquals(SqlStateClass.CONNECTION, SqlStateClass.of("57P01"));
    assertEquals(SqlStateClass.CONNECTION, SqlStateClass.of("57P03"));
    assertEquals(SqlStateClass.CONNECTION, SqlStateClass.of("53300"), "too many connections");
    assertFalse(SqlStateClass.ignoredBySysbench().contains(SqlStateClass.CONNECTION));
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
