package org.tpccpg.driver.tpcb.script;

import java.util.List;

/** Runs a script of \set and \if commands once, as a pgbench client would, for the tests. */
final class MetaOnlyRunner {
  private MetaOnlyRunner() {}

  /**
   * Runs {@code commands} with {@code evaluator}; {@code index} receives the 0-based index of each
   * command before it runs (for debug lines).
   */
  static void run(List<Command> commands, Evaluator evaluator, Variables variables, int[] index)
      throws EvaluationException {
    Conditionals conditionals = new Conditionals();
    for (int i = conditionals.next(commands, 0);
        i < commands.size();
        i = conditionals.next(commands, i + 1)) {
      index[0] = i;
      MetaCommand command = (MetaCommand) commands.get(i);
      if (Conditionals.isConditional(command)) {
        boolean truth =
            conditionals.mustEvaluate(command) && evaluator.evaluate(command.expression()).truth();
        conditionals.run(command, truth);
      } else {
        variables.put("set", command.variable(), evaluator.evaluate(command.expression()));
      }
    }
    if (!conditionals.closed()) {
      throw new IllegalStateException("blocks left open");
    }
  }
}
