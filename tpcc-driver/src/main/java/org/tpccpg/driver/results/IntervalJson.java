package org.tpccpg.driver.results;

import java.time.Instant;
import java.util.List;
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
final class IntervalJson {
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
    CounterTotals c = interval.counters().total();
    KindTotals k = interval.counters().allKinds();
    JsonWriter json = new JsonWriter().beginObject();
    json.name("schema_version").value(ResultsFiles.SCHEMA_VERSION);
    json.name("time").value(end.toString());
    json.name("seconds").value(interval.elapsedSeconds());
    json.name("interval_s").value(interval.seconds());
    json.name("threads").value(interval.clients());
    json.name("transactions").value(c.events());
    json.name("tps").value(interval.perSecond(c.events()));
    json.name("qps").value(interval.perSecond(c.queries()));
    json.name("reads_per_s").value(interval.perSecond(c.reads()));
    json.name("writes_per_s").value(interval.perSecond(c.writes()));
    json.name("others_per_s").value(interval.perSecond(c.others()));
    json.name("errors").value(c.errors());
    json.name("errors_per_s").value(interval.perSecond(c.errors()));
    // of those, the New-Orders rolled back on purpose (TPC-C 2.4.2.3), which sysbench counts
    json.name("rollbacks").value(k.rolledBack());
    json.name("rollbacks_per_s").value(interval.perSecond(k.rolledBack()));
    json.name("reconnects").value(c.reconnects());
    json.name("reconnects_per_s").value(interval.perSecond(c.reconnects()));
    SummaryJson.failures(json, k);
    json.name("latency_avg_ms").value(k.averageMillis());
    json.name("latency_stddev_ms").value(k.stddevMillis());
    json.name("lag_avg_ms").value(k.averageLagMillis());
    if (percentile > 0) {
      IntervalSnapshot sysbench = IntervalSnapshot.of(interval, percentile);
      json.name("percentile").value(percentile);
      json.name("latency_ms").value(sysbench.latencyMillis());
    }
    json.name("kinds").beginObject();
    for (int i = 0; i < labels.size(); i++) {
      json.name(labels.get(i)).beginObject();
      SummaryJson.latency(json, interval.perKind().get(i), false);
      json.endObject();
    }
    json.endObject();
    extras(json, extras);
    return json.endObject().toString();
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
    nullable(json.name("checkpoints"), s.checkpoints());
    nullable(json.name("checkpoints_requested"), s.checkpointsRequested());
    nullable(json.name("wal_bytes"), s.walBytes());
    nullable(json.name("commits"), s.commits());
    nullable(json.name("rollbacks"), s.rollbacks());
    nullable(json.name("deadlocks"), s.deadlocks());
    nullable(json.name("temp_bytes"), s.tempBytes());
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

  private static void nullable(JsonWriter json, Long value) {
    if (value == null) {
      json.nullValue();
    } else {
      json.value(value);
    }
  }
}
