package org.tpccpg.core.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tpccpg.core.schema.TpccTable;

class SqlScriptTest {

  @Test
  void statementsEndAtASemicolonAtLineEndAndCommentLinesAreDropped() {
    String text =
        "-- head\nCREATE TABLE a${set} (\n  -- inner\n  x int\n);\n\nDROP TABLE b${set};\n";
    assertEquals(
        List.of("CREATE TABLE a${set} (\n  x int\n)", "DROP TABLE b${set}"),
        SqlScript.split("t.sql", text));
  }

  @Test
  void aSemicolonInsideADollarQuotedFunctionBodyEndsNoStatement() {
    String text =
        "CREATE FUNCTION f${set}() RETURNS int LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN 1;\nEND\n$$;\n"
            + "DROP TABLE b${set};\n";
    assertEquals(
        List.of(
            "CREATE FUNCTION f${set}() RETURNS int LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN 1;\nEND\n$$",
            "DROP TABLE b${set}"),
        SqlScript.split("t.sql", text));
  }

  @Test
  void anUnterminatedLastStatementIsAPackagingError() {
    IllegalStateException error =
        assertThrows(IllegalStateException.class, () -> SqlScript.split("t.sql", "DROP TABLE a"));
    assertEquals("t.sql: last statement does not end with ';'", error.getMessage());
  }

  @Test
  void anUnknownPlaceholderIsReported() {
    SqlScript script = SqlScript.load("drop.sql");
    IllegalStateException error =
        assertThrows(
            IllegalStateException.class,
            () -> script.render("DROP TABLE a${nope}", Map.of("set", "1")));
    assertEquals("drop.sql: no value for placeholder ${nope}", error.getMessage());
  }

  @Test
  void theTargetTableIsReadFromTheStatement() {
    assertEquals(
        Optional.of(TpccTable.ORDERS),
        SqlScript.targetTable("CREATE INDEX idx_orders${set} ON orders${set} (o_w_id)"));
    assertEquals(
        Optional.of(TpccTable.NEW_ORDERS),
        SqlScript.targetTable(
            "ALTER TABLE new_orders${set} ADD CONSTRAINT x REFERENCES orders${set}"));
    assertEquals(Optional.empty(), SqlScript.targetTable("CREATE TABLE tpcc_metadata (x int)"));
  }
}
