package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import org.tpccpg.core.TpccVersion;
import org.tpccpg.core.sql.ConnectionFactory;
import org.tpccpg.driver.connect.PoolerHint;
import org.tpccpg.driver.connect.TransactionProbe;

/**
 * A whole pgbench run as the command line does it: read the scale from the database, print the
 * header, vacuum, run the clients, print pgbench's closing block and the percentiles. The block is
 * printed also when {@link #requestStop()} ends the run early.
 */
public final class TpcbBenchmark {
  /** pgbench's exit code when a client aborted. */
  public static final int EXIT_ABORTED = 2;

  private final TpcbRunConfig config;
  private final ConnectionFactory connections;
  private final String databaseName;
  private final boolean scaleGiven;
  private final PrintWriter out;
  private final PrintWriter err;
  private volatile TpcbRun current;
  private volatile boolean stopRequested;

  /**
   * @param connections opens the clients' connections (with the query mode's properties)
   * @param databaseName for messages
   * @param scaleGiven whether {@code -s} was given, which a run ignores with pgbench's warning
   */
  public TpcbBenchmark(
      TpcbRunConfig config,
      ConnectionFactory connections,
      String databaseName,
      boolean scaleGiven,
      PrintWriter out,
      PrintWriter err) {
    this.config = Objects.requireNonNull(config, "config");
    this.connections = Objects.requireNonNull(connections, "connections");
    this.databaseName = Objects.requireNonNull(databaseName, "databaseName");
    this.scaleGiven = scaleGiven;
    this.out = Objects.requireNonNull(out, "out");
    this.err = Objects.requireNonNull(err, "err");
  }

  /** Ends the run after each client's current transaction. Any thread. */
  public void requestStop() {
    stopRequested = true;
    TpcbRun run = current;
    if (run != null) {
      run.requestStop();
    }
  }

  /**
   * Runs and prints.
   *
   * @return 0, or {@link #EXIT_ABORTED} when a client stopped on an error
   * @throws SQLException when the database cannot be set up or the clients cannot connect
   */
  public int run() throws SQLException, InterruptedException {
    TpcbDatabase database;
    try (Connection connection = connections.open()) {
      database = TpcbDatabase.inspect(connection, databaseName);
      out.println("tpcc tpcb (" + TpccVersion.get() + ", server " + database.serverVersion() + ")");
      out.flush();
      if (scaleGiven) {
        err.println(
            "tpcc tpcb: warning: scale option ignored, using count from pgbench_branches table ("
                + database.scale()
                + ")");
      }
      TpcbDatabase.vacuum(connection, config.vacuum(), err);
    }
    if (config.scripts().stream().anyMatch(s -> s.script() != BuiltinScript.SELECT_ONLY)) {
      // Behind statement pooling BEGIN ... END cannot work: say so once, before any client starts.
      TransactionProbe.requireMultiStatementTransactions(
          connections,
          PoolerHint.STATEMENT_POOLING_PGBENCH,
          PoolerHint.PREPARED_STATEMENTS_PGBENCH);
    }
    TpcbRun run = new TpcbRun(config, connections, database, err);
    current = run;
    if (stopRequested) {
      run.requestStop();
    }
    TpcbRun.Outcome outcome = run.run();
    out.print(TpcbReport.render(outcome.result()));
    out.flush();
    if (outcome.aborted()) {
      err.println("tpcc tpcb: error: Run was aborted; the above results are incomplete.");
      err.flush();
      return EXIT_ABORTED;
    }
    return 0;
  }
}
