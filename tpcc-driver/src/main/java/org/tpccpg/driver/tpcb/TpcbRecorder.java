package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.SQLException;
import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.driver.connect.PoolerHint;
import org.tpccpg.driver.engine.ClientRecorder;

/**
 * One pgbench client's figures as pgbench keeps them (the kind is the script's index): latency and
 * lag in µs, failures by kind after the last try, retries per command, skipped and late
 * transactions, and the {@code -l} log; and pgbench's line when the client aborts.
 */
final class TpcbRecorder implements ClientRecorder {
  private final int id;
  private final ClientStats stats;
  private final ClientLog log;
  private final ScriptExecutor executor;
  private final RunLimits limits;
  private final PrintWriter err;

  TpcbRecorder(
      int id,
      ClientStats stats,
      ClientLog log,
      ScriptExecutor executor,
      RunLimits limits,
      PrintWriter err) {
    this.id = id;
    this.stats = stats;
    this.log = log;
    this.executor = executor;
    this.limits = limits;
    this.err = err;
  }

  @Override
  public void completed(
      int script, long latencyNanos, long lagNanos, int tries, boolean committed) {
    long micros = latencyNanos / 1_000;
    long lagMicros = lagNanos / 1_000;
    boolean late = limits.latencyLimited() && micros > limits.latencyLimitMicros();
    stats.transactionDone(script, micros, lagMicros, tries, late);
    log.ended(micros, lagMicros, TxnOutcome.pack(TxnOutcome.OK, script, tries));
  }

  @Override
  public void tryFailed(int script, SqlStateClass failure, boolean retrying) {
    if (retrying) {
      stats.commandRetried(script, executor.lastCommand());
    }
  }

  @Override
  public void failed(int script, SqlStateClass failure, int tries) {
    FailureKind kind = FailureKind.of(failure);
    stats.transactionFailed(script, executor.lastCommand(), kind, tries);
    log.ended(0, 0, TxnOutcome.pack(TxnOutcome.of(kind), script, tries));
  }

  @Override
  public void skipped(int script) {
    stats.transactionSkipped(script);
    log.ended(0, 0, TxnOutcome.pack(TxnOutcome.SKIPPED, script, 0));
  }

  @Override
  public void reconnected() {
    stats.reconnected();
  }

  @Override
  public void aborting(int script, SQLException e) {
    err.println(
        "tpcc tpcb: error: client "
            + id
            + " aborted in command "
            + executor.lastCommand()
            + " (SQL) of script "
            + script
            + "; "
            + e.getMessage()
            + (SqlStateClass.of(e) == SqlStateClass.PREPARED_STATEMENT_MISMATCH
                ? "; " + PoolerHint.PREPARED_STATEMENTS_PGBENCH
                : ""));
    err.flush();
  }

  @Override
  public void close() {
    log.handOff();
  }
}
