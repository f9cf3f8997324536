package org.tpccpg.driver.tpcb.script;

import java.util.List;
import java.util.Objects;

/**
 * A meta-command other than {@code \gset}/{@code \aset} (those end an SQL command instead).
 *
 * @param kind which command
 * @param arguments pgbench's argv: the command's name as written, then its words; for {@code \set}
 *     the name and the variable; for {@code \sleep} the amount and, if given, the unit (a unit
 *     glued to the number, as in {@code 10ms}, is split off)
 * @param expression the parsed expression of {@code \set}, {@code \if} and {@code \elif}, else null
 * @param firstLine the command's text from the backslash to the end of its line (continuation lines
 *     included)
 * @param lineNumber the line of the backslash, counted from 1
 */
public record MetaCommand(
    MetaKind kind, List<String> arguments, Expr expression, String firstLine, int lineNumber)
    implements Command {
  public MetaCommand {
    Objects.requireNonNull(kind, "kind");
    arguments = List.copyOf(arguments);
    Objects.requireNonNull(firstLine, "firstLine");
    if (arguments.isEmpty()) {
      throw new IllegalArgumentException("arguments must hold the command's name");
    }
    if (kind.takesExpression() != (expression != null)) {
      throw new IllegalArgumentException(
          "expression must be given exactly for \\set, \\if and \\elif, not " + kind);
    }
    if (lineNumber < 1) {
      throw new IllegalArgumentException("lineNumber must be >= 1 but was " + lineNumber);
    }
  }

  /** The variable a {@code \set} or {@code \setshell} assigns. */
  public String variable() {
    if (kind != MetaKind.SET && kind != MetaKind.SETSHELL) {
      throw new IllegalStateException("\\" + kind + " assigns no variable");
    }
    return arguments.get(1);
  }
}
