package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.function.Function;
import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.driver.connect.PoolerHint;
import org.tpccpg.driver.engine.ClientRecorder;
import org.tpccpg.driver.engine.CountingRecorder;
import org.tpccpg.driver.engine.EngineConfig;
import org.tpccpg.driver.metrics.FailureCause;

/**
 * One pgbench client's figures (the kind is the script's index): the figures every workload keeps
 * ({@link CountingRecorder}), plus pgbench's own: failures and retries per command, the {@code -l}
 * log, and pgbench's line when the client aborts.
 */
final class TpcbRecorder implements ClientRecorder {
  private final int id;
  private final CountingRecorder counting;
  private final CommandStats commands;
  private final ClientLog log;
  private final ScriptExecutor executor;
  private final PrintWriter err;
  private final boolean verboseErrors;
  private final int maxTries;
  private final boolean continueOnError;
  private final Function<SQLException, String> connectFailure;
  private int tries;

  TpcbRecorder(
      int id,
      CountingRecorder counting,
      CommandStats commands,
      ClientLog log,
      ScriptExecutor executor,
      PrintWriter err,
      boolean verboseErrors,
      int maxTries,
      boolean continueOnError,
      Function<SQLException, String> connectFailure) {
    this.id = id;
    this.counting = counting;
    this.commands = commands;
    this.log = log;
    this.executor = executor;
    this.err = err;
    this.verboseErrors = verboseErrors;
    this.maxTries = maxTries;
    this.continueOnError = continueOnError;
    this.connectFailure = connectFailure;
  }

  /**
   * With {@code --verbose-errors}, pgbench's line for an error that may be retried, or (with {@code
   * --continue-on-error}) that the client goes on after.
   */
  @Override
  public void tryError(int script, SQLException error, int tries) {
    this.tries = tries;
    SqlStateClass failure = SqlStateClass.of(error);
    boolean continuing =
        continueOnError && failure != SqlStateClass.CONNECTION && EngineConfig.sentByServer(error);
    if (verboseErrors && (failure.retryable() || continuing)) {
      err.println(
          "tpcc tpcb: client "
              + id
              + " got an error in command "
              + executor.lastCommand()
              + " (SQL) of script "
              + script
              + "; "
              + PgbenchError.libpqMessage(error));
      err.flush();
    }
  }

  @Override
  public void started() {
    counting.started();
  }

  @Override
  public void stopped(long nowNanos) {
    counting.stopped(nowNanos);
  }

  @Override
  public void completed(
      int script, long latencyNanos, long lagNanos, int tries, boolean committed) {
    counting.completed(script, latencyNanos, lagNanos, tries, committed);
    log.ended(
        latencyNanos / 1_000, lagNanos / 1_000, TxnOutcome.pack(TxnOutcome.OK, script, tries));
  }

  @Override
  public void tryFailed(int script, SqlStateClass failure, boolean retrying) {
    counting.tryFailed(script, failure, retrying);
    if (verboseErrors) {
      err.println(
          "tpcc tpcb: client "
              + id
              + (retrying
                  ? " repeats the transaction after the error"
                  : " ends the failed transaction")
              + " (try "
              + tries
              + (maxTries == 0 ? "" : "/" + maxTries)
              + ")");
      err.flush();
    }
    if (retrying) {
      commands.commandRetried(script, executor.lastCommand());
    }
  }

  @Override
  public void failed(int script, SqlStateClass failure, int tries) {
    counting.failed(script, failure, tries);
    commands.commandFailed(script, executor.lastCommand());
    TxnOutcome outcome = TxnOutcome.of(FailureCause.of(failure));
    log.ended(0, 0, TxnOutcome.pack(outcome, script, tries));
  }

  @Override
  public void skipped(int script) {
    counting.skipped(script);
    log.ended(0, 0, TxnOutcome.pack(TxnOutcome.SKIPPED, script, 0));
  }

  @Override
  public void reconnected() {
    counting.reconnected();
  }

  @Override
  public void aborting(int script, SQLException e) {
    if (e instanceof ScriptAbort abort) {
      abort.lines().forEach(line -> err.println("tpcc tpcb: error: " + line));
      err.flush();
      return;
    }
    // pgbench's readCommandResponse() line (the query's number within a command of several
    // statements is not known here: 0, the first's)
    err.println(
        "tpcc tpcb: error: client "
            + id
            + " script "
            + script
            + " aborted in command "
            + executor.lastCommand()
            + " query 0: "
            + PgbenchError.libpqMessage(e)
            + (SqlStateClass.of(e) == SqlStateClass.PREPARED_STATEMENT_MISMATCH
                ? "; " + PoolerHint.PREPARED_STATEMENTS_PGBENCH
                : ""));
    err.flush();
  }

  /**
   * pgbench 15's two lines for a client whose connection (with {@code -C}, each transaction's)
   * could not be opened: libpq's message, then {@code client N aborted while establishing
   * connection}.
   */
  @Override
  public void connectFailed(SQLException error) {
    err.println("tpcc tpcb: error: " + connectFailure.apply(error));
    err.println("tpcc tpcb: error: client " + id + " aborted while establishing connection");
    err.flush();
  }

  /** Not pgbench's (it has no such case): the exception's class and message, on one line. */
  @Override
  public void failedUnexpectedly(RuntimeException error) {
    err.println("tpcc tpcb: error: client " + id + " aborted: " + unexpected(error));
    err.flush();
  }

  /** {@code java.lang.IllegalStateException: message}, its lines joined. */
  static String unexpected(RuntimeException error) {
    String message = error.getMessage();
    return error.getClass().getName()
        + (message == null ? "" : ": " + message.strip().replaceAll("\\s*\\R\\s*", " "));
  }

  @Override
  public void close() {
    log.handOff();
  }
}
