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
    String state = e.getSQLState();
    if ("40001".equals(state)) {
      return SERIALIZATION;
    }
    if ("40P01".equals(state)) {
      return DEADLOCK;
    }
    return switch (SqlStateClass.of(e)) {
      case RETRYABLE -> "40P01".equals(firstState(e)) ? DEADLOCK : SERIALIZATION;
      case UNIQUE_VIOLATION -> UNIQUE_VIOLATION;
      case CONNECTION -> CONNECTION;
      case FATAL, PREPARED_STATEMENT_MISMATCH -> OTHER;
    };
  }

  private static String firstState(SQLException e) {
    for (SQLException current = e; current != null; current = current.getNextException()) {
      if (current.getSQLState() != null && current.getSQLState().startsWith("40")) {
        return current.getSQLState();
      }
    }
    return "";
  }
}
