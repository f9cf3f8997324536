package org.tpccpg.core.sql;

import java.sql.SQLException;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a failed statement means for the benchmark, decided once from its SQLSTATE.
 *
 * <p>The one place that reads SQLSTATEs: the run's error causes and pgbench's failure kinds are
 * both named from these classes.
 *
 * <p>sysbench-tpcc treats exactly three states as "ignorable" on PostgreSQL: deadlock (40P01),
 * serialization failure (40001) and unique violation (23505). The transaction is rolled back,
 * counted as an error, and the event goes on. Lost connections are their own class, so a runner can
 * reconnect; everything else is fatal.
 */
public enum SqlStateClass {
  /** 40001: the transaction lost a conflict under REPEATABLE READ or SERIALIZABLE; may retry. */
  SERIALIZATION_FAILURE,
  /** 40P01: the transaction was chosen to break a deadlock; may be tried again. */
  DEADLOCK,
  /** 23505: a duplicate key, which sysbench-tpcc also ignores (and the TPC-C data never causes). */
  UNIQUE_VIOLATION,
  /**
   * Class 08, 57P01-57P03: the connection or the server went away; or 53300 (too many connections:
   * the server's, a role's or a database's limit), a server that is there but takes no new session
   * for now. A runner reconnects after either, as a week-long run must when another client holds
   * the slots for a while.
   */
  CONNECTION,
  /**
   * 26000 (prepared statement does not exist) or 42P05 (already exists): a named prepared statement
   * was not on the server connection that ran it. The benchmark never deallocates its statements,
   * so this means a pooler in transaction mode switched server connections under the client.
   */
  PREPARED_STATEMENT_MISMATCH,
  /** Anything else: a bug, a broken data set, a permission problem. */
  FATAL;

  /** 22003, numeric value out of range: numeric field overflow, integer out of range. */
  public static final String OUT_OF_RANGE = "22003";

  /** Classifies an exception by its SQLSTATE, looking through chained exceptions. */
  public static SqlStateClass of(SQLException e) {
    for (SQLException current = e; current != null; current = current.getNextException()) {
      SqlStateClass found = of(current.getSQLState());
      if (found != FATAL) {
        return found;
      }
    }
    return FATAL;
  }

  /** Classifies a SQLSTATE; {@code null} (no state) is fatal. */
  public static SqlStateClass of(String sqlState) {
    if (sqlState == null) {
      return FATAL;
    }
    return switch (sqlState) {
      case "40001" -> SERIALIZATION_FAILURE;
      case "40P01" -> DEADLOCK;
      case "23505" -> UNIQUE_VIOLATION;
      case "26000", "42P05" -> PREPARED_STATEMENT_MISMATCH;
      case "57P01", "57P02", "57P03", "53300" -> CONNECTION;
      default -> sqlState.startsWith("08") ? CONNECTION : FATAL;
    };
  }

  /**
   * 08P01: the other side broke the protocol. When connecting, something that is not a PostgreSQL
   * server (or a pooler speaking its protocol) answered.
   */
  public static boolean isProtocolViolation(String sqlState) {
    return "08P01".equals(sqlState);
  }

  /**
   * 22003: a value out of its type's range (numeric field overflow, integer out of range), which in
   * a run means a column reached its limit.
   */
  public static boolean isOutOfRange(String sqlState) {
    return OUT_OF_RANGE.equals(sqlState);
  }

  /**
   * 42P07 (a relation of that name exists: the index of a key or an index), 42710 (a constraint of
   * that name exists) or 42P16 (the table has a primary key already): the DDL built something that
   * is there. DDL without CONCURRENTLY is transactional, so what is there is whole.
   */
  public static boolean isAlreadyThere(String sqlState) {
    return "42P07".equals(sqlState) || "42710".equals(sqlState) || "42P16".equals(sqlState);
  }

  /** 55P03: a lock was not granted within lock_timeout (or NOWAIT). */
  public static boolean isLockNotAvailable(String sqlState) {
    return "55P03".equals(sqlState);
  }

  /** 57014: the statement was cancelled, by a statement_timeout or a cancel request. */
  public static boolean isCancelled(String sqlState) {
    return "57014".equals(sqlState);
  }

  /** Whether the transaction lost a conflict and the same transaction may be tried again. */
  public boolean retryable() {
    return this == SERIALIZATION_FAILURE || this == DEADLOCK;
  }

  /**
   * The classes a run survives by TPC-C's and pgbench's rules: the retryable ones, which are tried
   * again up to {@code --max-tries}; a new set each call, for the caller to keep.
   */
  public static Set<SqlStateClass> survivedByDefault() {
    return EnumSet.of(SERIALIZATION_FAILURE, DEADLOCK);
  }

  /**
   * The classes sysbench-tpcc ignores (rolls back, counts the error and goes on): the retryable
   * ones and unique violations; a new set each call.
   */
  public static Set<SqlStateClass> ignoredBySysbench() {
    Set<SqlStateClass> ignored = survivedByDefault();
    ignored.add(UNIQUE_VIOLATION);
    return ignored;
  }
}
