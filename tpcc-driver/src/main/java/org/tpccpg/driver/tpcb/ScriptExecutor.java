package org.tpccpg.driver.tpcb;

import java.sql.SQLException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tpccpg.core.tpcb.TpcbInput;
import org.tpccpg.core.tpcb.TpcbInputGenerator;

/**
 * Runs the commands of one client's scripts on its session: draws the {@code \set} variables (or
 * keeps them for a retry, as pgbench does), sends BEGIN, the statements and END, times each command
 * for {@code -r}, and remembers which command ran last and whether a transaction block is open.
 * Custom scripts ({@code -f}) go to the client's {@link CustomScriptRunner}.
 */
final class ScriptExecutor {
  private static final Pattern VARIABLE = Pattern.compile(":[a-z]+"); // the builtins' variables

  private final ScriptCommand[][] commands;
  private final TpcbInputGenerator generator;
  private final CommandStats stats;
  private final boolean perCommand;
  private final CustomScriptRunner custom; // null without -f
  private final DebugLog debug;
  private boolean customRan;
  private int lastCommand;
  private boolean inBlock;
  private long aid = 1;
  private int bid = 1;
  private int tid = 1;
  private int delta;

  ScriptExecutor(
      ScriptCommand[][] commands,
      TpcbInputGenerator generator,
      CommandStats stats,
      boolean perCommand,
      CustomScriptRunner custom,
      DebugLog debug) {
    this.custom = custom;
    this.debug = debug;
    this.commands = commands;
    this.generator = generator;
    this.stats = stats;
    this.perCommand = perCommand;
  }

  /** Runs script {@code script}; a retry reuses the variables of the previous try. */
  void run(TpcbConnection session, int script, boolean retry) throws SQLException {
    customRan = custom != null && custom.runs(script);
    if (customRan) {
      custom.run(session.connection(), script, retry);
      return;
    }
    ScriptCommand[] steps = commands[script];
    debug.script(script);
    long mark = System.nanoTime();
    TpcbInput input = null;
    for (int i = 0; i < steps.length; i++) {
      lastCommand = i;
      if (debug.on()) {
        debug(session, script, i);
      }
      switch (steps[i]) {
        case SET_AID -> aid = retry ? aid : generator.aid();
        case SET_BID -> bid = retry ? bid : generator.bid();
        case SET_TID -> tid = retry ? tid : generator.tid();
        case SET_DELTA -> delta = retry ? delta : generator.delta();
        case BEGIN -> {
          session.begin().executeUpdate();
          inBlock = true;
        }
        case END -> {
          inBlock = false; // whether COMMIT succeeds or fails, the block is over
          session.end().executeUpdate();
        }
        default -> {
          if (input == null) {
            input = new TpcbInput(aid, bid, tid, delta);
          }
          session.statements().execute(steps[i].statement(), input);
        }
      }
      if (debug.on() && !steps[i].text().startsWith("\\")) {
        debug.receiving();
      }
      if (perCommand) {
        long now = System.nanoTime();
        stats.commandDone(script, i, now - mark);
        mark = now;
      }
    }
  }

  /**
   * {@code -d}'s lines for a builtin's command: a {@code \set}'s name and variable, or the
   * statement as pgbench names it under -M: simple, with the values it used; extended, with {@code
   * $1}, {@code $2} in the order of its variables; prepared, as {@code P_k} (its k-th statement in
   * the script), after {@code preparing P_k} the first time on a connection.
   */
  private void debug(TpcbConnection session, int script, int index) {
    String text = commands[script][index].text();
    if (text.startsWith("\\")) {
      // the builtins' are all \set: pgbench's argv is the name and the variable
      String[] words = text.substring(1).split(" ", 3);
      debug.executing(List.of(words[0], words[1]));
      return;
    }
    switch (debug.mode()) {
      case SIMPLE ->
          debug.sending(
              text.replace(":aid", Long.toString(aid))
                  .replace(":bid", Integer.toString(bid))
                  .replace(":tid", Integer.toString(tid))
                  .replace(":delta", Integer.toString(delta)));
      case EXTENDED -> debug.sending(numberedParameters(text));
      case PREPARED ->
          debug.sendingPrepared(
              session.connection(), script, index, statementOrdinal(script, index));
    }
  }

  /** The statement's text with its variables as {@code $1}, {@code $2}, ... in order. */
  private static String numberedParameters(String text) {
    Matcher variable = VARIABLE.matcher(text);
    StringBuilder out = new StringBuilder();
    int number = 0;
    while (variable.find()) {
      variable.appendReplacement(out, "\\$" + ++number);
    }
    return variable.appendTail(out).toString();
  }

  /** How many statements (not meta-commands) come before command {@code index} of the script. */
  private int statementOrdinal(int script, int index) {
    int ordinal = 0;
    for (int i = 0; i < index; i++) {
      if (!commands[script][i].text().startsWith("\\")) {
        ordinal++;
      }
    }
    return ordinal;
  }

  /**
   * After the transaction was counted: a custom script that left its transaction block open aborts
   * the client (pgbench's check at the end of a script).
   */
  void afterCompleted() throws SQLException {
    if (customRan) {
      custom.afterCompleted();
    }
  }

  /** Rolls back the open transaction block, if any. */
  void rollback(TpcbConnection session) throws SQLException {
    if (customRan) {
      custom.rollback(session.connection());
      return;
    }
    if (inBlock) {
      inBlock = false;
      session.rollback().executeUpdate();
    }
  }

  /** The session is gone: no block is open any more. */
  void sessionClosed() {
    inBlock = false;
  }

  /** The index of the command that ran last (the failing one after an error). */
  int lastCommand() {
    return customRan ? custom.lastCommand() : lastCommand;
  }
}
