package org.tpccpg.core.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.PostgresFixture;

class TpccSchemaIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final TpccSchema SCHEMA =
      new TpccSchema(
          new StorageOptions(
              "TABLESPACE pg_default WITH (fillfactor=90)",
              "with (fillfactor = 90) tablespace pg_default",
              true));

  private static final Set<String> TABLES =
      Set.of(
          "warehouse3",
          "district3",
          "customer3",
          "history3",
          "orders3",
          "new_orders3",
          "order_line3",
          "stock3",
          "item3");
  private static final Set<String> PRIMARY_KEYS =
      Set.of(
          "pk_warehouse3",
          "pk_district3",
          "pk_customer3",
          "pk_orders3",
          "pk_new_orders3",
          "pk_order_line3",
          "pk_stock3",
          "pk_item3");
  private static final Set<String> INDEXES =
      Set.of(
          "idx_customer3",
          "idx_orders3",
          "fkey_stock_23",
          "fkey_order_line_23",
          "fkey_history_13",
          "fkey_history_23");
  private static final Set<String> FOREIGN_KEYS =
      Set.of(
          "fkey_new_orders_1_3",
          "fkey_orders_1_3",
          "fkey_customer_1_3",
          "fkey_history_1_3",
          "fkey_history_2_3",
          "fkey_district_1_3",
          "fkey_order_line_1_3",
          "fkey_order_line_2_3",
          "fkey_stock_1_3",
          "fkey_stock_2_3");

  @Test
  void everyPhaseRunsOnTheServerAndDropRemovesEverything() throws SQLException {
    try (Connection connection = POSTGRES.database().connect()) {
      execute(connection, SCHEMA.createMetadata());
      execute(connection, SCHEMA.createTables(3));
      execute(connection, SCHEMA.primaryKeys(3));
      execute(connection, SCHEMA.secondaryIndexes(3));
      execute(connection, SCHEMA.foreignKeys(3));

      assertEquals(new TreeSet<>(TABLES), names(connection, TABLES_SQL));
      assertEquals(new TreeSet<>(PRIMARY_KEYS), names(connection, CONSTRAINTS_SQL, "p"));
      assertEquals(new TreeSet<>(INDEXES), names(connection, SECONDARY_INDEXES_SQL));
      assertEquals(new TreeSet<>(FOREIGN_KEYS), names(connection, CONSTRAINTS_SQL, "f"));
      assertEquals(
          Set.of("tpcc_metadata", "tpcc_metadata_table"), names(connection, METADATA_TABLES_SQL));
      assertEquals(Set.of("{fillfactor=90}"), names(connection, TABLE_OPTIONS_SQL));
      assertEquals(Set.of("{fillfactor=90}"), names(connection, INDEX_OPTIONS_SQL));

      execute(connection, SCHEMA.dropTables(3));
      execute(connection, SCHEMA.dropMetadata());
      assertEquals(Set.of(), names(connection, ALL_RELATIONS_SQL));
    }
  }

  @Test
  void dropSucceedsOnASetThatWasNeverCreated() throws SQLException {
    try (Connection connection = POSTGRES.database().connect()) {
      execute(connection, SCHEMA.dropTables(99));
      execute(connection, SCHEMA.dropMetadata());
    }
  }

  private static final String TABLES_SQL =
      """
      SELECT relname FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname NOT LIKE 'tpcc%'
      """;
  private static final String METADATA_TABLES_SQL =
      """
      SELECT relname FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname LIKE 'tpcc%'
      """;
  private static final String CONSTRAINTS_SQL =
      """
      SELECT conname FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace AND contype = ? AND conname NOT LIKE '%metadata%'
      """;
  private static final String SECONDARY_INDEXES_SQL =
      """
      SELECT indexrelid::regclass::text FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relnamespace = 'public'::regnamespace AND NOT i.indisprimary
      """;
  private static final String TABLE_OPTIONS_SQL =
      """
      SELECT coalesce(reloptions::text, 'none') FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname NOT LIKE 'tpcc%'
      """;
  private static final String INDEX_OPTIONS_SQL =
      """
      SELECT coalesce(c.reloptions::text, 'none') FROM pg_index i JOIN pg_class c
        ON c.oid = i.indexrelid
      WHERE c.relnamespace = 'public'::regnamespace AND NOT i.indisprimary
      """;
  private static final String ALL_RELATIONS_SQL =
      "SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace";

  private static void execute(Connection connection, List<String> statements) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  private static Set<String> names(Connection connection, String sql, String... parameters)
      throws SQLException {
    try (PreparedStatement query = connection.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        query.setString(i + 1, parameters[i]);
      }
      Set<String> names = new TreeSet<>();
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          names.add(rows.getString(1));
        }
      }
      return names;
    }
  }
}
