package org.tpccpg.driver.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** --report-checkpoints read as sysbench 1.0.20 reads it (each case checked against it). */
class ReportCheckpointsTest {
  @Test
  void checkpointsAreSortedAndDuplicatesAndZeroKept() {
    ReportCheckpoints c = ReportCheckpoints.parse("5,1,0,1");
    assertEquals(List.of(0, 1, 1, 5), c.seconds());
    assertEquals("Report checkpoint(s) at 0, 1, 1, 5 seconds", c.header());
  }

  @Test
  void emptyEntriesAreSkippedAndAnEmptyValueMeansNone() {
    assertEquals(List.of(1, 2), ReportCheckpoints.parse("1,,2").seconds());
    assertTrue(ReportCheckpoints.parse("").isEmpty());
    assertTrue(ReportCheckpoints.parse(",").isEmpty());
  }

  @Test
  void anEntryIsReadAsStrtolReadsIt() {
    assertEquals(List.of(1, 2, 3), ReportCheckpoints.parse(" 1,+2,\t3").seconds());
    assertEquals(List.of(0), ReportCheckpoints.parse("-0").seconds());
    assertEquals(
        List.of(Integer.MAX_VALUE), ReportCheckpoints.parse("" + Integer.MAX_VALUE).seconds());
  }

  @Test
  void anythingElseIsRefusedNamingTheEntry() {
    for (String bad :
        List.of("1.5", "-1", "a", "2x", "1 ", " ", "2147483648", "99999999999999999999")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> ReportCheckpoints.parse("1," + bad));
      assertEquals(
          "'" + bad + "' is not a whole number of seconds, 0 to 2147483647", e.getMessage());
    }
  }

  @Test
  void atMost256AsInSysbench() {
    String most = IntStream.range(0, 256).mapToObj(i -> "1").collect(Collectors.joining(","));
    assertEquals(256, ReportCheckpoints.parse(most).seconds().size());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ReportCheckpoints.parse(most + ",2"));
    assertEquals("more than 256 checkpoints (sysbench's limit)", e.getMessage());
  }
}
