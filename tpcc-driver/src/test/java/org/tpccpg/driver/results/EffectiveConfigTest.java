package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.connect.ConnectionSettings;

class EffectiveConfigTest {
  private static List<String> lines(String password) {
    ConnectionSettings settings = new ConnectionSettings("/tmp", 5433, "bench", password, "tpcc");
    return EffectiveConfig.lines(
        EffectiveConfig.of(RunResultsTest.config(), settings.connectionTarget()));
  }

  @Test
  void everyValueIsOneNameValueLineWithThePasswordMasked() {
    List<String> lines = lines("S3cret-pw");
    assertFalse(String.join("\n", lines).contains("S3cret-pw"), lines.toString());
    assertTrue(lines.contains("password: ********"), lines.toString());
    assertEquals("host: /tmp", lines.get(0));
    assertTrue(lines.contains("port: 5433"), lines.toString());
    assertTrue(lines.contains("threads: 4"), lines.toString());
    assertTrue(lines.contains("percentile: 95"), lines.toString());
    assertTrue(lines.contains("rate: 0"), lines.toString());
    assertTrue(lines.contains("isolation: RC"), lines.toString());
    assertTrue(lines.contains("seed: 42"), lines.toString());
    assertTrue(lines.contains("pool_size: 0"), lines.toString());
    assertTrue(lines.contains("verbosity: 3"), lines.toString());
    assertTrue(lines.contains("debug: false"), lines.toString());
    assertTrue(lines.contains("report_checkpoints: (none)"), lines.toString());
    for (String line : lines) {
      assertTrue(line.matches("[a-z_]+: \\S.*"), line);
    }
  }

  @Test
  void noPasswordIsSaidToBeNone() {
    assertTrue(lines("").contains("password: (none)"));
  }

  @Test
  void everyRunConfigFieldIsListed() {
    // shape and dataSet are listed by their parts (the shape's 5 with the warehouses in all and the
    // home range, the data set's 8 with its origin and distribution), sysbench's logging options by
    // their 4; the other 21 by one name each; then the run's three NURand constants. A new field
    // fails here until EffectiveConfig lists it.
    assertEquals(24, RunConfig.class.getRecordComponents().length);
    ConnectionSettings settings = new ConnectionSettings("h", 1, "u", "", "d");
    assertEquals(
        5 + 5 + 4 + 21 + 8 + 3,
        EffectiveConfig.of(RunResultsTest.config(), settings.connectionTarget()).size());
  }
}
