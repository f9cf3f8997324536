package org.tpccpg.driver.results;

import java.io.IOException;
import java.util.function.Supplier;
import org.tpccpg.driver.durability.LedgerTotals;
import org.tpccpg.driver.metrics.DipCauses;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.Stability;
import org.tpccpg.driver.metrics.TerminalStates;
import org.tpccpg.driver.report.IntervalListener;
import org.tpccpg.driver.verdict.RunVerdict;

/**
 * Where a run records its intervals and its summary besides printing them (the results files). The
 * run knows only this interface, so the results package may depend on the run and not the other way
 * round.
 */
public interface RunRecorder extends IntervalListener, AutoCloseable {
  /**
   * Adds spec mode's terminal states to every interval from now on, as {@code states} gives them on
   * the reporter thread; before the run starts.
   */
  void recordTerminals(Supplier<TerminalStates> states);

  /**
   * Adds the durability ledger's totals to the summary and the verdict; null (the default) when the
   * run kept no ledger. Before {@link #writeSummary}.
   */
  void recordDurability(LedgerTotals durability);

  /** Records the end of the run. */
  void writeSummary(RunResult result) throws IOException;

  /**
   * The lines every workload's text ends with, each ending in a line break: what the server did
   * ({@code server during the run: 2 checkpoints (1 requested), 96.0 MB of WAL}), the database's
   * health ({@code server health: ...}), the consistency probes ({@code consistency during the run:
   * ...}), each when the run has it, and for a run measured {@value RunVerdict#TEXT_MIN_SECONDS} s
   * or more the verdict block; once the run has ended.
   *
   * @param measuredSeconds the run's measured time
   */
  String closingLines(RunResult result, double measuredSeconds);

  /** The run's verdict (stable, healthy, consistent, durable); once the run has ended. */
  RunVerdict verdict(RunResult result);

  /** Whether a consistency probe found a condition violated: the run then exits with 1. */
  boolean consistencyViolated();

  /**
   * What the run's server statistics name as the causes of {@code stability}'s dips ({@link
   * DipCauses#NONE} without server statistics); once the run has ended.
   */
  DipCauses dipCauses(Stability stability);

  /** Closes what it writes to; throws the first write failure, if there was one. */
  @Override
  void close() throws IOException;
}
