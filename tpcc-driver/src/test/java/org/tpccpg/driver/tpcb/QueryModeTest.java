package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.run.StatementMode;

class QueryModeTest {
  private static Map<Object, Object> of(Properties properties) {
    return Map.copyOf(properties);
  }

  @Test
  void eachPgbenchModeMapsOntoPgjdbcProperties() {
    assertEquals(Map.of("preferQueryMode", "simple"), of(QueryMode.SIMPLE.connectionProperties()));
    assertEquals(Map.of("prepareThreshold", "0"), of(QueryMode.EXTENDED.connectionProperties()));
    assertEquals(Map.of("prepareThreshold", "1"), of(QueryMode.PREPARED.connectionProperties()));
  }

  @Test
  void preparedAndExtendedMatchTheTpccStatementModes() {
    assertEquals(
        StatementMode.AUTO.connectionProperties(), QueryMode.PREPARED.connectionProperties());
    assertEquals(
        StatementMode.DISABLE.connectionProperties(), QueryMode.EXTENDED.connectionProperties());
  }
}
