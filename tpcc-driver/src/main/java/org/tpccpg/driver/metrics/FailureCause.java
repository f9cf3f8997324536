package org.tpccpg.driver.metrics;

import org.tpccpg.core.sql.SqlStateClass;

/**
 * Why a try failed, as both workloads count and print it: {@link SqlStateClass} classifies the
 * SQLSTATE once; this only groups its classes for the figures.
 */
public enum FailureCause {
  SERIALIZATION("40001 serialization failure"),
  DEADLOCK("40P01 deadlock"),
  UNIQUE_VIOLATION("23505 unique violation"),
  CONNECTION("connection lost"),
  OTHER("other");

  private final String label;

  FailureCause(String label) {
    this.label = label;
  }

  /** The words the summaries print. */
  public String label() {
    return label;
  }

  /** The cause of a failure of this class. */
  public static FailureCause of(SqlStateClass failure) {
    return switch (failure) {
      case SERIALIZATION_FAILURE -> SERIALIZATION;
      case DEADLOCK -> DEADLOCK;
      case UNIQUE_VIOLATION -> UNIQUE_VIOLATION;
      case CONNECTION -> CONNECTION;
      case FATAL, PREPARED_STATEMENT_MISMATCH -> OTHER;
    };
  }
}
