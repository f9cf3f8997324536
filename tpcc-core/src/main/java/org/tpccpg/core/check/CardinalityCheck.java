package org.tpccpg.core.check;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks one {@link Cardinality} on one table set: reads only, on the caller's connection and in
 * the caller's transaction, and returns the first offenders (empty when it holds).
 */
public final class CardinalityCheck {
  private CardinalityCheck() {}

  /**
   * The rows that break {@code cardinality} in {@code set} of {@code warehouses} warehouses, at
   * most {@link ConsistencyCheck#OFFENDERS_SHOWN} of them, then {@code "..."} when there are more.
   */
  public static List<String> offenders(
      Connection connection, Cardinality cardinality, int set, int warehouses) throws SQLException {
    CheckQuery query = CheckQuery.render(cardinality.query(), set, Map.of("w", warehouses));
    List<String> offenders = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(query.sql())) {
      statement.setMaxRows(ConsistencyCheck.OFFENDERS_SHOWN + 1);
      for (int i = 0; i < query.parameters().size(); i++) {
        statement.setInt(i + 1, query.parameters().get(i));
      }
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          offenders.add(
              offenders.size() < ConsistencyCheck.OFFENDERS_SHOWN ? rows.getString(1) : "...");
        }
      }
    }
    return offenders;
  }
}
