package org.tpccpg.driver.run;

import java.sql.SQLException;
import org.tpccpg.driver.live.LiveMetrics;
import org.tpccpg.driver.results.RunRecorder;

/**
 * A TPC-C run as {@code run} drives it: flat out ({@link TpccRun}) or in spec mode ({@link
 * SpecRun}).
 */
public interface TimedRun {
  /** Opens the run's connections before it starts; {@link #run()} does it too if not done yet. */
  void connect() throws SQLException, InterruptedException;

  /** Serves the run's live figures at {@code metrics} (null: none) too; before run. */
  void publishMetricsTo(LiveMetrics metrics);

  /** Records the intervals and summary in {@code results} too, closed at the end; before run. */
  void recordResultsIn(RunRecorder results);

  /**
   * Runs to the end, prints the summary and writes the results files.
   *
   * @return the error that stopped the run (or, failing that, the results files), or null
   */
  Throwable run() throws SQLException, InterruptedException;

  /** Ends the run early, after the current transactions. Safe from any thread. */
  void requestStop();
}
