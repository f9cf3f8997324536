package org.tpccpg.driver.config;

import java.io.PrintWriter;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.tpccpg.core.random.NuRandConstants;
import org.tpccpg.core.schema.DataSetInfo;
import org.tpccpg.core.sql.SqlStateClass;
import org.tpccpg.core.tpcc.RunSetup;
import org.tpccpg.core.tpcc.WorkloadShape;
import org.tpccpg.core.tpcc.mode.TxnMode;
import org.tpccpg.driver.connect.StatementMode;
import org.tpccpg.driver.engine.Engine;
import org.tpccpg.driver.engine.EngineConfig;

/**
 * Everything a TPC-C run needs, validated. Build one with {@link #builder}, which starts from
 * {@link RunDefaults}:
 *
 * <pre>{@code
 * RunConfig config = RunConfig.builder(shape, dataSet).threads(8).timeSeconds(60).build();
 * }</pre>
 *
 * @param shape table sets, warehouses per set and compat mode
 * @param dataSet the prepared data set, for its NURand load constants
 * @param threads worker threads, each with one connection at a time
 * @param timeSeconds run time limit, 0 for none
 * @param events transaction limit, 0 for none
 * @param reportIntervalSeconds seconds between report lines, 0 for none
 * @param percentile the latency percentile to report, 0 to disable
 * @param histogram print sysbench's latency histogram at the end
 * @param rate target transactions per second over all threads, 0 for as fast as possible
 * @param warmupSeconds seconds run before measuring
 * @param isolation the isolation level of every transaction
 * @param statementMode prepared statements or not
 * @param purge add sysbench's purge transaction to the mix
 * @param reportCsv print report lines as CSV
 * @param seed the run's random seed
 * @param maxTries tries of the same input after a serialization failure or deadlock, 0 for no limit
 *     (pgbench's meaning); then the event goes on with a new transaction (sysbench-tpcc's restart);
 *     1, the default, restarts at once
 * @param exitOnAbort end the run when a connection is lost, instead of reconnecting
 * @param connectionMode a connection per thread for the whole run, one per transaction, or one
 *     borrowed from a pool per transaction
 * @param poolSize the pool's connections with {@link ConnectionMode#POOLED} (>= 1), else 0
 * @param txnMode how the transactions reach the server; only {@link TxnMode#STATEMENTS} in sysbench
 *     compatibility
 * @param forcedShutdownSeconds sysbench's {@code --forced-shutdown}: how long after the time limit
 *     busy threads may finish before the run closes their connections and ends as forced, or {@link
 *     #NO_FORCED_SHUTDOWN} for the engine's own {@link Engine#END_GRACE_NANOS} and a normal end
 * @param log sysbench's {@code --verbosity}, {@code --debug}, {@code --validate} and {@code
 *     --db-debug}: below level 3 the header, "Threads started!" and the closing report are not
 *     printed (see {@link #notices})
 * @param reportCheckpoints sysbench's {@code --report-checkpoints}: the seconds after the start of
 *     measuring at which sysbench's closing block is printed for what happened since the previous
 *     one, the sysbench block at the end covering only the time after the last
 * @param splittable sysbench-tpcc's {@code --splittable}: Order-Status and Stock-Level begin as
 *     read-only transactions, for a proxy that splits reads from writes
 */
public record RunConfig(
    WorkloadShape shape,
    DataSetInfo dataSet,
    int threads,
    long timeSeconds,
    long events,
    int reportIntervalSeconds,
    double percentile,
    boolean histogram,
    double rate,
    long warmupSeconds,
    IsolationLevel isolation,
    StatementMode statementMode,
    boolean purge,
    boolean reportCsv,
    long seed,
    int maxTries,
    boolean exitOnAbort,
    ConnectionMode connectionMode,
    int poolSize,
    TxnMode txnMode,
    long forcedShutdownSeconds,
    SysbenchLog log,
    ReportCheckpoints reportCheckpoints,
    boolean splittable) {
  /** No {@code --forced-shutdown} (sysbench's {@code off}), or no time limit to force. */
  public static final long NO_FORCED_SHUTDOWN = -1;

  public RunConfig {
    Objects.requireNonNull(txnMode, "txnMode");
    if (shape.sysbenchCompat() && txnMode != TxnMode.STATEMENTS) {
      throw new IllegalArgumentException(
          "txnMode must be STATEMENTS in sysbench compatibility but was " + txnMode);
    }
    Objects.requireNonNull(shape, "shape");
    Objects.requireNonNull(dataSet, "dataSet");
    Objects.requireNonNull(isolation, "isolation");
    Objects.requireNonNull(statementMode, "statementMode");
    Objects.requireNonNull(connectionMode, "connectionMode");
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1 but was " + threads);
    }
    if (timeSeconds < 0 || events < 0 || reportIntervalSeconds < 0 || warmupSeconds < 0) {
      throw new IllegalArgumentException(
          "time, events, report interval and warmup must be >= 0 but were "
              + timeSeconds
              + ", "
              + events
              + ", "
              + reportIntervalSeconds
              + ", "
              + warmupSeconds);
    }
    if ((connectionMode == ConnectionMode.POOLED) != (poolSize > 0) || poolSize < 0) {
      throw new IllegalArgumentException(
          "poolSize must be >= 1 with a pool and 0 without but was "
              + poolSize
              + " with "
              + connectionMode);
    }
    if (maxTries < 0) {
      throw new IllegalArgumentException("maxTries must be >= 0 but was " + maxTries);
    }
    if (forcedShutdownSeconds < NO_FORCED_SHUTDOWN) {
      throw new IllegalArgumentException(
          "forcedShutdownSeconds must be >= 0, or -1 for none, but was " + forcedShutdownSeconds);
    }
    Objects.requireNonNull(log, "log");
    Objects.requireNonNull(reportCheckpoints, "reportCheckpoints");
    if (!(rate >= 0) || !(percentile >= 0 && percentile <= 100)) {
      throw new IllegalArgumentException(
          "rate must be >= 0 and percentile 0..100 but were " + rate + " and " + percentile);
    }
  }

  /**
   * The NURand constants C of the run (TPC-C 2.1.6.1): drawn from the seed, within the distance of
   * the load's that clause allows (freely when the load's are unknown, see {@link
   * DataSetInfo#runConstants}), so a run is repeated exactly from its seed and data set.
   */
  public NuRandConstants runConstants() {
    return setup().runConstants();
  }

  /**
   * The run set up as a library caller sets one up ({@link RunSetup}): its constants, and per
   * client the seeded inputs, the mix and the dispatcher.
   */
  public RunSetup setup() {
    return RunSetup.of(dataSet::runConstants, shape, seed);
  }

  /**
   * The run's rules on the engine. By default pgbench's: a serialization failure or deadlock is
   * tried again up to {@code --max-tries}, then the transaction counts as failed, for its own type;
   * any other error ends the run, a unique violation too (it means the data set is not what the run
   * expects). With {@code --sysbench-compat=on} sysbench-tpcc's: every failed try is an ignored
   * error and the event goes on with a newly drawn transaction, unique violations included.
   */
  public EngineConfig engineConfig() {
    long seconds = timeSeconds == 0 ? 0 : timeSeconds + warmupSeconds;
    boolean compat = shape.sysbenchCompat();
    return EngineConfig.builder(threads)
        .timeNanos(TimeUnit.SECONDS.toNanos(seconds))
        .transactionBudget(events)
        .rate(rate)
        .maxTries(compat ? 1 : maxTries)
        .afterLastTry(compat ? EngineConfig.AfterLastTry.REDRAW : EngineConfig.AfterLastTry.FAIL)
        .survivable(compat ? SqlStateClass.ignoredBySysbench() : SqlStateClass.survivedByDefault())
        .exitOnAbort(exitOnAbort)
        .fatalEndsRun(true)
        .endGraceNanos(endGraceNanos())
        .seed(seed)
        .build();
  }

  /**
   * How long past its end the run waits for busy clients before it closes their connections: {@code
   * --forced-shutdown}'s seconds, else the engine's own grace.
   */
  public long endGraceNanos() {
    return forcedShutdown()
        ? TimeUnit.SECONDS.toNanos(forcedShutdownSeconds)
        : Engine.END_GRACE_NANOS;
  }

  /** Whether {@code --forced-shutdown} applies: it was given, and the run has a time limit. */
  public boolean forcedShutdown() {
    return forcedShutdownSeconds != NO_FORCED_SHUTDOWN && timeSeconds > 0;
  }

  /**
   * Where sysbench's notices go: {@code out}, or nowhere below level 3 ({@link SysbenchLog#at}).
   */
  public PrintWriter notices(PrintWriter out) {
    return log.at(SysbenchLog.NOTICE, out);
  }

  public int warehouses() {
    return shape.tableSets() * shape.warehousesPerSet();
  }

  /** A builder for a run on {@code dataSet} with {@code shape}, every other value a default. */
  public static Builder builder(WorkloadShape shape, DataSetInfo dataSet) {
    return new Builder(shape, dataSet);
  }

  /**
   * Collects a run's values, starting from {@link RunDefaults}; {@link #build} validates them. Not
   * thread-safe; the record it builds is immutable.
   */
  public static final class Builder {
    private final WorkloadShape shape;
    private final DataSetInfo dataSet;
    private int threads = RunDefaults.THREADS;
    private long timeSeconds = RunDefaults.TIME_SECONDS;
    private long events = RunDefaults.EVENTS;
    private int reportIntervalSeconds = RunDefaults.REPORT_INTERVAL_SECONDS;
    private double percentile = RunDefaults.PERCENTILE;
    private boolean histogram = RunDefaults.HISTOGRAM;
    private double rate = RunDefaults.RATE;
    private long warmupSeconds = RunDefaults.WARMUP_SECONDS;
    private IsolationLevel isolation = IsolationLevel.valueOf(RunDefaults.ISOLATION);
    private StatementMode statementMode = StatementMode.parseSysbench(RunDefaults.STATEMENT_MODE);
    private boolean purge = RunDefaults.PURGE;
    private boolean reportCsv = RunDefaults.REPORT_CSV;
    private long seed = RunDefaults.SEED;
    private int maxTries = RunDefaults.MAX_TRIES;
    private boolean exitOnAbort = RunDefaults.EXIT_ON_ABORT;
    private ConnectionMode connectionMode = ConnectionMode.DEDICATED;
    private int poolSize = RunDefaults.POOL_SIZE;
    private TxnMode txnMode = TxnMode.STATEMENTS;
    private long forcedShutdownSeconds = NO_FORCED_SHUTDOWN;
    private SysbenchLog log = SysbenchLog.DEFAULT;
    private ReportCheckpoints reportCheckpoints = ReportCheckpoints.NONE;
    private boolean splittable;

    private Builder(WorkloadShape shape, DataSetInfo dataSet) {
      this.shape = shape;
      this.dataSet = dataSet;
    }

    public Builder threads(int threads) {
      this.threads = threads;
      return this;
    }

    public Builder timeSeconds(long timeSeconds) {
      this.timeSeconds = timeSeconds;
      return this;
    }

    public Builder events(long events) {
      this.events = events;
      return this;
    }

    public Builder reportIntervalSeconds(int reportIntervalSeconds) {
      this.reportIntervalSeconds = reportIntervalSeconds;
      return this;
    }

    public Builder percentile(double percentile) {
      this.percentile = percentile;
      return this;
    }

    public Builder histogram(boolean histogram) {
      this.histogram = histogram;
      return this;
    }

    public Builder rate(double rate) {
      this.rate = rate;
      return this;
    }

    public Builder warmupSeconds(long warmupSeconds) {
      this.warmupSeconds = warmupSeconds;
      return this;
    }

    public Builder isolation(IsolationLevel isolation) {
      this.isolation = isolation;
      return this;
    }

    public Builder statementMode(StatementMode statementMode) {
      this.statementMode = statementMode;
      return this;
    }

    public Builder purge(boolean purge) {
      this.purge = purge;
      return this;
    }

    public Builder reportCsv(boolean reportCsv) {
      this.reportCsv = reportCsv;
      return this;
    }

    /** The run's seed; 0 (the default) takes one from the clock at {@link #build}. */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    public Builder maxTries(int maxTries) {
      this.maxTries = maxTries;
      return this;
    }

    public Builder exitOnAbort(boolean exitOnAbort) {
      this.exitOnAbort = exitOnAbort;
      return this;
    }

    /**
     * How threads hold connections; {@link ConnectionMode#POOLED} also needs a {@link #poolSize}.
     */
    public Builder connectionMode(ConnectionMode connectionMode) {
      this.connectionMode = connectionMode;
      return this;
    }

    public Builder poolSize(int poolSize) {
      this.poolSize = poolSize;
      return this;
    }

    /**
     * The validated record.
     *
     * @throws IllegalArgumentException naming the first bad value
     * @throws NullPointerException naming a missing one
     */
    /** How the transactions reach the server; statements by default. */
    public Builder txnMode(TxnMode txnMode) {
      this.txnMode = txnMode;
      return this;
    }

    /** sysbench's {@code --forced-shutdown}; {@link #NO_FORCED_SHUTDOWN} by default. */
    public Builder forcedShutdownSeconds(long forcedShutdownSeconds) {
      this.forcedShutdownSeconds = forcedShutdownSeconds;
      return this;
    }

    /** sysbench's logging options; {@link SysbenchLog#DEFAULT} by default. */
    public Builder log(SysbenchLog log) {
      this.log = log;
      return this;
    }

    /** sysbench's {@code --report-checkpoints}; {@link ReportCheckpoints#NONE} by default. */
    public Builder reportCheckpoints(ReportCheckpoints reportCheckpoints) {
      this.reportCheckpoints = reportCheckpoints;
      return this;
    }

    /** sysbench-tpcc's {@code --splittable}; off by default. */
    public Builder splittable(boolean splittable) {
      this.splittable = splittable;
      return this;
    }

    public RunConfig build() {
      return new RunConfig(
          shape,
          dataSet,
          threads,
          timeSeconds,
          events,
          reportIntervalSeconds,
          percentile,
          histogram,
          rate,
          warmupSeconds,
          isolation,
          statementMode,
          purge,
          reportCsv,
          seed != 0 ? seed : System.currentTimeMillis(),
          maxTries,
          exitOnAbort,
          connectionMode,
          poolSize,
          txnMode,
          forcedShutdownSeconds,
          log,
          reportCheckpoints,
          splittable);
    }
  }
}
