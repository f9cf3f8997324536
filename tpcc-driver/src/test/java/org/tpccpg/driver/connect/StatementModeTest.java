package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class StatementModeTest {
  private static Map<Object, Object> of(Properties properties) {
    return Map.copyOf(properties);
  }

  private static String message(Runnable parse) {
    return assertThrows(IllegalArgumentException.class, parse::run).getMessage();
  }

  @Test
  void eachModeMapsOntoPgjdbcProperties() {
    assertEquals(
        Map.of("preferQueryMode", "simple", "binaryTransferDisable", "NUMERIC"),
        of(StatementMode.SIMPLE.connectionProperties()));
    assertEquals(
        Map.of("prepareThreshold", "0", "binaryTransferDisable", "NUMERIC"),
        of(StatementMode.EXTENDED.connectionProperties()));
    assertEquals(
        Map.of("prepareThreshold", "1", "binaryTransferDisable", "NUMERIC"),
        of(StatementMode.PREPARED.connectionProperties()));
  }

  @Test
  void pgbenchsQueryModesAreParsedByTheirNames() {
    assertEquals(StatementMode.SIMPLE, StatementMode.parsePgbench("simple"));
    assertEquals(StatementMode.EXTENDED, StatementMode.parsePgbench("extended"));
    assertEquals(StatementMode.PREPARED, StatementMode.parsePgbench("prepared"));
    assertEquals("prepared", StatementMode.PREPARED.label());
  }

  @Test
  void aBadPgbenchQueryModeFailsWithPgbenchsMessage() {
    assertEquals(
        "invalid query mode (-M): \"bogus\"", message(() -> StatementMode.parsePgbench("bogus")));
    // pgbench compares with strcmp: the case matters.
    assertEquals(
        "invalid query mode (-M): \"Simple\"", message(() -> StatementMode.parsePgbench("Simple")));
  }

  @Test
  void sysbenchsAutoPreparesAndDisableSendsValuesInlineAsItsEmulationDoes() {
    assertEquals(StatementMode.PREPARED, StatementMode.parseSysbench("auto"));
    assertEquals(StatementMode.SIMPLE, StatementMode.parseSysbench("disable"));
    assertEquals(StatementMode.SIMPLE, StatementMode.parseSysbench("DISABLE"));
    assertEquals("auto", StatementMode.PREPARED.sysbenchLabel());
    assertEquals("disable", StatementMode.SIMPLE.sysbenchLabel());
    assertNull(StatementMode.EXTENDED.sysbenchLabel());
  }

  @Test
  void aBadSysbenchPsModeNamesTheAcceptedValues() {
    assertEquals(
        "expected one of [AUTO, DISABLE] (case-insensitive) but was 'maybe'",
        message(() -> StatementMode.parseSysbench("maybe")));
  }
}
