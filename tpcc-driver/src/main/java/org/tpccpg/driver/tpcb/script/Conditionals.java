package org.tpccpg.driver.tpcb.script;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * A client's {@code \if} blocks while it runs a script, as pgbench's conditional stack: which
 * commands run and which are skipped. The caller evaluates the conditions; this class decides.
 *
 * <p>The loop of a client over the commands of a script:
 *
 * <pre>{@code
 * for (int i = conditionals.next(commands, 0); i < commands.size();
 *     i = conditionals.next(commands, i + 1)) {
 *   Command c = commands.get(i);
 *   if (Conditionals.isConditional(c)) {
 *     MetaCommand m = (MetaCommand) c;
 *     conditionals.run(m, conditionals.mustEvaluate(m) && evaluate(m.expression()).truth());
 *   } else {
 *     execute(c);
 *   }
 * }
 * }</pre>
 */
public final class Conditionals {
  /** pgbench's ifState. */
  private enum State {
    /** The condition held: this branch runs. */
    TRUE,
    /** Not yet true: look for a true \elif or the \else. */
    FALSE,
    /** A branch already ran, or the block is inside a skipped one: skip to \endif. */
    IGNORED,
    /** In the \else of a block whose earlier branch did not run. */
    ELSE_TRUE,
    /** In the \else of a block whose earlier branch ran. */
    ELSE_FALSE
  }

  private final Deque<State> stack = new ArrayDeque<>();

  /** Whether commands run now (outside any block, or in a branch taken). */
  public boolean active() {
    State top = stack.peek();
    return top == null || top == State.TRUE || top == State.ELSE_TRUE;
  }

  /** Whether {@code command} is {@code \if}, {@code \elif}, {@code \else} or {@code \endif}. */
  public static boolean isConditional(Command command) {
    return command instanceof MetaCommand meta
        && switch (meta.kind()) {
          case IF, ELIF, ELSE, ENDIF -> true;
          default -> false;
        };
  }

  /**
   * Whether the condition of an active conditional command must be evaluated before {@link #run}:
   * for {@code \if}, and for an {@code \elif} no earlier branch of which ran.
   */
  public boolean mustEvaluate(MetaCommand command) {
    return command.kind() == MetaKind.IF
        || (command.kind() == MetaKind.ELIF && stack.peek() != State.TRUE);
  }

  /**
   * Runs an active conditional command.
   *
   * @param truth the condition's {@link Value#truth()} when {@link #mustEvaluate} said so, else
   *     ignored
   */
  public void run(MetaCommand command, boolean truth) {
    switch (command.kind()) {
      case IF -> stack.push(truth ? State.TRUE : State.FALSE);
      case ELIF -> replaceTop(stack.peek() == State.TRUE ? State.IGNORED : truthState(truth));
      case ELSE -> replaceTop(State.ELSE_FALSE); // active here means the \if branch ran
      case ENDIF -> pop();
      default -> throw new IllegalArgumentException("not a conditional: " + command.firstLine());
    }
  }

  /**
   * The index of the next command to process from {@code index}: {@code index} itself while active,
   * else the commands are skipped as in pgbench's skip state, up to an {@code \elif} to evaluate,
   * or the command after the {@code \else} or {@code \endif} that makes the client active again;
   * the size of the list at its end.
   */
  public int next(List<Command> commands, int index) {
    int i = index;
    while (i < commands.size() && !active()) {
      Command command = commands.get(i);
      if (!(command instanceof MetaCommand meta) || !isConditional(meta)) {
        i++;
        continue;
      }
      State top = stack.peek();
      if (top == State.FALSE) {
        switch (meta.kind()) {
          case IF -> stack.push(State.IGNORED);
          case ELIF -> {
            // the caller evaluates it: mustEvaluate() is true with FALSE on top
            return i;
          }
          case ELSE -> replaceTop(State.ELSE_TRUE);
          default -> pop();
        }
      } else if (meta.kind() == MetaKind.IF) {
        stack.push(State.IGNORED);
      } else if (meta.kind() == MetaKind.ENDIF) {
        pop();
      }
      i++;
    }
    return i;
  }

  /** Whether every block has ended: pgbench checks at the end of a script. */
  public boolean closed() {
    return stack.isEmpty();
  }

  private static State truthState(boolean truth) {
    return truth ? State.TRUE : State.FALSE;
  }

  private void replaceTop(State state) {
    pop();
    stack.push(state);
  }

  private void pop() {
    if (stack.isEmpty()) {
      throw new IllegalStateException("\\endif without \\if: the parser checks nesting");
    }
    stack.pop();
  }
}
