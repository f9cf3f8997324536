package org.tpccpg.driver.tpcb;

import java.io.PrintWriter;
import java.util.List;
import org.tpccpg.driver.report.Ticker;

/**
 * Prints a {@link ProgressLine} to {@code err} every {@code -P} seconds, from the clients' running
 * totals (read without locks), until interrupted.
 */
final class ProgressReporter implements Runnable {
  private final List<ClientStats> clients;
  private final RunLimits limits;
  private final PrintWriter err;
  private final long startNanos;
  private final long periodNanos;
  private final Ticker ticker;

  ProgressReporter(
      List<ClientStats> clients,
      RunLimits limits,
      PrintWriter err,
      long startNanos,
      long periodNanos,
      Ticker ticker) {
    this.clients = List.copyOf(clients);
    this.limits = limits;
    this.err = err;
    this.startNanos = startNanos;
    this.periodNanos = periodNanos;
    this.ticker = ticker;
  }

  @Override
  public void run() {
    Totals previous = Totals.ZERO;
    long previousNanos = startNanos;
    try {
      for (long tick = 1; ; tick++) {
        ticker.sleepUntil(startNanos + tick * periodNanos);
        long now = ticker.nanoTime();
        Totals current = sum();
        err.println(
            ProgressLine.render(
                (now - startNanos) / 1e9,
                (now - previousNanos) / 1e9,
                current.minus(previous),
                limits));
        err.flush();
        previous = current;
        previousNanos = now;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the run is over
    }
  }

  private Totals sum() {
    Totals sum = Totals.ZERO;
    for (ClientStats client : clients) {
      sum = sum.plus(client.totals());
    }
    return sum;
  }
}
