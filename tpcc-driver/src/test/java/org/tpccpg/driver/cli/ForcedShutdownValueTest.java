package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.tpccpg.driver.config.RunConfig;

/** --forced-shutdown's value, read as sysbench 1.0.20's init() reads it. */
class ForcedShutdownValueTest {
  @Test
  void secondsArePlainAndAPercentageIsOfTheTimeRoundedDown() {
    assertEquals(7, RunOptions.forcedShutdownSeconds("7", 60));
    assertEquals(3, RunOptions.forcedShutdownSeconds("5%", 60));
    assertEquals(0, RunOptions.forcedShutdownSeconds("5%", 10)); // sysbench: 10 / 20 = 0
    assertEquals(90, RunOptions.forcedShutdownSeconds("150%", 60));
    assertEquals(0, RunOptions.forcedShutdownSeconds("0", 60));
  }

  @Test
  void offOrNoOptionIsNone() {
    assertEquals(RunConfig.NO_FORCED_SHUTDOWN, RunOptions.forcedShutdownSeconds(null, 60));
    assertEquals(RunConfig.NO_FORCED_SHUTDOWN, RunOptions.forcedShutdownSeconds("off", 60));
    assertEquals(RunConfig.NO_FORCED_SHUTDOWN, RunOptions.forcedShutdownSeconds("OFF", 60));
  }

  @Test
  void anythingElseIsRefused() {
    for (String value : new String[] {"", "-1", "5s", "1.5", "%", "5%%", "9999999999"}) {
      assertThrows(
          IllegalArgumentException.class, () -> RunOptions.forcedShutdownSeconds(value, 60), value);
    }
  }
}
