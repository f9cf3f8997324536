package org.tpccpg.driver.tpcb;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.postgresql.PGConnection;
import org.tpccpg.core.catalog.TpccVersion;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.driver.connect.PoolerHint;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.connect.TransactionProbe;
import org.tpccpg.driver.engine.ClientThreads;
import org.tpccpg.driver.engine.StopSignal;
import org.tpccpg.driver.live.LiveMetrics;
import org.tpccpg.driver.metrics.DipCauses;
import org.tpccpg.driver.metrics.Stability;
import org.tpccpg.driver.results.RunResults;
import org.tpccpg.driver.results.ServerInfo;
import org.tpccpg.driver.serverstats.OwnTables;
import org.tpccpg.driver.serverstats.ServerStatsSampler;

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
  private final TpcbRecording recording; // null: no results files
  private LiveMetrics metrics; // null: no live metrics
  private ConnectionFactory serverStats; // null: no server statistics
  private Function<SQLException, String> connectFailure = PgbenchError::libpqMessage;
  private String debugHost = ""; // -d's pghost and pgport, as libpq would say them
  private int debugPort;
  private final StopSignal stop = new StopSignal();

  /**
   * @param connections opens the clients' connections (with the query mode's properties)
   * @param databaseName for messages
   * @param scaleGiven whether {@code -s} was given, which a run ignores with pgbench's warning
   * @param recording where the run records its intervals and summary (see {@link RunResults}), or
   *     null for no results files
   */
  public TpcbBenchmark(
      TpcbRunConfig config,
      ConnectionFactory connections,
      String databaseName,
      boolean scaleGiven,
      PrintWriter out,
      PrintWriter err,
      TpcbRecording recording) {
    this.recording = recording;
    this.config = Objects.requireNonNull(config, "config");
    this.connections = Objects.requireNonNull(connections, "connections");
    this.databaseName = Objects.requireNonNull(databaseName, "databaseName");
    this.scaleGiven = scaleGiven;
    this.out = Objects.requireNonNull(out, "out");
    this.err = Objects.requireNonNull(err, "err");
  }

  /**
   * Serves the run's live figures at {@code metrics} (null for none) and, with connections from
   * {@code serverStats} (null for none), adds the server's figures to the recorded intervals.
   * Before {@link #run()}.
   */
  public void monitor(LiveMetrics metrics, ConnectionFactory serverStats) {
    this.metrics = metrics;
    this.serverStats = serverStats;
  }

  /**
   * How a client's failed connection is worded before {@code client N aborted while establishing
   * connection}: by default the error alone; the command line gives libpq's {@code connection to
   * server ... failed: } with the target, which only it knows.
   */
  public void describeConnectFailures(Function<SQLException, String> describe) {
    this.connectFailure = Objects.requireNonNull(describe, "describe");
  }

  /**
   * The server's host (a socket directory for a unix socket) and port for {@code -d}'s opening
   * line, which only the command line knows; empty without.
   */
  public void debugTarget(String host, int port) {
    this.debugHost = Objects.requireNonNull(host, "host");
    this.debugPort = port;
  }

  /**
   * {@code -d}'s first line, after the version as pgbench prints it: {@code pghost: /tmp pgport:
   * 5432 nclients: 1 nxacts: 10 dbName: bench} ({@code duration: N} with {@code -T}).
   */
  private void debugOpening() {
    if (!config.messages().debug()) {
      return;
    }
    String limit =
        config.timed()
            ? "duration: " + config.durationSeconds()
            : "nxacts: " + config.transactionsPerClient();
    err.println(
        "tpcc tpcb: pghost: "
            + debugHost
            + " pgport: "
            + debugPort
            + " nclients: "
            + config.clients()
            + " "
            + limit
            + " dbName: "
            + databaseName);
    err.flush();
  }

  /** Ends the run after each client's current transaction. Any thread. */
  public void requestStop() {
    stop.request();
  }

  /**
   * Runs and prints; with a recording, writes {@code summary.json} before printing pgbench's block.
   *
   * @return 0, 1 when the results files or the {@code -l} files could not be written, or {@link
   *     #EXIT_ABORTED} when a client stopped on an error
   * @throws SQLException when the database cannot be set up or the clients cannot connect
   * @throws IOException when the results files cannot be created
   */
  public int run() throws SQLException, InterruptedException, IOException {
    return run(() -> {});
  }

  /**
   * The same, calling {@code starting} once the database is set up (vacuumed), just before the
   * results files are opened and the clients start: from then on {@link #requestStop()} ends the
   * run with its block printed.
   */
  public int run(Runnable starting) throws SQLException, InterruptedException, IOException {
    TpcbDatabase database;
    ServerInfo server;
    try (Connection connection = connections.open()) {
      // Unnamed statements for the set-up, as pgbench's PQexec: a named one behind a pooler in
      // transaction mode meets another session's leftovers ("S_1" already exists) and would
      // fail the table count with a hint to initialize
      connection.unwrap(PGConnection.class).setPrepareThreshold(0);
      // pgbench's version line comes first, before a failed table count too
      String serverVersion = connection.getMetaData().getDatabaseProductVersion();
      out.println("tpcc tpcb (" + TpccVersion.get() + ", server " + serverVersion + ")");
      out.flush();
      debugOpening();
      // As pgbench: only a builtin script needs the tables; custom scripts get -s as :scale
      database =
          config.anyBuiltin()
              ? TpcbDatabase.inspect(connection, databaseName)
              : new TpcbDatabase(config.scale() == 0 ? 1 : config.scale(), "", 0, serverVersion);
      server = recording == null ? null : ServerInfo.read(connection);
      if (scaleGiven && config.anyBuiltin()) {
        err.println(
            "tpcc tpcb: warning: scale option ignored, using count from pgbench_branches table ("
                + database.scale()
                + ")");
      }
      if (config.anyBuiltin()) {
        warnWithoutPrimaryKeys(TpcbDatabase.tablesWithoutPrimaryKey(connection));
      }
      TpcbDatabase.vacuum(connection, config.vacuum(), err);
    }
    probeWhatTheClientsNeed();
    starting.run();
    if (recording == null) {
      return runAndPrint(database, null);
    }
    RunResults results =
        RunResults.open(
            recording.directory(),
            new TpcbSummary(config, recording, server, database),
            TpcbSummary.scriptLabels(config.scripts()),
            0,
            Clock.systemUTC(),
            this::resultsWriteFailed);
    if (serverStats != null) {
      results.recordServerStats(
          new ServerStatsSampler(serverStats, OwnTables.TPCB, this::serverStatsSay));
    }
    try {
      return runAndPrint(database, results);
    } catch (SQLException | RuntimeException e) {
      results.discardIfEmpty(e);
      throw e;
    }
  }

  /** What a pooler may not let the clients do, found before any of them connects. */
  private void probeWhatTheClientsNeed() throws SQLException, InterruptedException {
    Set<TransactionProbe.Need> needs = EnumSet.noneOf(TransactionProbe.Need.class);
    if (config.scripts().stream().anyMatch(s -> s.script() != BuiltinScript.SELECT_ONLY)) {
      // Behind statement pooling BEGIN ... END cannot work: say so once, before any client starts.
      needs.add(TransactionProbe.Need.TRANSACTION_BLOCKS);
    }
    if (config.statementMode() == StatementMode.PREPARED) {
      // -S too: select-only has no transaction block, but its named statements meet behind a
      // pooler in statement or transaction mode all the same
      needs.add(TransactionProbe.Need.NAMED_STATEMENTS);
    }
    TransactionProbe.requireForClients(
        connections,
        needs,
        PoolerHint.STATEMENT_POOLING_PGBENCH,
        PoolerHint.PREPARED_STATEMENTS_PGBENCH);
  }

  /** pgbench runs on tables without keys, slowly: we do too, after saying so. */
  private void warnWithoutPrimaryKeys(List<String> tables) {
    if (tables.isEmpty()) {
      return;
    }
    err.println(
        "tpcc tpcb: warning: "
            + String.join(", ", tables)
            + (tables.size() == 1 ? " has" : " have")
            + " no primary key (an initialization without its \"p\" step, or one that failed"
            + " before it): every transaction scans the whole table; initialize again (-i)");
    err.flush();
  }

  private int runAndPrint(TpcbDatabase database, RunResults results)
      throws SQLException, InterruptedException {
    TpcbRun run =
        new TpcbRun(
            config,
            connections,
            database,
            out,
            err,
            results,
            metrics,
            ClientThreads.preferred(),
            connectFailure);
    stop.attach(run::requestStop);
    TpcbRun.Outcome outcome = run.run();
    String resultsFailure = results == null ? null : record(results, outcome);
    if (outcome.firstAborted() >= 0) {
      return endedByAnAbort(outcome, resultsFailure);
    }
    boolean early = stop.requested() && outcome.result().benchSeconds() < config.durationSeconds();
    Stability stability = outcome.result().run().stability();
    out.print(
        TpcbReport.render(
            outcome.result(),
            early,
            results == null ? DipCauses.NONE : results.dipCauses(stability)));
    if (results != null) {
      // after pgbench's block, which it lacks
      out.print(results.closingLines(outcome.result().run(), outcome.result().benchSeconds()));
    }
    out.flush();
    if (resultsFailure != null) {
      err.println("tpcc tpcb: error: writing the results files failed: " + resultsFailure);
    }
    if (outcome.logFailure() != null) {
      err.println("tpcc tpcb: error: the transaction log is incomplete: " + outcome.logFailure());
    }
    if (outcome.aborted()) {
      err.println("tpcc tpcb: error: Run was aborted; the above results are incomplete.");
    }
    err.flush();
    boolean filesFailed = resultsFailure != null || outcome.logFailure() != null;
    return outcome.aborted() ? EXIT_ABORTED : filesFailed ? 1 : 0;
  }

  /**
   * pgbench 17's {@code --exit-on-abort}: the first aborted client ended the run, which prints no
   * closing block, only the thread it ran on. The results files are still written: they say the run
   * was aborted.
   */
  private int endedByAnAbort(TpcbRun.Outcome outcome, String resultsFailure) {
    out.flush();
    if (resultsFailure != null) {
      err.println("tpcc tpcb: error: writing the results files failed: " + resultsFailure);
    }
    err.println(
        "tpcc tpcb: error: Run was aborted due to an error in thread "
            + config.threadOf(outcome.firstAborted()));
    err.flush();
    return EXIT_ABORTED;
  }

  /** What the server statistics' sampler has to say, on its own thread; the run goes on. */
  private void serverStatsSay(String line) {
    err.println("tpcc tpcb: " + line);
    err.flush();
  }

  private void resultsWriteFailed(String failure) {
    err.println(
        "tpcc tpcb: error: "
            + failure
            + "; the run goes on without recording more intervals (exit code 1 at the end)");
    err.flush();
  }

  /** Writes the summary and closes the files; what went wrong, or null. */
  private String record(RunResults results, TpcbRun.Outcome outcome) {
    try (RunResults closing = results) {
      closing.writeSummary(outcome.result().run());
    } catch (IOException e) {
      return e.getMessage() == null ? e.toString() : e.getMessage();
    }
    return null;
  }
}
