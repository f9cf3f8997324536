package org.tpccpg.driver.tpcb;

import java.sql.SQLException;

/** Why a transaction failed, as pgbench's {@code --failures-detailed} splits it, plus ours. */
enum FailureKind {
  /** 40001. */
  SERIALIZATION,
  /** 40P01. */
  DEADLOCK,
  /** The connection was lost (not in pgbench, which aborts the client instead). */
  CONNECTION;

  /** 40001 or 40P01 anywhere in the chain, else {@link #CONNECTION}. */
  static FailureKind of(SQLException e) {
    for (SQLException current = e; current != null; current = current.getNextException()) {
      if ("40001".equals(current.getSQLState())) {
        return SERIALIZATION;
      }
      if ("40P01".equals(current.getSQLState())) {
        return DEADLOCK;
      }
    }
    return CONNECTION;
  }
}
