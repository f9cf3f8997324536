package org.tpccpg.driver.run;

import java.sql.SQLException;
import org.tpccpg.core.sql.SqlStateClass;

/** Why a transaction failed, for the per-cause counts in the summary. */
public enum ErrorCause {
  SERIALIZATION("40001 serialization failure"),
  DEADLOCK("40P01 deadlock"),
  UNIQUE_VIOLATION("23505 unique violation"),
  CONNECTION("connection lost"),
  OTHER("other");

  private final String label;

  ErrorCause(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  static ErrorCause of(SQLException e) {
    return of(SqlStateClass.of(e));
  }

  static ErrorCause of(SqlStateClass failure) {
    return switch (failure) {
      case SERIALIZATION_FAILURE -> SERIALIZATION;
      case DEADLOCK -> DEADLOCK;
      case UNIQUE_VIOLATION -> UNIQUE_VIOLATION;
      case CONNECTION -> CONNECTION;
      case FATAL, PREPARED_STATEMENT_MISMATCH -> OTHER;
    };
  }
}
