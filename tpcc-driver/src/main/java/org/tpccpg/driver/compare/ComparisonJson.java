package org.tpccpg.driver.compare;

import org.tpccpg.driver.results.JsonWriter;

/**
 * A comparison as one JSON object: the workload, each side's path and run directories, how the
 * samples were taken, the notes on copies of a run, and per metric the figures of the table ({@code
 * null} where there are none).
 */
public final class ComparisonJson {
  private ComparisonJson() {}

  public static String render(Comparison comparison) {
    JsonWriter json = new JsonWriter().beginObject();
    json.name("workload").value(comparison.workload());
    side(json, "a", comparison.a());
    side(json, "b", comparison.b());
    json.name("samples").value(comparison.overRuns() ? "runs" : "batch_means");
    json.name("test").value("welch_t");
    json.name("alpha").value(Difference.ALPHA);
    json.name("min_change_percent").value(comparison.minChangePercent());
    json.name("notes").beginArray();
    comparison.notes().forEach(json::value);
    json.endArray();
    json.name("metrics").beginArray();
    for (Comparison.Row row : comparison.rows()) {
      Difference d = row.difference();
      json.beginObject();
      json.name("metric").value(row.metric().name());
      json.name("better").value(row.metric().better());
      json.name("a").value(d.medianA());
      json.name("b").value(d.medianB());
      json.name("change_percent").value(d.changePercent());
      json.name("ci_low_percent").value(d.ciLowPercent());
      json.name("ci_high_percent").value(d.ciHighPercent());
      json.name("p").value(d.p());
      json.name("samples_a").value(row.samplesA());
      json.name("samples_b").value(row.samplesB());
      json.name("significant").value(d.significant());
      json.name("verdict").value(comparison.verdict(row));
      json.endObject();
    }
    return json.endArray().endObject().toString();
  }

  private static void side(JsonWriter json, String name, RunGroup side) {
    json.name(name).beginObject();
    json.name("path").value(side.path().toString());
    json.name("runs").beginArray();
    side.runs().forEach(run -> json.value(run.directory().toString()));
    json.endArray().endObject();
  }
}
