package org.tpccpg.driver.sweep;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.results.JsonWriter;
import org.tpccpg.driver.results.SizesJson;
import org.tpccpg.driver.results.SweepCell;

/**
 * {@code manifest.json}'s text, written from a {@link Manifest}; {@link
 * org.tpccpg.driver.results.SweepBundle} reads it back, to resume a sweep as to report on it.
 */
final class ManifestJson {
  static final int SCHEMA_VERSION = 1;

  private ManifestJson() {}

  static String render(Manifest m) {
    JsonWriter json = new JsonWriter().beginObject();
    json.name("schema_version").value(SCHEMA_VERSION);
    json.name("kind").value("tpcc-sweep");
    json.name("tool").beginObject();
    json.name("version").value(m.toolVersion).name("commit").value(m.toolCommit).endObject();
    json.name("host").beginObject();
    json.name("name").value(m.host.name()).name("cpu").value(m.host.cpu());
    json.name("cores").value(m.host.cores()).name("kernel").value(m.host.kernel());
    json.name("os").value(m.host.os()).endObject();
    json.name("created").value(m.created);
    json.name("sweep_file").value(m.sweepFile);
    json.name("seed").value(m.seed);
    json.name("clients").beginArray();
    m.sweep.clients().forEach(c -> json.value(c));
    json.endArray();
    length(json, m.sweep.length());
    json.name("warmup").value(m.sweep.warmupSeconds());
    json.name("repeats").value(m.sweep.repeats());
    json.name("settings_dimension").beginObject();
    m.sweep.settings().forEach((name, values) -> strings(json.name(name), values));
    json.endObject();
    json.name("settings_restored").value(m.settingsRestored());
    json.name("targets").beginArray();
    for (TargetInfo t : m.targets()) {
      target(json, t);
    }
    json.endArray();
    json.name("workloads").beginArray();
    for (Workload w : m.workloads) {
      json.beginObject().name("name").value(w.name()).name("kind").value(w.kind());
      strings(json.name("options"), w.options());
      json.name("prepare").value(w.prepare());
      if (w.length() != null) {
        length(json, w.length());
      }
      strings(json.name("prepare_options"), w.prepareOptions()).endObject();
    }
    json.endArray();
    strings(json.name("prepared"), m.preparedKeys());
    strings(json.name("preparing"), m.preparingKeys());
    json.name("cells").beginArray();
    for (SweepCell c : m.cells()) {
      cell(json, c);
    }
    json.endArray();
    return json.endObject().toString();
  }

  /** {@code duration} (seconds) or {@code events} (transactions per client), whichever is set. */
  private static void length(JsonWriter json, CellLength length) {
    if (length.seconds() != null) {
      json.name("duration").value(length.seconds());
    } else {
      json.name("events").value(length.eventsPerClient());
    }
  }

  private static void target(JsonWriter json, TargetInfo t) {
    json.beginObject().name("name").value(t.name());
    json.name("server_version").value(t.serverVersion());
    // also masks a manifest written before the masking, when a sweep resumes from it
    Map<String, String> shown = new LinkedHashMap<>();
    t.nonDefaultSettings().forEach((name, value) -> shown.put(name, SecretText.shown(name, value)));
    map(json.name("non_default_settings"), shown);
    json.name("connection").beginObject();
    json.name("host").value(t.host()).name("port").value(t.port());
    json.name("dbname").value(t.target().dbname()).name("user").value(t.user());
    ConnectionString connection = t.target().connectionString();
    if (connection != null) {
      json.name(connection.key()).value(connection.text()); // it cannot hold a password
    }
    json.endObject();
    json.name("options").beginObject();
    t.target().options().forEach((kind, options) -> strings(json.name(kind), options));
    json.endObject();
    json.name("prepare").value(t.target().prepare());
    json.name("restart_command");
    if (t.target().restartCommand() == null) {
      json.nullValue();
    } else {
      json.value(t.target().restartCommand());
    }
    map(json.name("original_settings"), t.originalSettings());
    map(json.name("original_in_force"), t.originalInForce());
    json.endObject();
  }

  private static void cell(JsonWriter json, SweepCell c) {
    SweepCell.Run run = c.run();
    json.beginObject().name("id").value(c.id()).name("target").value(c.target());
    json.name("workload").value(c.workload()).name("clients").value(c.clients());
    json.name("repeat").value(c.repeat());
    map(json.name("settings"), c.settings());
    json.name("seed").value(c.seed());
    json.name("dir").value(c.dir()).name("status").value(c.status());
    text(json.name("started"), run.started());
    text(json.name("ended"), run.ended());
    text(json.name("error"), run.error());
    if (run.elapsedSeconds() != null) {
      json.name("elapsed_s").value(run.elapsedSeconds());
    }
    if (run.sizesBefore() != null || run.sizesAfter() != null) {
      json.name("sizes").beginObject();
      SizesJson.write(json.name("before"), run.sizesBefore());
      SizesJson.write(json.name("after"), run.sizesAfter());
      json.endObject();
    }
    json.endObject();
  }

  private static JsonWriter strings(JsonWriter json, List<String> values) {
    json.beginArray();
    values.forEach(json::value);
    return json.endArray();
  }

  private static void map(JsonWriter json, Map<String, String> values) {
    json.beginObject();
    values.forEach((name, value) -> text(json.name(name), value));
    json.endObject();
  }

  private static void text(JsonWriter json, String value) {
    if (value == null) {
      json.nullValue();
    } else {
      json.value(value);
    }
  }
}
