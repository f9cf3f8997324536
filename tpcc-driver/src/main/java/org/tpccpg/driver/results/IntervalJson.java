package org.tpccpg.driver.results;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.check.ProbeResult;
import org.tpccpg.driver.metrics.CounterTotals;
import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.metrics.IntervalSnapshot;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.TerminalStates;
import org.tpccpg.driver.serverstats.HealthSample;
import org.tpccpg.driver.serverstats.ServerInterval;

/**
 * One line of {@code intervals.jsonl}, the same for every workload: the wall-clock time at the end
 * of the interval, sysbench's report-line figures, pgbench's progress-line figures, and per kind
 * the completed transactions and their latency percentiles in that interval (from HdrHistogram).
 */
public final class IntervalJson {
  private IntervalJson() {}

  /**
   * The JSON object, without a line end.
   *
   * @param labels the labels of the kinds, in kind order
   * @param percentile sysbench's report percentile, 0 to 100; 0 leaves {@code percentile} and
   *     {@code latency_ms} out
   * @param extras what the interval carries besides the clients' figures
   */
  static String line(
      Instant end, Interval interval, List<String> labels, double percentile, Extras extras) {
    JsonWriter json = new JsonWriter().beginObject();
    figures(json, figures(end, interval, labels, percentile));
    extras(json, extras);
    return json.endObject().toString();
  }

  private static IntervalFigures figures(
      Instant end, Interval interval, List<String> labels, double percentile) {
    CounterTotals c = interval.counters().total();
    KindTotals k = interval.counters().allKinds();
    Map<String, Histogram> kinds = new LinkedHashMap<>();
    for (int i = 0; i < labels.size(); i++) {
      kinds.put(labels.get(i), interval.perKind().get(i));
    }
    return new IntervalFigures(
        end,
        interval.elapsedSeconds(),
        interval.seconds(),
        interval.clients(),
        c.events(),
        interval.perSecond(c.events()),
        interval.perSecond(c.queries()),
        interval.perSecond(c.reads()),
        interval.perSecond(c.writes()),
        interval.perSecond(c.others()),
        c.errors(),
        interval.perSecond(c.errors()),
        k.rolledBack(),
        interval.perSecond(k.rolledBack()),
        c.reconnects(),
        interval.perSecond(c.reconnects()),
        SummaryFigures.Failures.of(k),
        k.averageMillis(),
        k.stddevMillis(),
        k.averageLagMillis(),
        percentile,
        percentile > 0 ? IntervalSnapshot.of(interval, percentile).latencyMillis() : Double.NaN,
        kinds);
  }

  /**
   * The clients' figures as members of an open line object, from {@code schema_version} to {@code
   * kinds}: a run's line or a merge's; what the line carries besides follows them.
   */
  public static void figures(JsonWriter json, IntervalFigures f) {
    json.name("schema_version").value(ResultsFiles.SCHEMA_VERSION);
    json.name("time").value(f.end().toString());
    json.name("seconds").value(f.seconds());
    json.name("interval_s").value(f.intervalSeconds());
    json.name("threads").value(f.threads());
    json.name("transactions").value(f.transactions());
    json.name("tps").value(f.tps());
    json.name("qps").value(f.qps());
    json.name("reads_per_s").value(f.readsPerSecond());
    json.name("writes_per_s").value(f.writesPerSecond());
    json.name("others_per_s").value(f.othersPerSecond());
    json.name("errors").value(f.errors());
    json.name("errors_per_s").value(f.errorsPerSecond());
    json.name("rollbacks").value(f.rollbacks());
    json.name("rollbacks_per_s").value(f.rollbacksPerSecond());
    json.name("reconnects").value(f.reconnects());
    json.name("reconnects_per_s").value(f.reconnectsPerSecond());
    SummaryJson.failures(json, f.failures());
    json.name("latency_avg_ms").value(f.latencyAvgMillis());
    json.name("latency_stddev_ms").value(f.latencyStddevMillis());
    json.name("lag_avg_ms").value(f.lagAvgMillis());
    if (f.percentile() > 0) {
      json.name("percentile").value(f.percentile());
      json.name("latency_ms").value(f.latencyMillis());
    }
    json.name("kinds").beginObject();
    f.kinds()
        .forEach(
            (label, latency) -> {
              json.name(label).beginObject();
              SummaryJson.latency(json, latency, false);
              json.endObject();
            });
    json.endObject();
  }

  /**
   * What an interval line carries besides the clients' figures, each null (or empty) to leave its
   * member out.
   *
   * @param server the server's figures for the interval ({@code server})
   * @param health the health reading taken in the interval ({@code health})
   * @param probes the consistency probes finished in the interval ({@code consistency})
   * @param terminals spec mode's terminals at the end of the interval ({@code terminals})
   */
  record Extras(
      ServerInterval server,
      HealthSample health,
      List<ProbeResult> probes,
      TerminalStates terminals) {
    Extras {
      probes = List.copyOf(probes);
    }
  }

  private static void extras(JsonWriter json, Extras extras) {
    if (extras.server() != null) {
      json.name("server");
      server(json, extras.server());
    }
    if (extras.health() != null) {
      HealthJson.reading(json.name("health"), extras.health());
    }
    if (!extras.probes().isEmpty()) {
      ProbeJson.probes(json.name("consistency"), extras.probes());
    }
    if (extras.terminals() != null) {
      terminals(json, extras.terminals());
    }
  }

  private static void terminals(JsonWriter json, TerminalStates terminals) {
    json.name("terminals").beginObject();
    json.name("thinking").value(terminals.thinking());
    json.name("keying").value(terminals.keying());
    json.name("in_transaction").value(terminals.inTransaction());
    json.name("deferred_queue").value(terminals.deferredQueue());
    json.endObject();
  }

  /** The {@code "server"} object: counters over the interval (null when unknown), gauges. */
  private static void server(JsonWriter json, ServerInterval s) {
    json.beginObject();
    json.name("checkpoints").value(s.checkpoints());
    json.name("checkpoints_requested").value(s.checkpointsRequested());
    json.name("wal_bytes").value(s.walBytes());
    json.name("commits").value(s.commits());
    json.name("rollbacks").value(s.rollbacks());
    json.name("deadlocks").value(s.deadlocks());
    json.name("temp_bytes").value(s.tempBytes());
    if (s.autovacuumWorkers() == null) {
      json.name("autovacuum_workers").nullValue();
    } else {
      json.name("autovacuum_workers").value(s.autovacuumWorkers());
    }
    json.name("wait_events").beginObject();
    s.waitEvents().forEach((event, n) -> json.name(event).value(n));
    json.endObject();
    json.name("vacuums").beginObject();
    s.vacuums().forEach((table, n) -> json.name(table).value(n));
    json.endObject().endObject();
  }
}
