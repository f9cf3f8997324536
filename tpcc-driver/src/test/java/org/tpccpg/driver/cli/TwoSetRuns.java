package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tpccpg.testkit.TestDatabase;

/**
 * The command line against a copy of {@link TpccDataSets#twoSetsOfTwo()}, and what {@link RunIT}
 * and {@link RunModesIT} read from its output.
 */
final class TwoSetRuns {
  /** sysbench's report line, every member in its format. */
  static final Pattern REPORT_LINE =
      Pattern.compile(
          "^\\[ \\d+s \\] thds: \\d+ tps: \\d+\\.\\d\\d qps: \\d+\\.\\d\\d \\(r/w/o:"
              + " \\d+\\.\\d\\d/\\d+\\.\\d\\d/\\d+\\.\\d\\d\\) lat \\(ms,95%\\): \\d+\\.\\d\\d"
              + " err/s \\d+\\.\\d\\d reconn/s: \\d+\\.\\d\\d$",
          Pattern.MULTILINE);

  private TwoSetRuns() {}

  static List<String> options(TestDatabase db, String... more) {
    List<String> args = new ArrayList<>(List.of("--tables=2", "--scale=2"));
    args.addAll(List.of(more));
    return CliRun.connectedTo(db, args.toArray(String[]::new));
  }

  static CliRun tpcc(List<String> args) {
    return CliRun.of(args.toArray(String[]::new));
  }

  /** {@code check} passes, condition 11 skipped: runs have changed the data set. */
  static void assertCheckPasses(TestDatabase db) {
    CliRun check = tpcc(options(db, "--threads=2", "check"));
    assertEquals(0, check.exitCode(), check.out() + check.err());
    assertTrue(check.out().contains("[11] SKIPPED"), check.out());
  }

  static long number(String text, String regex) {
    Matcher matcher = Pattern.compile(regex).matcher(text);
    assertTrue(matcher.find(), () -> regex + " in\n" + text);
    return Long.parseLong(matcher.group(1));
  }

  static double decimal(String text, String regex) {
    Matcher matcher = Pattern.compile(regex).matcher(text);
    assertTrue(matcher.find(), () -> regex + " in\n" + text);
    return Double.parseDouble(matcher.group(1));
  }
}
