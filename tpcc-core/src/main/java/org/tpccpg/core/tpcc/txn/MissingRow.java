package org.tpccpg.core.tpcc.txn;

import java.sql.SQLException;

/**
 * The error for a row that every loaded data set has (a warehouse, district, customer or stock row)
 * but the database lacks: the data set is broken, which no retry fixes.
 */
final class MissingRow {
  /** SQLSTATE class 02, no data. */
  static final String NO_DATA = "02000";

  private MissingRow() {}

  static SQLException of(String table, String key) {
    return new SQLException(
        "no " + table + " row for " + key + ": the data set is incomplete; load it again", NO_DATA);
  }
}
