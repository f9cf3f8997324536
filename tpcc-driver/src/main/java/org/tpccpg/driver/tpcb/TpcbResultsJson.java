package org.tpccpg.driver.tpcb;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.TpccVersion;
import org.tpccpg.driver.results.JsonWriter;
import org.tpccpg.driver.results.LatencyJson;
import org.tpccpg.driver.results.OutageJson;
import org.tpccpg.driver.results.ServerInfo;

/**
 * The JSON of a TPC-B run's results files: one {@code intervals.jsonl} line per interval (the
 * progress line's figures, the failure counters, reconnects and per-script percentiles) and {@code
 * summary.json} (the options, the server, pgbench's totals, per-script figures and the outages).
 * Latencies are in milliseconds; percentiles come from HdrHistogram. Pure.
 */
final class TpcbResultsJson {
  private TpcbResultsJson() {}

  /**
   * One label per script, for the JSON and the hlog file names: the builtin's name, with {@code
   * -<position>} appended when the same builtin is given more than once.
   */
  static List<String> scriptLabels(List<WeightedScript> scripts) {
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < scripts.size(); i++) {
      BuiltinScript script = scripts.get(i).script();
      long same = scripts.stream().filter(s -> s.script() == script).count();
      labels.add(same > 1 ? script.scriptName() + "-" + (i + 1) : script.scriptName());
    }
    return labels;
  }

  /** The interval's line, without a line end. */
  static String interval(IntervalFigures figures, List<String> labels) {
    Totals t = figures.totals();
    JsonWriter json = new JsonWriter().beginObject();
    json.name("time").value(figures.end().toString());
    json.name("seconds").value(figures.elapsedSeconds());
    json.name("interval_s").value(figures.seconds());
    json.name("transactions").value(t.count());
    json.name("tps").value(figures.tps());
    json.name("latency_avg_ms").value(t.averageMillis());
    json.name("latency_stddev_ms").value(t.stddevMillis());
    json.name("lag_avg_ms").value(t.averageLagMillis());
    failures(json, t);
    json.name("reconnects").value(figures.reconnects());
    json.name("scripts").beginObject();
    for (int i = 0; i < figures.perScript().size(); i++) {
      json.name(labels.get(i)).beginObject();
      LatencyJson.members(json, figures.perScript().get(i), false);
      json.endObject();
    }
    return json.endObject().endObject().toString();
  }

  private static void failures(JsonWriter json, Totals t) {
    json.name("failed").value(t.failed());
    json.name("serialization_failures").value(t.serializationFailures());
    json.name("deadlock_failures").value(t.deadlockFailures());
    json.name("retried").value(t.retried());
    json.name("retries").value(t.retries());
    json.name("skipped").value(t.skipped());
    json.name("late").value(t.late());
  }

  /**
   * How a run ended, for the summary.
   *
   * @param started when it started
   * @param ended when it ended
   * @param stoppedEarly whether a signal ended it before its {@code -T} or {@code -t}
   * @param aborted whether a client stopped on an error (pgbench's exit code 2)
   */
  record Ending(Instant started, Instant ended, boolean stoppedEarly, boolean aborted) {}

  /**
   * @param perScript each script's latencies over the whole run, in script order
   */
  static String summary(
      TpcbResult result,
      Ending ending,
      TpcbRecording recording,
      ServerInfo server,
      List<Histogram> perScript) {
    JsonWriter json = new JsonWriter().beginObject();
    json.name("tool").value("tpcc " + TpccVersion.get());
    json.name("workload").value("tpcb");
    json.name("started").value(ending.started().toString());
    json.name("ended").value(ending.ended().toString());
    json.name("stopped_early").value(ending.stoppedEarly());
    json.name("aborted").value(ending.aborted());
    json.name("target").value(recording.target());
    options(json, result.config(), recording);
    server.writeTo(json);
    json.name("scale").value(result.scale());
    json.name("partition_method")
        .value(result.partitionMethod().isEmpty() ? null : result.partitionMethod());
    json.name("partitions").value(result.partitions());
    totals(json, result);
    scripts(json, result, perScript);
    OutageJson.write(json, result.outages());
    return json.endObject().toString();
  }

  private static void options(JsonWriter json, TpcbRunConfig c, TpcbRecording recording) {
    RunLimits limits = c.limits();
    json.name("options").beginObject();
    json.name("builtins").beginArray();
    for (WeightedScript script : c.scripts()) {
      json.value(script.script().scriptName() + "@" + script.weight());
    }
    json.endArray();
    json.name("clients").value(c.clients());
    json.name("jobs").value(c.threads());
    json.name("time").value(c.durationSeconds());
    json.name("transactions").value(c.timed() ? 0 : c.transactionsPerClient());
    json.name("protocol").value(c.statementMode().label());
    json.name("connect").value(c.connectPerTransaction());
    json.name("progress").value(c.progressSeconds());
    json.name("rate").value(limits.rate());
    json.name("latency_limit_ms").value(limits.latencyLimitMicros() / 1e3);
    json.name("max_tries").value(limits.maxTries());
    json.name("exit_on_abort").value(limits.exitOnAbort());
    json.name("vacuum").value(c.vacuum().name().toLowerCase(Locale.ROOT));
    json.name("random_seed").value(Long.toUnsignedString(c.seed()));
    json.name("results").value(recording.directory().toString());
    json.endObject();
  }

  private static void totals(JsonWriter json, TpcbResult result) {
    Totals t = result.totals();
    double seconds = result.benchSeconds();
    json.name("totals").beginObject();
    json.name("elapsed_s").value(seconds);
    json.name("transactions").value(t.count());
    json.name("tps").value(seconds <= 0 ? 0 : t.count() / seconds);
    json.name("connection_ms").value(result.connectionMillis());
    failures(json, t);
    json.name("reconnects").value(result.reconnects());
    json.name("latency_stddev_ms").value(t.stddevMillis());
    json.name("lag_avg_ms").value(t.averageLagMillis());
    json.name("lag_max_ms").value(t.lagMax() / 1e3);
    json.name("latency").beginObject();
    LatencyJson.members(json, result.latencies(), true);
    json.endObject().endObject();
  }

  private static void scripts(JsonWriter json, TpcbResult result, List<Histogram> perScript) {
    List<String> labels = scriptLabels(result.config().scripts());
    json.name("scripts").beginObject();
    for (int i = 0; i < result.scripts().size(); i++) {
      ScriptResult script = result.scripts().get(i);
      json.name(labels.get(i)).beginObject();
      json.name("weight").value(script.script().weight());
      json.name("transactions").value(script.totals().count());
      failures(json, script.totals());
      json.name("latency").beginObject();
      LatencyJson.members(json, perScript.get(i), true);
      json.endObject().endObject();
    }
    json.endObject();
  }
}
