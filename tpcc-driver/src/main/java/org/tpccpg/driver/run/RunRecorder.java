package org.tpccpg.driver.run;

import java.io.IOException;
import java.util.Optional;
import java.util.function.Supplier;
import org.tpccpg.driver.metrics.DipCauses;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.Stability;
import org.tpccpg.driver.metrics.TerminalStates;
import org.tpccpg.driver.report.IntervalListener;

/**
 * Where a run records its intervals and its summary besides printing them (the results files). The
 * run knows only this interface, so the results package may depend on the run and not the other way
 * round.
 */
public interface RunRecorder extends IntervalListener, AutoCloseable {
  /** How often to record an interval when the run prints no report lines. */
  int intervalSecondsWithoutReports();

  /**
   * Adds spec mode's terminal states to every interval from now on, as {@code states} gives them on
   * the reporter thread; before the run starts.
   */
  void recordTerminals(Supplier<TerminalStates> states);

  /** Records the end of the run. */
  void writeSummary(RunResult result) throws IOException;

  /**
   * What the server did over the run, in one line ({@code server during the run: 2 checkpoints (1
   * requested), 96.0 MB of WAL}), or empty without server statistics; once the run has ended.
   */
  Optional<String> serverLine();

  /**
   * What the consistency probes found ({@code consistency during the run: ...}), or empty without
   * {@code --check-every}; once the run has ended.
   */
  Optional<String> consistencyLine();

  /** Whether a consistency probe found a condition violated: the run then exits with 1. */
  boolean consistencyViolated();

  /**
   * The database's health over the run, in one line ({@code server health: database 312.4 MB (+41.2
   * MB/h); ...}), or empty without a health reading; once the run has ended.
   */
  Optional<String> healthLine();

  /**
   * What the run's server statistics name as the causes of {@code stability}'s dips ({@link
   * DipCauses#NONE} without server statistics); once the run has ended.
   */
  DipCauses dipCauses(Stability stability);

  /** Closes what it writes to; throws the first write failure, if there was one. */
  @Override
  void close() throws IOException;
}
