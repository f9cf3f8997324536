package org.tpccpg.core.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.schema.Distribution;
import org.tpccpg.core.schema.TpccTable;

/** The Citus statements as generated; no Citus server runs here (see CitusIT for one that does). */
class DistributionTest {
  private static final Pattern DISTRIBUTED =
      Pattern.compile(
          "SELECT create_distributed_table\\('(\\w+)', '(\\w+)'(?:, colocate_with => '(\\w+)')?\\)");

  @Test
  void itemIsAReferenceTableCreatedFirstThenWarehouseThenTheRestColocatedWithIt() {
    List<String> statements = CitusScript.distributeTables(Distribution.CITUS, 3);
    assertEquals(9, statements.size(), statements::toString);
    assertEquals("SELECT create_reference_table('item3')", statements.get(0));
    assertEquals("SELECT create_distributed_table('warehouse3', 'w_id')", statements.get(1));
    List<String> expected =
        List.of(
            "district3 d_w_id",
            "customer3 c_w_id",
            "history3 h_w_id",
            "orders3 o_w_id",
            "new_orders3 no_w_id",
            "order_line3 ol_w_id",
            "stock3 s_w_id");
    for (int i = 2; i < statements.size(); i++) {
      Matcher m = DISTRIBUTED.matcher(statements.get(i));
      assertTrue(m.matches(), statements.get(i));
      assertEquals(expected.get(i - 2), m.group(1) + " " + m.group(2));
      assertEquals("warehouse3", m.group(3), statements.get(i));
    }
  }

  @Test
  void everyTableOfTheSetIsDistributedOnceAndItsColumnIsOneOfItsWarehouseColumns() {
    String created = String.join("\n", new TpccSchema(StorageOptions.NONE).createTables(1));
    List<String> statements = CitusScript.distributeTables(Distribution.CITUS, 1);
    for (TpccTable table : TpccTable.values()) {
      long mentions =
          statements.stream().filter(s -> s.contains("('" + table.nameInSet(1) + "'")).count();
      assertEquals(1, mentions, table.nameInSet(1));
    }
    for (String statement : statements) {
      Matcher m = DISTRIBUTED.matcher(statement);
      if (m.matches()) {
        assertTrue(created.contains("  " + m.group(2) + " smallint"), m.group(2) + " smallint");
      }
    }
  }

  @Test
  void citusKeepsTheForeignKeysThatIncludeTheDistributionColumnOnBothSides() {
    List<String> keys = new TpccSchema(StorageOptions.NONE).foreignKeys(2);
    List<String> kept =
        keys.stream().filter(k -> Distribution.CITUS.acceptsForeignKey(2, k)).toList();
    assertEquals(8, kept.size());
    assertTrue(kept.stream().noneMatch(k -> k.contains("fkey_history_1_2")));
    assertTrue(kept.stream().noneMatch(k -> k.contains("fkey_order_line_2_2")));
    assertTrue(kept.stream().anyMatch(k -> k.contains("fkey_stock_2_2")), "to the reference table");
    assertTrue(keys.stream().allMatch(k -> Distribution.NONE.acceptsForeignKey(2, k)));
  }

  @Test
  void plainTablesNeedNoStatementAndTheOptionNamesItsValues() {
    assertTrue(CitusScript.distributeTables(Distribution.NONE, 1).isEmpty());
    assertEquals(Distribution.CITUS, Distribution.parse("Citus"));
    assertEquals(Distribution.NONE, Distribution.parse("none"));
    assertThrows(IllegalArgumentException.class, () -> Distribution.parse("greenplum"));
    assertFalse(
        Distribution.CITUS.acceptsForeignKey(
            1, "ALTER TABLE history1 ADD CONSTRAINT fkey_history_1_1 FOREIGN KEY"));
  }

  @Test
  void theLoadRecordAcceptsExactlyTheLayoutsOfTheOptionAndDefaultsToPlainTables() {
    String metadata = String.join("\n", SqlScript.load("tpcc", "metadata.sql").templates());
    Matcher column =
        Pattern.compile(
                "distribution text NOT NULL DEFAULT '(\\w+)' CHECK \\(distribution IN \\(([^)]*)\\)\\)")
            .matcher(metadata);
    assertTrue(column.find(), "metadata.sql records the distribution");
    assertEquals(Distribution.NONE.label(), column.group(1));
    List<String> labels = new ArrayList<>();
    for (Distribution d : Distribution.values()) {
      labels.add("'" + d.label() + "'");
    }
    assertEquals(String.join(", ", labels), column.group(2));
  }
}
