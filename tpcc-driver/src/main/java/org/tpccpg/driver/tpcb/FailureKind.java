package org.tpccpg.driver.tpcb;

import java.sql.SQLException;
import org.tpccpg.core.sql.SqlStateClass;

/** Why a transaction failed, as pgbench's {@code --failures-detailed} splits it, plus ours. */
enum FailureKind {
  /** 40001. */
  SERIALIZATION,
  /** 40P01. */
  DEADLOCK,
  /** The connection was lost (not in pgbench, which aborts the client instead). */
  CONNECTION;

  /** The kind of a failed try, as {@link SqlStateClass} classifies it. */
  static FailureKind of(SQLException e) {
    return of(SqlStateClass.of(e));
  }

  /** The kind of a failed try of this class. */
  static FailureKind of(SqlStateClass failure) {
    return switch (failure) {
      case SERIALIZATION_FAILURE -> SERIALIZATION;
      case DEADLOCK -> DEADLOCK;
      default -> CONNECTION;
    };
  }
}
