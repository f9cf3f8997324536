package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.tpcb.PgbenchVersion;

/** pgbench 17's {@code -d} (the database), read as getopt with {@code "d:"} reads it. */
class PgbenchArgumentsTest {
  private static List<String> normalized(String... args) {
    return List.of(PgbenchArguments.normalize(args));
  }

  @Test
  void upTo16DashDIsDebugAndNothingChangesAndTheDefault19ReadsTheDatabase() {
    assertEquals(List.of("tpcb", "--dbname=bench"), normalized("tpcb", "-d", "bench"));
    assertEquals(
        List.of("tpcb", "--pgbench-version=15", "-d", "bench"),
        normalized("tpcb", "--pgbench-version=15", "-d", "bench"));
    assertEquals(
        List.of("tpcb", "--pgbench-version=16", "-d", "bench"),
        normalized("tpcb", "--pgbench-version=16", "-d", "bench"));
  }

  @Test
  void from17DashDTakesTheDatabaseInEachOfGetoptsForms() {
    String v = "--pgbench-version=17";
    assertEquals(List.of("tpcb", v, "--dbname=bench"), normalized("tpcb", v, "-d", "bench"));
    assertEquals(List.of("tpcb", v, "--dbname=bench"), normalized("tpcb", v, "-dbench"));
    assertEquals(List.of("tpcb", "-n", "--dbname=bench", v), normalized("tpcb", "-nd", "bench", v));
    assertEquals(
        List.of("tpcb", "--pgbench-version", "18", "-C", "--dbname=b"),
        normalized("tpcb", "--pgbench-version", "18", "-Cd", "b"));
    assertEquals(List.of("tpcb", v, "--debug"), normalized("tpcb", v, "--debug"));
    assertEquals(List.of("tpcb", v, "--dbname"), normalized("tpcb", v, "-d"));
  }

  @Test
  void anotherOptionsValueAndWhatFollowsDoubleDashAreLeftAlone() {
    String v = "--pgbench-version=17";
    assertEquals(List.of("tpcb", v, "-f", "-d"), normalized("tpcb", v, "-f", "-d"));
    assertEquals(List.of("tpcb", v, "-c2d"), normalized("tpcb", v, "-c2d"));
    assertEquals(
        List.of("tpcb", v, "--log-prefix", "-d"), normalized("tpcb", v, "--log-prefix", "-d"));
    assertEquals(List.of("tpcb", v, "--", "-d", "x"), normalized("tpcb", v, "--", "-d", "x"));
    assertEquals(List.of("run", v, "-d", "x"), normalized("run", v, "-d", "x"));
  }

  @Test
  void theVersionIsTheLastGivenAndABadOneLeavesTheWordsForItsError() {
    assertEquals(
        PgbenchVersion.V18,
        PgbenchArguments.version(
            new String[] {"tpcb", "--pgbench-version=15", "--pgbench-version", "18"}));
    assertEquals(
        List.of("tpcb", "--pgbench-version=20", "-d", "x"),
        normalized("tpcb", "--pgbench-version=20", "-d", "x"));
  }
}
