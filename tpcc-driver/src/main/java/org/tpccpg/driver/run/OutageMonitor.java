package org.tpccpg.driver.run;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.tpccpg.driver.metrics.OutageTracker;

/**
 * The TPC-C run's view of {@link OutageTracker}: a thread that samples the workers' event count
 * once a second, and the outage table printed after the summary. The workers tell it when they lose
 * and regain a connection.
 */
final class OutageMonitor {
  private final LongSupplier events;
  private OutageTracker tracker; // set before the workers start, which orders it before their use
  private Thread sampler;

  OutageMonitor(LongSupplier events) {
    this.events = events;
  }

  /** Starts sampling; {@code startNanos} is the run's time zero. Before the workers start. */
  void start(long startNanos) {
    tracker = new OutageTracker(events, System::nanoTime, startNanos);
    sampler = new Thread(this::sampleEverySecond, "tpcc-outage-monitor");
    sampler.setDaemon(true);
    sampler.start();
  }

  void stop() {
    if (sampler != null) {
      sampler.interrupt();
    }
  }

  void connectionLost() {
    tracker.connectionLost();
  }

  void reconnected() {
    tracker.reconnected();
  }

  private void sampleEverySecond() {
    long next = System.nanoTime();
    try {
      while (true) {
        next += TimeUnit.SECONDS.toNanos(1);
        TimeUnit.NANOSECONDS.sleep(Math.max(0, next - System.nanoTime()));
        tracker.tick();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stopped
    }
  }

  /** The outages so far, in the order they started. */
  List<OutageTracker.Outage> outages() {
    return tracker.outages();
  }

  /** The summary block: one line per outage, or a line saying there was none. */
  String render() {
    List<OutageTracker.Outage> all = outages();
    if (all.isEmpty()) {
      return "Outages: none\n";
    }
    StringBuilder text =
        new StringBuilder("Outages (connections lost; seconds since start):\n")
            .append("    start (s)  duration (s)  workers  back to 90% after (s)\n");
    for (OutageTracker.Outage outage : all) {
      text.append(
          String.format(
              Locale.ROOT,
              "    %9.1f  %12.1f  %7d  %s%n",
              outage.start(),
              outage.duration(),
              outage.clients(),
              outage.recoveredAfter() < 0
                  ? "not within the run"
                  : String.format(Locale.ROOT, "%.1f", outage.recoveredAfter())));
    }
    return text.toString();
  }
}
