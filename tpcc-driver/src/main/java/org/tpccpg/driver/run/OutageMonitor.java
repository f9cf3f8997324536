package org.tpccpg.driver.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Notices when workers lose their connections and reports each outage: when it started, how long
 * workers were disconnected, how many, and how long until throughput was back to 90 % of its level
 * before. Throughput is sampled once a second from the workers' event counts; the workers only tell
 * it when they lose and regain a connection, which is rare, so it may synchronize.
 */
final class OutageMonitor {
  private static final int HISTORY_SECONDS = 10;
  private static final double RECOVERED = 0.9;

  private final long startNanos;
  private final LongSupplier events;
  private final List<Outage> outages = new ArrayList<>();
  private final long[] perSecond = new long[HISTORY_SECONDS];
  private int disconnected;
  private int affected;
  private Outage current;
  private Outage recovering;
  private long lastEvents;
  private double levelBefore;
  private long seconds;
  private Thread sampler;

  /** One outage; times in seconds since the run started. */
  record Outage(double start, double duration, int workers, double recoveredAfter) {}

  OutageMonitor(long startNanos, LongSupplier events) {
    this.startNanos = startNanos;
    this.events = events;
  }

  void start() {
    sampler = new Thread(this::sampleEverySecond, "tpcc-outage-monitor");
    sampler.setDaemon(true);
    sampler.start();
  }

  void stop() {
    if (sampler != null) {
      sampler.interrupt();
    }
  }

  synchronized void connectionLost() {
    if (disconnected++ == 0 && current == null) {
      current = new Outage(elapsed(), -1, 0, -1);
      affected = 0;
    }
    affected++;
  }

  synchronized void reconnected() {
    if (--disconnected == 0 && current != null) {
      recovering = new Outage(current.start(), elapsed() - current.start(), affected, -1);
      current = null;
      levelBefore = averageBefore();
    }
  }

  private synchronized void tick() {
    long now = events.getAsLong();
    long rate = now - lastEvents;
    lastEvents = now;
    if (recovering != null && rate >= RECOVERED * levelBefore) {
      outages.add(
          new Outage(
              recovering.start(),
              recovering.duration(),
              recovering.workers(),
              elapsed() - recovering.start()));
      recovering = null;
    }
    if (current == null && recovering == null) {
      perSecond[(int) (seconds++ % HISTORY_SECONDS)] = rate;
    }
  }

  private double averageBefore() {
    int n = (int) Math.min(seconds, HISTORY_SECONDS);
    long sum = 0;
    for (int i = 0; i < n; i++) {
      sum += perSecond[i];
    }
    return n == 0 ? 0 : (double) sum / n;
  }

  private void sampleEverySecond() {
    long next = System.nanoTime();
    try {
      while (true) {
        next += TimeUnit.SECONDS.toNanos(1);
        TimeUnit.NANOSECONDS.sleep(Math.max(0, next - System.nanoTime()));
        tick();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stopped
    }
  }

  private double elapsed() {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  /** The outages seen, including one still going on or not yet recovered at the end. */
  synchronized List<Outage> outages() {
    List<Outage> all = new ArrayList<>(outages);
    if (recovering != null) {
      all.add(recovering);
    }
    if (current != null) {
      all.add(new Outage(current.start(), elapsed() - current.start(), affected, -1));
    }
    return all;
  }

  /** The summary block: one line per outage, or a line saying there was none. */
  synchronized String render() {
    List<Outage> all = outages();
    if (all.isEmpty()) {
      return "Outages: none\n";
    }
    StringBuilder text =
        new StringBuilder("Outages (connections lost; seconds since start):\n")
            .append("    start (s)  duration (s)  workers  back to 90% after (s)\n");
    for (Outage outage : all) {
      text.append(
          String.format(
              Locale.ROOT,
              "    %9.1f  %12.1f  %7d  %s%n",
              outage.start(),
              outage.duration(),
              outage.workers(),
              outage.recoveredAfter() < 0
                  ? "not within the run"
                  : String.format(Locale.ROOT, "%.1f", outage.recoveredAfter())));
    }
    return text.toString();
  }
}
