package org.tpccpg.driver.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.tpccpg.core.DataSetException;
import org.tpccpg.core.catalog.DataSetMetadata;
import org.tpccpg.core.catalog.SysbenchDataSet;
import org.tpccpg.core.jdbc.ConnectionFactory;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.tpcc.mode.TxnMode;
import org.tpccpg.core.tpcc.procedures.ProcedureInstaller;
import org.tpccpg.driver.check.ConsistencyProbe;
import org.tpccpg.driver.config.ConnectionMode;
import org.tpccpg.driver.config.RunConfig;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.driver.connect.PoolerHint;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.connect.TooFewConnections;
import org.tpccpg.driver.connect.TransactionProbe;
import org.tpccpg.driver.durability.CommitLedger;
import org.tpccpg.driver.durability.ServerIdentity;
import org.tpccpg.driver.live.LiveMetrics;
import org.tpccpg.driver.results.RunDescription;
import org.tpccpg.driver.results.RunResults;
import org.tpccpg.driver.results.ServerInfo;
import org.tpccpg.driver.results.SpecSummary;
import org.tpccpg.driver.results.TpccSummary;
import org.tpccpg.driver.serverstats.OwnTables;
import org.tpccpg.driver.serverstats.ServerStatsSampler;
import org.tpccpg.driver.spec.SpecKinds;
import org.tpccpg.driver.verdict.VerdictThresholds;

/**
 * A whole TPC-C run as {@code tpcc run} and {@code quickstart} do it, sysbench's or spec mode's:
 * {@link #open()} checks the data set and the server, prints sysbench's header, opens the
 * connections and waits for the start time; {@link #run()} records, runs, prints the summary and
 * returns the exit code. It does not parse options or catch signals: its caller gives a {@link
 * Plan} and calls {@link #requestStop()}.
 */
public final class TpccBenchmark {
  /** What the caller's options make of the data set found. */
  public interface Plan {
    /** The data set's record, or an exception when it is not the one the options describe. */
    DataSetInfo requireDataSet(Connection connection) throws SQLException, DataSetException;

    /** The run's configuration on that data set. */
    RunConfig config(DataSetInfo info);

    /** Spec mode's configuration, or null for sysbench's run (the default). */
    default SpecConfig spec(RunConfig config, DataSetInfo info) {
      return null;
    }
  }

  /** What a run records beside its console output; every part optional. */
  public record Recording(Path directory, VerdictThresholds verdict, Long checkEverySeconds) {
    public static final Recording NONE = new Recording(null, VerdictThresholds.DEFAULTS, null);
  }

  private final ConnectionSettings settings;
  private final Plan plan;
  private final PrintWriter out;
  private final PrintWriter err;
  private final String label;
  private final Function<Throwable, String> describe;
  private Recording recording = Recording.NONE;
  private LiveMetrics metrics; // null: none
  private boolean serverStats;
  private boolean verbose;
  private Instant startAt; // null: at once
  private TimedRun timedRun; // set by open()
  private RunResults results; // set by open(); null: no results files

  /**
   * @param label what the run's own lines on {@code err} start with, such as {@code "tpcc run"}
   * @param describe one line for a failure, for the user
   */
  public TpccBenchmark(
      ConnectionSettings settings,
      Plan plan,
      PrintWriter out,
      PrintWriter err,
      String label,
      Function<Throwable, String> describe) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.plan = Objects.requireNonNull(plan, "plan");
    this.out = Objects.requireNonNull(out, "out");
    this.err = Objects.requireNonNull(err, "err");
    this.label = Objects.requireNonNull(label, "label");
    this.describe = Objects.requireNonNull(describe, "describe");
  }

  /** Records the results files as {@code recording} says; before {@link #open()}. */
  public void record(Recording recording) {
    this.recording = Objects.requireNonNull(recording, "recording");
  }

  /**
   * Serves live figures at {@code metrics} (null: none) and, with {@code serverStats}, samples the
   * server's statistics into the recorded intervals; before {@link #open()}.
   */
  public void monitor(LiveMetrics metrics, boolean serverStats) {
    this.metrics = metrics;
    this.serverStats = serverStats;
  }

  /** Prints every value the run uses before sysbench's header; before {@link #open()}. */
  public void printEffectiveConfig(boolean verbose) {
    this.verbose = verbose;
  }

  /** Starts the clients at {@code startAt} (null: at once), connections open; before open. */
  public void startAt(Instant startAt) {
    this.startAt = startAt;
  }

  /**
   * Checks the data set, the procedures and the connection limit, records the run in the load
   * record, prints the header, opens the connections, waits for the start time and opens the
   * results files.
   */
  public void open() throws Exception {
    Checked checked = checkServer();
    RunConfig config = checked.config();
    SpecConfig spec = plan.spec(config, checked.info());
    timedRun = timedRun(config, spec, checked.identity());
    if (verbose) {
      TpccHeader.printEffectiveConfig(out, config, settings);
    }
    PrintWriter notices = config.notices(out);
    TpccHeader.print(notices, config, recording.directory());
    if (spec != null) {
      TpccHeader.printSpec(notices, config, spec);
    }
    connect(timedRun, config);
    waitUntilStart();
    results = openResults(checked);
    timedRun.recordResultsIn(results);
    timedRun.publishMetricsTo(metrics);
  }

  /**
   * Runs to the end and prints the summary; after {@link #open()}.
   *
   * @return 0, or 1 when an error ended the run, the results files could not be written, or a
   *     consistency probe found a condition violated
   */
  public int run() throws SQLException, InterruptedException {
    Throwable fatal = timedRun.run();
    if (fatal instanceof ForcedShutdown) {
      return ForcedShutdown.EXIT_CODE; // its FATAL line came before the report
    }
    if (fatal != null) {
      say(describe.apply(fatal));
      return 1;
    }
    if (results != null && results.consistencyViolated()) {
      say("a consistency condition was violated during the run (see above)");
      return 1;
    }
    return 0;
  }

  /** Ends the run early, after the current transactions, its summary printed. Any thread. */
  public void requestStop() {
    TimedRun running = timedRun;
    if (running != null) {
      running.requestStop();
    }
  }

  /** What the run reads from the server, and its configuration, before any client connects. */
  private record Checked(
      DataSetInfo info, RunConfig config, ServerInfo server, ServerIdentity identity) {}

  private Checked checkServer() throws SQLException, DataSetException {
    try (Connection c = settings.open()) {
      DataSetInfo info = plan.requireDataSet(c);
      RunConfig config = plan.config(info);
      requireProcedures(c, config, info);
      requireConnections(config, ConnectionLimits.read(c), settings.port());
      ServerInfo server = ServerInfo.read(c);
      c.setAutoCommit(true);
      ServerIdentity identity = ServerIdentity.readOrNull(c); // before any outage
      if (info.loadConstantsKnown()) {
        DataSetMetadata.recordRun(c, config.purge());
      } else {
        // A sysbench-tpcc data set has no record of ours, and run writes none: the database
        // stays as sysbench left it, apart from the transactions.
        config.notices(out).println("run: " + SysbenchDataSet.describe(info));
      }
      return new Checked(info, config, server, identity);
    }
  }

  /** Spec mode's run or sysbench's, with its durability ledger, after the servers' probes. */
  private TimedRun timedRun(RunConfig config, SpecConfig spec, ServerIdentity startedOn)
      throws SQLException, InterruptedException {
    StatementMode mode = config.statementMode();
    ConnectionFactory workers = () -> settings.open(mode.connectionProperties());
    Set<TransactionProbe.Need> needs = EnumSet.of(TransactionProbe.Need.TRANSACTION_BLOCKS);
    if (mode == StatementMode.PREPARED) {
      needs.add(TransactionProbe.Need.NAMED_STATEMENTS);
    }
    TransactionProbe.requireForClients(
        workers, needs, PoolerHint.STATEMENT_POOLING, PoolerHint.PREPARED_STATEMENTS);
    TimedRun run;
    if (spec != null) {
      SpecRun specRun = new SpecRun(config, spec, workers, out);
      if (!config.purge()) {
        specRun.auditDurabilityWith(ledger(config, startedOn));
      }
      run = specRun;
    } else {
      TpccRun tpcc = new TpccRun(config, workers, out);
      if (!config.purge()) {
        tpcc.auditDurabilityWith(ledger(config, startedOn));
      }
      run = tpcc;
    }
    return run;
  }

  /**
   * The durability ledger: its audits connect as the clients do (so they read the clients' {@code
   * synchronous_commit}), named apart, with unnamed statements.
   */
  private CommitLedger ledger(RunConfig config, ServerIdentity startedOn) {
    return new CommitLedger(
        () -> settings.openBeside(CommitLedger.ROLE, StatementMode.EXTENDED.connectionProperties()),
        config.shape().tableSets(),
        config.shape().warehousesPerSet(),
        startedOn,
        this::say);
  }

  /**
   * Refuses {@code --txn-mode=procedures} on a data set without this tool's functions as it
   * installed them: none on a sysbench-tpcc data set (install-procedures refuses those), none
   * installed yet, or one replaced in place since (it would be benchmarked unannounced).
   */
  private static void requireProcedures(Connection c, RunConfig config, DataSetInfo info)
      throws SQLException, DataSetException {
    if (config.txnMode() != TxnMode.PROCEDURES) {
      return;
    }
    if (info.origin() == DataSetInfo.Origin.SYSBENCH_TPCC) {
      throw new DataSetException(
          "--txn-mode=procedures is not supported on a data set sysbench-tpcc prepared: its"
              + " functions would have no load record of this tool's to be listed in, so neither"
              + " tool's cleanup would drop them; run with --txn-mode=statements or batched (the"
              + " same transactions), or prepare a data set with this tool");
    }
    int sets = config.shape().tableSets();
    if (!ProcedureInstaller.installed(c, sets)) {
      throw new DataSetException(
          "--txn-mode=procedures needs the data set's functions, which are not installed: run"
              + " install-procedures first");
    }
    List<String> replaced = ProcedureInstaller.replaced(c, sets);
    if (!replaced.isEmpty()) {
      throw new DataSetException(
          "--txn-mode=procedures: "
              + ProcedureInstaller.describeReplaced(replaced)
              + ", so a run would benchmark it: drop it (DROP FUNCTION "
              + replaced.get(0)
              + ") and run install-procedures, or run with --txn-mode=statements");
    }
  }

  /** The option that asks for the run's connections, as typed: --threads=N or --pool-size=M. */
  private static String connectionsOption(RunConfig config) {
    return config.connectionMode() == ConnectionMode.POOLED
        ? "--pool-size=" + config.poolSize()
        : "--threads=" + config.threads();
  }

  /**
   * Refuses a run that needs more connections than the server admits for this role, before any is
   * opened. Behind a pooler (another port than the server's) the limits are the pooler's, and the
   * connections opened before the start are the check.
   */
  private static void requireConnections(RunConfig config, ConnectionLimits limits, int port) {
    int needed =
        config.connectionMode() == ConnectionMode.POOLED ? config.poolSize() : config.threads();
    limits
        .shortage(connectionsOption(config), needed, port)
        .ifPresent(
            why -> {
              throw new IllegalStateException(why);
            });
  }

  /** Opens the run's connections; one line naming the option when the server refuses some. */
  private void connect(TimedRun run, RunConfig config) throws SQLException, InterruptedException {
    try {
      run.connect();
    } catch (TooFewConnections e) {
      throw new SQLException(
          connectionsOption(config)
              + " needs "
              + e.needed()
              + " connections but only "
              + e.opened()
              + " could be opened: "
              + describe.apply(e.getCause()),
          null,
          e);
    }
  }

  /**
   * With a start time, waits with every connection open until then, so that the drivers of a
   * scale-out run measure one window; an interrupt ends the wait as it ends the connecting. A
   * driver whose connections opened after the time starts at once and says how late it is: its
   * window is not the others', which {@code merge} then refuses or shortens, and the line says why.
   */
  private void waitUntilStart() throws InterruptedException {
    if (startAt == null) {
      return;
    }
    long millis = Duration.between(Instant.now(), startAt).toMillis();
    if (millis <= 0) {
      say(
          String.format(
              Locale.ROOT,
              "--start-at=%s had passed when the connections were open; starting %.1f s late, so"
                  + " this driver's window is not the other drivers' (give them more time to"
                  + " connect)",
              startAt,
              -millis / 1000.0));
      return;
    }
    out.println("Waiting until " + startAt + " to start (--start-at)");
    out.flush();
    Thread.sleep(millis);
  }

  /** The results files with their samplers and verdict, or null when none are recorded. */
  private RunResults openResults(Checked checked) throws IOException {
    Path dir = recording.directory();
    if (dir == null) {
      return null;
    }
    RunConfig config = checked.config();
    RunDescription description =
        new RunDescription(config, settings.connectionTarget(), checked.server(), dir);
    RunResults opened =
        RunResults.open(
            dir,
            timedRun instanceof SpecRun specRun
                ? new SpecSummary(description, specRun::outcome)
                : new TpccSummary(description),
            timedRun instanceof SpecRun ? SpecKinds.KINDS : TpccRun.kinds(config),
            config.percentile(),
            Clock.systemUTC(),
            this::resultsWriteFailed);
    if (serverStats) {
      // over a connection of its own, named apart, with unnamed statements whatever the clients'
      // mode: a sample a minute gains nothing from a named statement, which behind a pooler in
      // transaction mode would meet another session's
      opened.recordServerStats(
          new ServerStatsSampler(
              () ->
                  settings.openBeside(
                      ServerStatsSampler.ROLE, StatementMode.EXTENDED.connectionProperties()),
              OwnTables.TPCC,
              this::say));
    }
    opened.judgeWith(recording.verdict());
    if (recording.checkEverySeconds() != null) {
      opened.recordConsistency(
          new ConsistencyProbe(
              () ->
                  settings.openBeside(
                      ConsistencyProbe.ROLE, StatementMode.EXTENDED.connectionProperties()),
              checked.info().tableSets(),
              checked.info().warehousesPerSet(),
              recording.checkEverySeconds(),
              this::say));
    }
    return opened;
  }

  /** A line of the run's own on {@code err}, from any thread; the run goes on. */
  private void say(String line) {
    err.println(label + ": " + line);
    err.flush();
  }

  /** The first failed write of the results files, as it happens; the run goes on. */
  private void resultsWriteFailed(String failure) {
    say(failure + "; the run goes on without recording more intervals (exit code 1 at the end)");
  }
}
