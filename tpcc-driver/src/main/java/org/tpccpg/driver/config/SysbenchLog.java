package org.tpccpg.driver.config;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * sysbench's logging options and the writers for the levels they open. It prints nothing itself: a
 * run prints each of sysbench's lines to the writer of that line's level.
 *
 * @param verbosity {@code --verbosity}, 0-5; {@code --debug} raises it to 5, as in sysbench
 * @param debug {@code --debug}: "Debug mode enabled." in the header and the per-thread statistics
 *     after "Threads fairness"
 * @param validate {@code --validate}: "Validation checks: on." in the header; tpcc.lua checks
 *     nothing more
 * @param dbDebug {@code --db-debug}: the query and fetch timers after "SQL statistics", at level 5;
 *     sysbench 1.0.20 never starts those timers, so they show zeros
 */
public record SysbenchLog(int verbosity, boolean debug, boolean validate, boolean dbDebug) {
  /** LOG_NOTICE: the header, "Threads started!" and the closing report; the default. */
  public static final int NOTICE = 3;

  /** LOG_INFO: why the threads stopped, and "Done.". */
  public static final int INFO = 4;

  /** LOG_DEBUG, the highest level: the threads starting, with a "DEBUG: " prefix. */
  public static final int DEBUG = 5;

  /** sysbench's defaults: level 3, nothing else on. */
  public static final SysbenchLog DEFAULT = new SysbenchLog(NOTICE, false, false, false);

  /** Rejects a level outside 0-5, and {@code --debug} below 5. */
  public SysbenchLog {
    if (verbosity < 0 || verbosity > DEBUG) {
      throw new IllegalArgumentException("verbosity must be 0..5 but was " + verbosity);
    }
    if (debug && verbosity != DEBUG) {
      throw new IllegalArgumentException("debug needs verbosity 5 but was " + verbosity);
    }
  }

  /**
   * The options as given: {@code --debug} sets the level to 5 whatever {@code --verbosity} says.
   */
  public static SysbenchLog of(int verbosity, boolean debug, boolean validate, boolean dbDebug) {
    return new SysbenchLog(debug ? DEBUG : verbosity, debug, validate, dbDebug);
  }

  /**
   * Whether sysbench prints {@code --db-debug}'s never-started timers: they print at LOG_DEBUG
   * only.
   */
  public boolean printsDbTimers() {
    return dbDebug && verbosity >= DEBUG;
  }

  /**
   * Where lines of {@code level} go: {@code out}, or nowhere below it. Below {@link #NOTICE},
   * sysbench 1.0.20 running tpcc.lua prints only its interval lines (tpcc.lua prints them itself),
   * warnings and fatal errors.
   */
  public PrintWriter at(int level, PrintWriter out) {
    return verbosity >= level ? out : new PrintWriter(Writer.nullWriter());
  }
}
