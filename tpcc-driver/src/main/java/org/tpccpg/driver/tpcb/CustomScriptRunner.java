package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.tpcb.script.Command;
import org.tpccpg.driver.tpcb.script.Conditionals;
import org.tpccpg.driver.tpcb.script.EvaluationException;
import org.tpccpg.driver.tpcb.script.Evaluator;
import org.tpccpg.driver.tpcb.script.MetaCommand;
import org.tpccpg.driver.tpcb.script.PgPrng;
import org.tpccpg.driver.tpcb.script.QueryResult;
import org.tpccpg.driver.tpcb.script.ResultCapture;
import org.tpccpg.driver.tpcb.script.Script;
import org.tpccpg.driver.tpcb.script.SleepTime;
import org.tpccpg.driver.tpcb.script.SqlCommand;
import org.tpccpg.driver.tpcb.script.Value;
import org.tpccpg.driver.tpcb.script.Variables;

/**
 * Runs one client's custom scripts ({@code -f}) as pgbench 15 runs them: SQL commands with the
 * {@code -M} protocol, {@code \set}, {@code \sleep}, {@code \if} blocks, {@code \gset}/{@code
 * \aset}, {@code \shell}/{@code \setshell}, with the client's variables and random state. A retry
 * starts the script again with the random state it started with, as pgbench does (the variables
 * keep their values). Not thread-safe: one client's.
 */
final class CustomScriptRunner {
  private final List<Script> scripts; // null for the builtins
  private final Variables variables;
  private final StatementMode mode;
  private final CommandStats stats;
  private final boolean perCommand;
  private final ScriptShell shell;
  private final PrintWriter err;
  private final int client;
  private final DebugLog debug;
  private final ScriptStatements statements;
  private final ScriptPipeline pipeline = new ScriptPipeline();
  private PgPrng random;
  private PgPrng startState;
  private int lastCommand;
  private boolean blockLeftOpen;

  /**
   * @param scripts per script index, the custom script or null for a builtin
   * @param variables the client's variables (-D and the automatic ones)
   * @param random the client's state for the random functions
   * @param statements the client's statements under {@code -M extended} and {@code prepared}
   * @param out where {@code \shell}'s output goes
   * @param err where debug() and the abort lines go
   * @param debug {@code -d}'s lines
   */
  CustomScriptRunner(
      List<Script> scripts,
      Variables variables,
      PgPrng random,
      StatementMode mode,
      ScriptStatements statements,
      CommandStats stats,
      boolean perCommand,
      PrintWriter out,
      PrintWriter err,
      int client,
      DebugLog debug) {
    this.scripts = scripts;
    this.statements = statements;
    this.debug = debug;
    this.variables = variables;
    this.random = random;
    this.mode = mode;
    this.stats = stats;
    this.perCommand = perCommand;
    this.shell = new ScriptShell(out);
    this.err = err;
    this.client = client;
  }

  /** Whether script {@code index} is a custom one. */
  boolean runs(int index) {
    return scripts.get(index) != null;
  }

  /** The index of the command that ran last (the failing one after an error). */
  int lastCommand() {
    return lastCommand;
  }

  /**
   * Runs script {@code index} from its first command.
   *
   * @throws SQLException as a command failed; a {@link ScriptAbort} for a meta-command that failed
   */
  void run(Connection connection, int index, boolean retry) throws SQLException {
    if (retry) {
      random = startState.copy(); // pgbench's CSTATE_RETRY: cs_func_rs = random_state
    } else {
      startState = random.copy();
    }
    pipeline.reset();
    blockLeftOpen = false;
    List<Command> commands = scripts.get(index).commands();
    debug.script(index);
    Evaluator evaluator =
        new Evaluator(
            variables,
            random,
            value -> {
              err.println(Evaluator.debugLine(index, lastCommand + 1, value));
              err.flush();
            });
    Conditionals conditionals = new Conditionals();
    for (int i = conditionals.next(commands, 0);
        i < commands.size();
        i = conditionals.next(commands, i + 1)) {
      lastCommand = i;
      long start = System.nanoTime();
      Command command = commands.get(i);
      if (command instanceof SqlCommand sql) {
        if (debug.on()) {
          debugSending(connection, index, commands, i, sql);
        }
        execute(connection, index, i, sql);
        debug.receiving();
      } else {
        MetaCommand meta = (MetaCommand) command;
        debug.executing(meta.arguments());
        if (Conditionals.isConditional(meta)) {
          boolean truth =
              conditionals.mustEvaluate(meta)
                  && evaluate(evaluator, meta, index, i, meta.arguments().get(0)).truth();
          conditionals.run(meta, truth);
        } else {
          runMeta(connection, evaluator, meta, index, i);
        }
      }
      if (perCommand) {
        stats.commandDone(index, i, System.nanoTime() - start);
      }
    }
    if (pipeline.isOpen()) {
      pipeline.reset();
      throw new ScriptAbort(
          "client " + client + " aborted: end of script reached with pipeline open", null);
    }
    // pgbench's check once the script ended (and counted): an open block aborts the client
    blockLeftOpen = transactionState(connection) != TransactionState.IDLE;
  }

  /**
   * After the script's transaction was counted: aborts the client if the script left its
   * transaction block open, as pgbench does.
   */
  void afterCompleted() throws ScriptAbort {
    if (blockLeftOpen) {
      blockLeftOpen = false;
      throw new ScriptAbort(
          "client "
              + client
              + " aborted: end of script reached without completing the last transaction",
          null);
    }
  }

  private static TransactionState transactionState(Connection connection) throws SQLException {
    return connection.unwrap(BaseConnection.class).getTransactionState();
  }

  /** Ends the failed transaction block the script left open, if any, as pgbench does. */
  void rollback(Connection connection) throws SQLException {
    pipeline.reset();
    if (transactionState(connection) != TransactionState.IDLE) {
      try (Statement statement = connection.createStatement()) {
        statement.execute("ROLLBACK");
      }
    }
  }

  private void execute(Connection connection, int script, int index, SqlCommand sql)
      throws SQLException {
    boolean capture = sql.capture() != SqlCommand.Capture.NONE;
    if (pipeline.isOpen()) {
      if (capture) {
        String name = sql.capture() == SqlCommand.Capture.GSET ? "gset" : "aset";
        throw abort(null, script, index, name, "\\" + name + " is not allowed in pipeline mode");
      }
      ScriptStatements.Prepared bound = statements.get(connection, script, index, sql);
      pipeline.add(bound.parameters(), bound.parameters().values(variables));
      return;
    }
    List<QueryResult> results;
    if (mode == StatementMode.SIMPLE) {
      try (Statement statement = connection.createStatement()) {
        try {
          boolean rows = statement.execute(sql.interpolate(variables));
          results = capture ? StatementResults.read(statement, rows) : null;
        } finally {
          ServerNotices.print(statement, err); // those sent before an error too, as libpq
        }
      }
    } else {
      ScriptStatements.Prepared bound = statements.get(connection, script, index, sql);
      PreparedStatement statement = bound.statement();
      ScriptStatements.bind(statement, bound.parameters().values(variables));
      try {
        boolean rows = statement.execute();
        results = capture ? StatementResults.read(statement, rows) : null;
      } finally {
        ServerNotices.print(statement, err);
      }
    }
    if (capture) {
      try {
        ResultCapture.store(sql, results, variables);
      } catch (ResultCapture.CaptureException e) {
        throw new ScriptAbort(e.pgbenchMessage(client, script, index), null);
      }
    }
  }

  private void runMeta(
      Connection connection, Evaluator evaluator, MetaCommand meta, int script, int index)
      throws SQLException {
    String name = meta.arguments().get(0); // pgbench names it as written
    switch (meta.kind()) {
      case SET -> {
        Value value = evaluate(evaluator, meta, script, index, name);
        try {
          variables.put(name, meta.variable(), value);
        } catch (EvaluationException e) {
          throw abort(e.getMessage(), script, index, "set", "assignment of meta-command failed");
        }
      }
      case SLEEP -> {
        int micros;
        try {
          micros = SleepTime.micros(meta, variables);
        } catch (EvaluationException e) {
          throw abort(e.getMessage(), script, index, name, "execution of meta-command failed");
        }
        sleep(micros);
      }
      case SHELL, SETSHELL -> shell(meta, script, index, name);
      case STARTPIPELINE -> {
        if (mode == StatementMode.SIMPLE) {
          throw abort(
              null, script, index, name, "cannot use pipeline mode with the simple query protocol");
        }
        if (pipeline.isOpen()) {
          throw abort(null, script, index, name, "already in pipeline mode");
        }
        pipeline.start();
      }
      case SYNCPIPELINE -> {
        if (!pipeline.isOpen()) {
          throw abort(null, script, index, name, "not in pipeline mode");
        }
        pipeline.sync(connection, err); // an error is this command's (see ScriptPipeline.sync)
      }
      case ENDPIPELINE -> {
        if (!pipeline.isOpen()) {
          throw abort(null, script, index, name, "not in pipeline mode");
        }
        pipeline.end(connection, err); // an error is this command's, as in pgbench
      }
      default -> throw new IllegalStateException("not a command to run: \\" + name);
    }
  }

  private Value evaluate(Evaluator evaluator, MetaCommand meta, int script, int index, String name)
      throws ScriptAbort {
    try {
      return evaluator.evaluate(meta.expression());
    } catch (EvaluationException e) {
      throw abort(e.getMessage(), script, index, name, "evaluation of meta-command failed");
    }
  }

  private static void sleep(int micros) throws SQLException {
    if (micros <= 0) {
      return;
    }
    try {
      Thread.sleep(micros / 1000, (micros % 1000) * 1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted in \\sleep", "57014", e); // query_canceled
    }
  }

  private void shell(MetaCommand meta, int script, int index, String name) throws SQLException {
    String failure;
    try {
      failure = shell.run(meta, variables);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted in \\" + name, "57014", e);
    }
    if (failure != null) {
      throw abort(failure, script, index, name, "execution of meta-command failed");
    }
  }

  private ScriptAbort abort(String detail, int script, int index, String command, String message) {
    return new ScriptAbort(
        detail,
        "client "
            + client
            + " aborted in command "
            + index
            + " ("
            + command
            + ") of script "
            + script
            + "; "
            + message);
  }

  /** {@code -d}'s line for a statement, named as pgbench names it under -M ({@link DebugLog}). */
  private void debugSending(
      Connection connection, int script, List<Command> commands, int command, SqlCommand sql) {
    switch (mode) {
      case SIMPLE -> debug.sending(sql.interpolate(variables));
      case EXTENDED -> debug.sending(sql.parameterized().sql());
      case PREPARED -> {
        int ordinal = 0;
        for (int i = 0; i < command; i++) {
          if (commands.get(i) instanceof SqlCommand) {
            ordinal++;
          }
        }
        debug.sendingPrepared(connection, script, command, ordinal);
      }
    }
  }
}
