package org.tpccpg.driver.htmlreport;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The time charts of one run from its downsampled intervals. Every chart shades the outages and the
 * dips, labelled by their number in the run's outage and dip tables, and marks the checkpoints, so
 * a dip lines up with what the server did at the time. Latency is drawn on a logarithmic axis.
 */
final class TimeCharts {
  private TimeCharts() {}

  static List<Chart> of(RunTimeline t, List<double[]> outages, List<double[]> dips) {
    boolean buckets = t.sampling.perBucket() > 1;
    List<Chart> charts = new ArrayList<>();
    Chart tps = chart("Throughput", "tps", t).line("tps", t.tps.means());
    if (buckets) {
      tps.faint("lowest in bucket", t.tps.mins()).faint("highest in bucket", t.tps.maxes());
    }
    charts.add(tps);
    if (t.hasServer()) {
      charts.addAll(serverCharts(t));
    }
    if (t.hasHealthSeries()) {
      charts.addAll(healthCharts(t));
    }
    Chart latency = chart("Latency", "ms (log scale)", t).logY();
    for (Map.Entry<String, BucketSeries> e : t.latency.entrySet()) {
      latency.line(e.getKey(), e.getValue().means());
    }
    charts.add(latency);
    Chart errors =
        chart("Errors and reconnects", "per second", t)
            .line("errors/s", t.errors.means())
            .line("reconnects/s", t.reconnects.means());
    if (Arrays.stream(t.rollbacks.maxes()).anyMatch(v -> v > 0)) {
      errors.line("New-Order rollbacks/s (on purpose, 1 %)", t.rollbacks.means());
    }
    if (!t.deadlocks.isEmpty()) {
      errors.line("deadlocks (server)", t.deadlocks.sums());
    }
    charts.add(errors);
    if (!t.terminals.isEmpty()) {
      charts.add(terminals(t));
    }
    for (Chart chart : charts) {
      for (int i = 0; i < outages.size(); i++) {
        chart.shade(outages.get(i)[0], outages.get(i)[1], "outage " + (i + 1));
      }
      for (int i = 0; i < dips.size(); i++) {
        chart.shade(dips.get(i)[0], dips.get(i)[1], "dip " + (i + 1));
      }
      double[] checkpoints = t.checkpoints.sums();
      for (int b = 0; b < checkpoints.length; b++) {
        if (checkpoints[b] > 0) {
          chart.marker(
              t.seconds[b],
              "checkpoint" + (checkpoints[b] > 1 ? "s: " + (long) checkpoints[b] : ""));
        }
      }
    }
    return charts;
  }

  private static List<Chart> serverCharts(RunTimeline t) {
    List<Chart> charts = new ArrayList<>();
    if (!t.walMbPerSecond.isEmpty()) {
      charts.add(
          chart("Server: WAL written", "MB/s", t).line("WAL MB/s", t.walMbPerSecond.means()));
    }
    Chart sessions = chart("Server: autovacuum workers and waiting sessions", "sessions", t);
    if (!t.autovacuumWorkers.isEmpty()) {
      sessions.line("autovacuum workers", t.autovacuumWorkers.maxes());
    }
    for (String event : t.topWaitEvents(RunView.WAIT_EVENTS)) {
      sessions.line(event, t.waitEvents.get(event).sumsPer(t.serverSamples));
    }
    if (sessions.hasLines()) {
      charts.add(sessions);
    }
    return charts;
  }

  /**
   * The health readings, a minute apart, carried forward between them (a size holds until the next
   * reading): sizes of the database and of its largest tables, the tables' dead tuples, the XID
   * age, and with a standby the WAL it has yet to replay.
   */
  private static List<Chart> healthCharts(RunTimeline t) {
    Chart sizes =
        chart("Server: database and largest tables", "MB", t)
            .line("database", forward(t.databaseMb.means()));
    for (String table : RunTimeline.highest(t.tableMb, RunView.WAIT_EVENTS)) {
      sizes.line(table + " (with indexes)", forward(t.tableMb.get(table).means()));
    }
    Chart dead = chart("Server: dead tuples per table", "tuples", t);
    for (String table : RunTimeline.highest(t.deadTuples, RunView.WAIT_EVENTS)) {
      dead.line(table, forward(t.deadTuples.get(table).means()));
    }
    Chart xid =
        chart("Server: XID age of the database", "millions", t)
            .line("age(datfrozenxid)", forward(t.xidAgeMillions.means()));
    List<Chart> charts = new ArrayList<>(List.of(sizes));
    if (dead.hasLines()) {
      charts.add(dead);
    }
    charts.add(xid);
    if (!t.replayLagMb.isEmpty()) {
      charts.add(
          chart("Server: standby replay lag", "MB", t)
              .line(
                  "most WAL a standby has yet to replay",
                  forwardBetween(t.replayLagMb.maxes(), t.healthReadings.sums())));
    }
    return charts;
  }

  /** Each gap after a value holds the value before it. */
  static double[] forward(double[] values) {
    double[] out = values.clone();
    for (int i = 1; i < out.length; i++) {
      if (Double.isNaN(out[i])) {
        out[i] = out[i - 1];
      }
    }
    return out;
  }

  /**
   * Each gap after a value holds the value before it until the next reading: a reading without a
   * value (the standby gone) stays a gap, not the last lag held.
   */
  static double[] forwardBetween(double[] values, double[] readings) {
    double[] out = values.clone();
    for (int i = 1; i < out.length; i++) {
      if (Double.isNaN(out[i]) && !(readings[i] > 0)) {
        out[i] = out[i - 1];
      }
    }
    return out;
  }

  /** Spec mode: what the terminals do, and the deferred Deliveries waiting (bucket means). */
  private static Chart terminals(RunTimeline t) {
    Chart chart = chart("Spec mode: terminals and deferred Deliveries", "terminals", t);
    for (Map.Entry<String, BucketSeries> e : t.terminals.entrySet()) {
      String name =
          switch (e.getKey()) {
            case "in_transaction" -> "in a transaction";
            case "deferred_queue" -> "deferred Deliveries queued";
            default -> e.getKey();
          };
      chart.line(name, e.getValue().means());
    }
    return chart;
  }

  private static Chart chart(String title, String y, RunTimeline t) {
    return new Chart(title, y, Chart.Axis.TIME, t.seconds);
  }
}
