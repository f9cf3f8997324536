package org.tpccpg.driver.tpcb.script;

import java.util.List;
import java.util.Locale;

/** pgbench's evaluateSleep(): the microseconds a {@code \sleep} waits. */
public final class SleepTime {
  private SleepTime() {}

  /**
   * The delay of a parsed {@code \sleep}: its number (or the integer in {@code :variable}) in its
   * unit, seconds by default; computed in a C int as pgbench does.
   *
   * @throws EvaluationException with pgbench's message for an undefined or non-numeric variable
   */
  public static int micros(MetaCommand sleep, Variables variables) throws EvaluationException {
    if (sleep.kind() != MetaKind.SLEEP) {
      throw new IllegalArgumentException("not a \\sleep: " + sleep.firstLine());
    }
    List<String> argv = sleep.arguments();
    String amount = argv.get(1);
    int usec;
    if (amount.charAt(0) == ':') {
      String name = amount.substring(1);
      String text =
          variables
              .text(name)
              .orElseThrow(
                  () ->
                      new EvaluationException(
                          argv.get(0) + ": undefined variable \"" + name + "\""));
      usec = CNumbers.atoi(text);
      if (usec == 0 && (text.isEmpty() || !ScriptChars.isDigit(text.charAt(0)))) {
        throw new EvaluationException(
            argv.get(0) + ": invalid sleep time \"" + text + "\" for variable \"" + name + "\"");
      }
    } else {
      usec = CNumbers.atoi(amount);
    }
    String unit = argv.size() > 2 ? argv.get(2).toLowerCase(Locale.ROOT) : "s";
    return switch (unit) {
      case "ms" -> usec * 1000;
      case "s" -> usec * 1000000;
      default -> usec;
    };
  }
}
