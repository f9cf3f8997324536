package org.tpccpg.core.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.schema.TpccTable;

class TpccSchemaTest {
  private static final StorageOptions STORAGE =
      new StorageOptions("tablespace tbs1 with (fillfactor=80)", "TABLESPACE tbs2", true);
  private static final TpccSchema SCHEMA = new TpccSchema(STORAGE);
  private static final Pattern NAME_AFTER_KEYWORD =
      Pattern.compile("(?:TABLE(?: IF EXISTS)?|CONSTRAINT|INDEX|ON|REFERENCES) ([a-z_0-9]+)");

  private static List<String> everyPhase(int set) {
    List<String> all = new ArrayList<>();
    all.addAll(SCHEMA.createTables(set));
    all.addAll(SCHEMA.primaryKeys(set));
    all.addAll(SCHEMA.secondaryIndexes(set));
    all.addAll(SCHEMA.foreignKeys(set));
    all.addAll(SCHEMA.dropTables(set));
    return all;
  }

  @Test
  void eachPhaseHasTheExpectedNumberOfStatements() {
    assertEquals(9, SCHEMA.createTables(3).size());
    assertEquals(8, SCHEMA.primaryKeys(3).size());
    assertEquals(6, SCHEMA.secondaryIndexes(3).size());
    assertEquals(10, SCHEMA.foreignKeys(3).size());
    assertEquals(9, SCHEMA.dropTables(3).size());
    assertEquals(2, SCHEMA.createMetadata().size());
    assertEquals(4, SCHEMA.dropMetadata().size()); // with tpcc_metadata_function
  }

  @Test
  void noPlaceholderSemicolonOrCommentIsLeftInAnyStatement() {
    List<String> all = everyPhase(7);
    all.addAll(SCHEMA.createMetadata());
    all.addAll(SCHEMA.dropMetadata());
    for (String statement : all) {
      assertFalse(statement.contains("${"), statement);
      assertFalse(statement.contains(";"), statement);
      assertFalse(statement.contains("--"), statement);
      assertEquals(statement.strip(), statement);
    }
  }

  @Test
  void everyTableIndexAndConstraintNameEndsWithTheSetNumber() {
    for (String statement : everyPhase(42)) {
      Matcher names = NAME_AFTER_KEYWORD.matcher(statement);
      assertTrue(names.find(), statement);
      do {
        assertTrue(names.group(1).endsWith("42"), names.group(1) + " in " + statement);
      } while (names.find());
    }
  }

  @Test
  void tablesGetTheTableClauseInCanonicalOrderAndNoKeys() {
    String warehouse = SCHEMA.createTable(5, TpccTable.WAREHOUSE);
    assertTrue(warehouse.startsWith("CREATE TABLE warehouse5 (\n  w_id smallint NOT NULL,"));
    assertTrue(warehouse.endsWith(") WITH (fillfactor=80) TABLESPACE tbs1"), warehouse);
    for (String statement : SCHEMA.createTables(5)) {
      assertFalse(statement.contains("PRIMARY KEY"), statement);
      assertFalse(statement.contains("float"), statement);
    }
  }

  @Test
  void primaryKeysAndIndexesGetTheirClauses() {
    assertEquals(
        Optional.of(
            "ALTER TABLE district2 ADD CONSTRAINT pk_district2\n"
                + "  PRIMARY KEY (d_w_id, d_id) USING INDEX TABLESPACE tbs2"),
        SCHEMA.primaryKey(2, TpccTable.DISTRICT));
    assertEquals(
        List.of(
            "CREATE INDEX idx_customer2 ON customer2 (c_w_id, c_d_id, c_last, c_first)"
                + " TABLESPACE tbs2"),
        SCHEMA.secondaryIndexes(2, TpccTable.CUSTOMER));
  }

  @Test
  void withoutStorageOptionsNothingDanglesAtTheEnd() {
    TpccSchema plain = new TpccSchema(StorageOptions.NONE);
    assertTrue(plain.createTable(1, TpccTable.ITEM).endsWith("i_data varchar(50)\n)"));
    assertEquals(
        Optional.of("ALTER TABLE item1 ADD CONSTRAINT pk_item1\n  PRIMARY KEY (i_id)"),
        plain.primaryKey(1, TpccTable.ITEM));
    assertTrue(plain.secondaryIndexes(1).get(0).endsWith("c_first)"));
  }

  @Test
  void historyHasNoPrimaryKeyButTwoIndexes() {
    assertEquals(Optional.empty(), SCHEMA.primaryKey(1, TpccTable.HISTORY));
    assertEquals(2, SCHEMA.secondaryIndexes(1, TpccTable.HISTORY).size());
  }

  @Test
  void thePerTableStatementsAddUpToThePhases() {
    List<String> keys = new ArrayList<>();
    List<String> indexes = new ArrayList<>();
    List<String> tables = new ArrayList<>();
    for (TpccTable table : TpccTable.values()) {
      SCHEMA.primaryKey(9, table).ifPresent(keys::add);
      indexes.addAll(SCHEMA.secondaryIndexes(9, table));
      tables.add(SCHEMA.createTable(9, table));
    }
    assertEquals(SCHEMA.primaryKeys(9).size(), keys.size());
    assertTrue(keys.containsAll(SCHEMA.primaryKeys(9)));
    assertTrue(indexes.containsAll(SCHEMA.secondaryIndexes(9)));
    assertTrue(tables.containsAll(SCHEMA.createTables(9)));
  }

  @Test
  void foreignKeysCarrySysbenchNames() {
    List<String> foreignKeys = SCHEMA.foreignKeys(3);
    assertTrue(
        foreignKeys
            .get(0)
            .startsWith("ALTER TABLE new_orders3 ADD CONSTRAINT fkey_new_orders_1_3"));
    assertTrue(
        foreignKeys.get(9).contains("fkey_stock_2_3\n  FOREIGN KEY (s_i_id) REFERENCES item3"));
  }

  @Test
  void dropsGoFromReferencingToReferencedTables() {
    List<String> expected = new ArrayList<>();
    for (String table :
        List.of(
            "history",
            "new_orders",
            "order_line",
            "orders",
            "customer",
            "district",
            "stock",
            "item",
            "warehouse")) {
      expected.add("DROP TABLE IF EXISTS " + table + "4");
    }
    assertEquals(expected, SCHEMA.dropTables(4));
  }

  @Test
  void setNumbersBelowOneAreRejected() {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> SCHEMA.createTables(0));
    assertEquals("table set must be >= 1 but was 0", error.getMessage());
  }

  @Test
  void tableNamesCarryTheSetSuffix() {
    assertEquals("order_line12", TpccTable.ORDER_LINE.nameInSet(12));
    assertEquals(TpccTable.NEW_ORDERS, TpccTable.ofBaseName("NEW_ORDERS"));
  }

  @Test
  void relationNamesAreTheTablesPrimaryKeysAndIndexesOfTheSet() {
    List<String> names = SCHEMA.relationNames(2);
    assertEquals(23, names.size());
    assertTrue(names.containsAll(List.of("item2", "order_line2", "pk_item2", "idx_customer2")));
    assertTrue(names.contains("fkey_history_22"), names.toString());
    assertEquals(List.of("tpcc_metadata", "tpcc_metadata_table"), TpccSchema.metadataTableNames());
  }

  @Test
  void tablesAreDroppedReferencingOnesFirst() {
    List<TpccTable> order = TpccSchema.dropOrder();
    assertEquals(9, order.size());
    assertTrue(order.indexOf(TpccTable.ORDER_LINE) < order.indexOf(TpccTable.ORDERS));
    assertTrue(order.indexOf(TpccTable.STOCK) < order.indexOf(TpccTable.ITEM));
    assertEquals(TpccTable.WAREHOUSE, order.get(8));
    assertEquals("DROP TABLE IF EXISTS stock3", SCHEMA.dropTable(3, TpccTable.STOCK));
  }
}
