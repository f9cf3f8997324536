package org.tpccpg.driver.results;

import java.time.Instant;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.IntervalSnapshot;

/**
 * One line of {@code intervals.jsonl}: the report line's figures, with the wall-clock time at the
 * end of the interval, and per transaction type the completed transactions and their latency
 * percentiles in that interval (from HdrHistogram, so not sysbench's buckets).
 */
final class IntervalJson {
  private IntervalJson() {}

  /** The JSON object, without a line end. */
  static String line(Instant end, IntervalSnapshot s, Map<TransactionType, Histogram> perKind) {
    JsonWriter json = new JsonWriter().beginObject();
    json.name("time").value(end.toString());
    json.name("seconds").value(s.seconds());
    json.name("threads").value(s.threads());
    json.name("tps").value(s.tps());
    json.name("qps").value(s.qps());
    json.name("reads_per_s").value(s.readsPerSecond());
    json.name("writes_per_s").value(s.writesPerSecond());
    json.name("others_per_s").value(s.othersPerSecond());
    json.name("errors_per_s").value(s.errorsPerSecond());
    json.name("reconnects_per_s").value(s.reconnectsPerSecond());
    json.name("percentile").value(s.percentile());
    json.name("latency_ms").value(s.latencyMillis());
    json.name("types").beginObject();
    for (Map.Entry<TransactionType, Histogram> e : perKind.entrySet()) {
      json.name(e.getKey().label()).beginObject();
      LatencyJson.members(json, e.getValue(), false);
      json.endObject();
    }
    return json.endObject().endObject().toString();
  }
}
