package org.tpccpg.driver.run;

import java.util.List;
import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.metrics.TerminalStates;
import org.tpccpg.driver.report.IntervalListener;

/**
 * Counts spec mode's terminals by what they do (thinking, keying, in a transaction) and the
 * deferred Deliveries waiting. The reporter tells it each interval first, so the report line and
 * the interval's line of {@code intervals.jsonl} show the same count; a live scrape counts afresh.
 * Reads each terminal's two times without a lock: a count is a moment's, and may be a transaction
 * off.
 */
final class TerminalCensus implements IntervalListener {
  private final List<SpecTerminal> terminals;
  private final DeliveryQueue deliveries;
  private volatile TerminalStates latest;

  TerminalCensus(List<SpecTerminal> terminals, DeliveryQueue deliveries) {
    this.terminals = List.copyOf(terminals);
    this.deliveries = deliveries;
    this.latest = new TerminalStates(0, 0, 0, 0);
  }

  /** The states now. */
  TerminalStates count() {
    int[] states = new int[SpecTerminal.State.values().length];
    long now = System.nanoTime();
    for (SpecTerminal t : terminals) {
      states[t.state(now).ordinal()]++;
    }
    return new TerminalStates(
        states[SpecTerminal.State.THINKING.ordinal()],
        states[SpecTerminal.State.KEYING.ordinal()],
        states[SpecTerminal.State.IN_TRANSACTION.ordinal()],
        deliveries.waiting());
  }

  /** The states at the end of the latest interval. */
  TerminalStates latest() {
    return latest;
  }

  @Override
  public void interval(Interval interval) {
    latest = count();
  }
}
