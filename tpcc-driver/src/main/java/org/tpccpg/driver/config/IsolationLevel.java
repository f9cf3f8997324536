package org.tpccpg.driver.config;

import java.sql.Connection;

/** sysbench-tpcc's {@code --trx_level} values and the JDBC levels they stand for. */
public enum IsolationLevel {
  RC(Connection.TRANSACTION_READ_COMMITTED, "READ COMMITTED"),
  RR(Connection.TRANSACTION_REPEATABLE_READ, "REPEATABLE READ"),
  SER(Connection.TRANSACTION_SERIALIZABLE, "SERIALIZABLE");

  private final int jdbcLevel;
  private final String sqlName;

  IsolationLevel(int jdbcLevel, String sqlName) {
    this.jdbcLevel = jdbcLevel;
    this.sqlName = sqlName;
  }

  public int jdbcLevel() {
    return jdbcLevel;
  }

  public String sqlName() {
    return sqlName;
  }
}
