package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What Ctrl-C or SIGTERM does before a command's own stop handling takes over (while it connects,
 * reads the data set or vacuums): left alone the JVM would exit with 130 and print nothing, and a
 * results directory made for the run would stay behind, empty. One line on stderr says the command
 * was interrupted, and such a directory is removed. A command {@link #disarm()}s it when its own
 * handling starts (which prints the summary instead), and {@code main} when the command returns, so
 * that a normal exit prints nothing. The JVM still exits with the signal's code.
 */
final class InterruptGuard {
  private final PrintWriter err;
  private final List<ResultsLocation> resultsDirectories = new CopyOnWriteArrayList<>();
  private volatile boolean armed;

  private InterruptGuard(PrintWriter err, boolean armed) {
    this.err = err;
    this.armed = armed;
  }

  /** Armed, with its shutdown hook installed: for {@code main}. */
  static InterruptGuard install(PrintWriter err) {
    InterruptGuard guard = new InterruptGuard(err, true);
    Runtime.getRuntime().addShutdownHook(new Thread(guard::interrupted, "tpcc-interrupted"));
    return guard;
  }

  /** Never armed: for callers in the same JVM (tests, a library), whose signals are their own. */
  static InterruptGuard inactive() {
    return new InterruptGuard(null, false);
  }

  /** A results directory to remove, if this run made it and it is still empty, on an interrupt. */
  void removeOnInterrupt(ResultsLocation location) {
    resultsDirectories.add(location);
  }

  /** The command's own stop handling (or the end of {@code main}) takes over from here. */
  void disarm() {
    armed = false;
  }

  /** Whether an interrupt now is this guard's to report. */
  boolean armed() {
    return armed;
  }

  private void interrupted() {
    if (!armed) {
      return;
    }
    StringBuilder line = new StringBuilder("tpcc: interrupted");
    for (ResultsLocation location : resultsDirectories) {
      if (location.removeIfEmpty()) {
        line.append("; removed the empty results directory ").append(location.directory());
      }
    }
    err.println(line);
    err.flush();
  }
}
