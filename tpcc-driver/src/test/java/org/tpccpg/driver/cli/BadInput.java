package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.provider.Arguments;

/** One bad invocation and what its error line must mention; and the checks every one must pass. */
final class BadInput {
  private BadInput() {}

  /** A case: the fragment the error line must contain, then the arguments. */
  static Arguments bad(String fragment, String... args) {
    return Arguments.of(fragment, Map.of(), List.of(args));
  }

  /** A case with environment variables. */
  static Arguments badWithEnvironment(
      String fragment, Map<String, String> environment, String... args) {
    return Arguments.of(fragment, environment, List.of(args));
  }

  /**
   * Exit code not 0; standard error is one line naming the cause, plus for usage errors picocli's
   * one "Try ... --help" line; no stack trace.
   */
  static void assertFailsInOneLine(CliRun run, String fragment, List<String> args) {
    String context = String.join(" ", args) + "\nstderr:\n" + run.err() + "stdout:\n" + run.out();
    assertNotEquals(0, run.exitCode(), context);
    assertFalse(run.err().contains("\tat "), "no stack trace: " + context);
    assertFalse(run.out().contains("\tat "), "no stack trace: " + context);
    List<String> lines = run.err().lines().toList();
    assertTrue(lines.size() == 1 || lines.size() == 2, "one line (and the hint): " + context);
    if (lines.size() == 2) {
      assertEquals(2, run.exitCode(), "only usage errors carry the hint: " + context);
      assertTrue(
          lines.get(1).startsWith("Try '")
              && lines.get(1).endsWith(" --help' for more information."),
          context);
    }
    assertTrue(lines.get(0).startsWith("tpcc"), context);
    assertTrue(lines.get(0).contains(fragment), "names '" + fragment + "': " + context);
  }

  static String[] array(List<String> args) {
    return args.toArray(String[]::new);
  }
}
