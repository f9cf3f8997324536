package org.tpccpg.core.jdbc;

import java.sql.SQLException;

/**
 * The error for a row that every loaded data set has (a warehouse, district, customer or stock row)
 * but the database lacks: the data set is broken, which no retry fixes.
 */
public final class MissingRow {
  /** SQLSTATE class 02, no data. */
  public static final String NO_DATA = "02000";

  private MissingRow() {}

  /** The error for the missing row of {@code table} with {@code key} (e.g. "w_id 1, d_id 2"). */
  public static SQLException of(String table, String key) {
    return new SQLException(
        "no " + table + " row for " + key + ": the data set is incomplete; load it again", NO_DATA);
  }
}
