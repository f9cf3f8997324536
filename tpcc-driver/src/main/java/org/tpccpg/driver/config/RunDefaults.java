package org.tpccpg.driver.config;

/**
 * The one source of a TPC-C run's defaults: {@link RunConfig.Builder} starts from them, the CLI's
 * options name them as their {@code defaultValue}, and {@code quickstart} keeps them unless it says
 * otherwise. They are compile-time constants because picocli's {@code defaultValue} must be one:
 * numbers are written so that {@code "" + X} prints as the help always has ({@code 95}, not {@code
 * 95.0}), and enums are spelt as their options spell them.
 */
public final class RunDefaults {
  /** Worker threads ({@code --threads}, which {@code prepare} also loads with). */
  public static final int THREADS = 1;

  /** Run time limit in seconds; 0 is none. */
  public static final long TIME_SECONDS = 10;

  /** Transaction limit; 0 is none. */
  public static final long EVENTS = 0;

  /** Seconds between report lines; 0 is none. */
  public static final int REPORT_INTERVAL_SECONDS = 0;

  /** The latency percentile reported, sysbench's default; an int so that the help says 95. */
  public static final int PERCENTILE = 95;

  public static final boolean HISTOGRAM = false;

  /** Target transactions per second; 0 runs flat out. An int so that the help says 0. */
  public static final int RATE = 0;

  public static final long WARMUP_SECONDS = 0;

  /** TPC-C's transactions, not sysbench-tpcc's deviations from it. */
  public static final boolean SYSBENCH_COMPAT = false;

  /** {@link IsolationLevel#RC}, as {@code --trx_level} spells it. */
  public static final String ISOLATION = "RC";

  /**
   * {@link org.tpccpg.driver.connect.StatementMode#PREPARED}, as {@code --db-ps-mode} spells it.
   */
  public static final String STATEMENT_MODE = "auto";

  public static final boolean PURGE = false;

  public static final boolean REPORT_CSV = false;

  /**
   * 1: a conflict restarts the event with a new transaction at once, as sysbench-tpcc does (the
   * count has pgbench's meaning: tries of the same input, 0 for no limit).
   */
  public static final int MAX_TRIES = 1;

  public static final boolean EXIT_ON_ABORT = false;

  /** 0: no pool, a connection per thread ({@link ConnectionMode#DEDICATED}). */
  public static final int POOL_SIZE = 0;

  /** 0: the seed is taken from the clock when the run is configured. */
  public static final long SEED = 0;

  private RunDefaults() {}
}
