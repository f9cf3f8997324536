package org.tpccpg.driver.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The arguments bin/tpcc passes in the environment, put back in their places. */
class HiddenArgumentsTest {
  @Test
  void eachPlaceholderIsReplacedByItsVariableAndEverythingElseIsLeftAlone() {
    Map<String, String> environment =
        Map.of("TPCC_HIDDEN_1", "--pgsql-password=s3cret", "TPCC_HIDDEN_2", "host=h password=p");
    assertArrayEquals(
        new String[] {
          "run", "--pgsql-password=s3cret", "--pgsql-conninfo", "host=h password=p", "@tpcc-x"
        },
        HiddenArguments.restore(
            new String[] {"run", "@tpcc-hidden-1", "--pgsql-conninfo", "@tpcc-hidden-2", "@tpcc-x"},
            environment));
  }

  @Test
  void aPlaceholderWithoutItsVariableIsRefusedByName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> HiddenArguments.restore(new String[] {"@tpcc-hidden-3"}, Map.of()));
    assertEquals(
        "@tpcc-hidden-3 stands for an argument bin/tpcc passed in TPCC_HIDDEN_3, which is not set",
        e.getMessage());
  }

  @Test
  void aChildsEnvironmentLosesTheHiddenArgumentsAndKeepsTheRest() {
    Map<String, String> environment = new HashMap<>();
    environment.put("TPCC_HIDDEN_1", "--pgsql-password=s3cret");
    environment.put("PATH", "/bin");
    HiddenArguments.scrub(environment);
    assertEquals(Map.of("PATH", "/bin"), environment);
  }
}
