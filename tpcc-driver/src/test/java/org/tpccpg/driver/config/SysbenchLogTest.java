package org.tpccpg.driver.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class SysbenchLogTest {

  @Test
  void debugRaisesTheLevelToFiveWhateverVerbositySaysAsSysbenchDoes() {
    assertEquals(new SysbenchLog(5, true, false, false), SysbenchLog.of(1, true, false, false));
    assertEquals(new SysbenchLog(2, false, true, true), SysbenchLog.of(2, false, true, true));
    assertEquals(SysbenchLog.DEFAULT, SysbenchLog.of(3, false, false, false));
  }

  @Test
  void aLevelsLinesGoToTheOutputFromThatLevelUpAndNowhereBelowIt() {
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(text);
    for (int verbosity = 0; verbosity <= 5; verbosity++) {
      SysbenchLog log = SysbenchLog.of(verbosity, false, false, false);
      for (int level = SysbenchLog.NOTICE; level <= SysbenchLog.DEBUG; level++) {
        PrintWriter writer = log.at(level, out);
        if (verbosity >= level) {
          assertSame(out, writer, "level " + level + " at verbosity " + verbosity);
        } else {
          writer.println("level " + level + " at verbosity " + verbosity);
          writer.flush();
        }
      }
    }
    assertEquals("", text.toString());
  }

  @Test
  void dbDebugsTimersPrintOnlyAtLevelFive() {
    assertTrue(SysbenchLog.of(5, false, false, true).printsDbTimers());
    assertTrue(SysbenchLog.of(3, true, false, true).printsDbTimers());
    assertFalse(SysbenchLog.of(4, false, false, true).printsDbTimers());
    assertFalse(SysbenchLog.of(5, false, false, false).printsDbTimers());
  }

  @Test
  void aLevelOutsideZeroToFiveAndDebugBelowFiveAreRejected() {
    assertEquals(
        "verbosity must be 0..5 but was 6",
        assertThrows(IllegalArgumentException.class, () -> SysbenchLog.of(6, false, false, false))
            .getMessage());
    assertEquals(
        "verbosity must be 0..5 but was -1",
        assertThrows(IllegalArgumentException.class, () -> SysbenchLog.of(-1, false, false, false))
            .getMessage());
    assertEquals(
        "debug needs verbosity 5 but was 4",
        assertThrows(IllegalArgumentException.class, () -> new SysbenchLog(4, true, false, false))
            .getMessage());
  }
}
