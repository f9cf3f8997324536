package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.util.List;
import org.tpccpg.driver.engine.IntervalTask;

/**
 * pgbench's progress on the engine's interval timer: at the end of each interval, takes the
 * clients' running totals (read without locks) and passes the interval first to the results files,
 * when kept, then prints it as a {@link ProgressLine} to {@code err}, when {@code -P} asks for
 * lines.
 */
final class IntervalReporter implements IntervalTask {
  private final List<ClientStats> clients;
  private final RunLimits limits;
  private final PrintWriter lines; // null: no progress lines
  private final TpcbResults results; // null: no results files
  private final long startNanos;
  private Totals previous = Totals.ZERO;
  private long previousReconnects;
  private long previousNanos;

  /**
   * @param lines where the progress lines go, or null for none
   * @param results where the intervals are recorded, or null for nowhere
   */
  IntervalReporter(
      List<ClientStats> clients,
      RunLimits limits,
      PrintWriter lines,
      TpcbResults results,
      long startNanos) {
    this.clients = List.copyOf(clients);
    this.limits = limits;
    this.lines = lines;
    this.results = results;
    this.startNanos = startNanos;
    this.previousNanos = startNanos;
  }

  @Override
  public void interval(long now) {
    Totals current = Totals.ZERO;
    long reconnects = 0;
    for (ClientStats client : clients) {
      current = current.plus(client.totals());
      reconnects += client.reconnects();
    }
    double elapsed = (now - startNanos) / 1e9;
    double seconds = (now - previousNanos) / 1e9;
    Totals interval = current.minus(previous);
    if (results != null) {
      results.interval(
          new IntervalFigures(
              results.clock().instant(),
              elapsed,
              seconds,
              interval,
              reconnects - previousReconnects,
              results.latencies().sampleInterval()));
    }
    if (lines != null) {
      lines.println(ProgressLine.render(elapsed, seconds, interval, limits));
      lines.flush();
    }
    previous = current;
    previousReconnects = reconnects;
    previousNanos = now;
  }
}
