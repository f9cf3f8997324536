package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.run.StatementMode;

class QueryProtocolTest {
  private static Map<Object, Object> of(Properties properties) {
    return Map.copyOf(properties);
  }

  @Test
  void eachPgbenchModeMapsOntoPgjdbcProperties() {
    assertEquals(
        Map.of("preferQueryMode", "simple"), of(QueryProtocol.SIMPLE.connectionProperties()));
    assertEquals(
        Map.of("preferQueryMode", "extended", "prepareThreshold", "0"),
        of(QueryProtocol.EXTENDED.connectionProperties()));
    assertEquals(
        Map.of("preferQueryMode", "extended", "prepareThreshold", "1"),
        of(QueryProtocol.PREPARED.connectionProperties()));
  }

  @Test
  void onlyPreparedLeavesNamedStatementsLikeDbPsModeAuto() {
    assertTrue(QueryProtocol.PREPARED.namedStatements());
    assertFalse(QueryProtocol.EXTENDED.namedStatements());
    assertFalse(QueryProtocol.SIMPLE.namedStatements());
    assertEquals(
        StatementMode.AUTO.connectionProperties().getProperty("prepareThreshold"),
        QueryProtocol.PREPARED.connectionProperties().getProperty("prepareThreshold"));
    assertEquals(
        StatementMode.DISABLE.connectionProperties().getProperty("prepareThreshold"),
        QueryProtocol.EXTENDED.connectionProperties().getProperty("prepareThreshold"));
  }
}
