package org.tpccpg.driver.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * Writes a bundle's {@code manifest.json} from a {@link SweepManifest}, whole, through a temporary
 * file and a rename, so that a reader (or a resumed sweep) never sees half of one; {@link
 * SweepBundle#read} reads it back. The one writer of the file.
 */
public final class SweepManifestJson {
  static final int SCHEMA_VERSION = 1;

  private SweepManifestJson() {}

  /** Writes {@code manifest.json} into {@code bundle}, replacing the one there. */
  public static void write(Path bundle, SweepManifest manifest) throws IOException {
    Path temporary = bundle.resolve(SweepBundle.MANIFEST + ".tmp");
    Files.writeString(temporary, render(manifest) + "\n", StandardCharsets.UTF_8);
    Files.move(
        temporary,
        bundle.resolve(SweepBundle.MANIFEST),
        StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }

  static String render(SweepManifest m) {
    JsonWriter json = new JsonWriter().beginObject();
    head(json, m.head());
    json.name("settings_restored").value(m.settingsRestored());
    json.name("targets").beginArray();
    m.targets().forEach(t -> target(json, t));
    json.endArray();
    json.name("workloads").beginArray();
    for (SweepManifest.Workload w : m.workloads()) {
      json.beginObject().name("name").value(w.name()).name("kind").value(w.kind());
      strings(json.name("options"), w.options());
      json.name("prepare").value(w.prepare());
      if (w.length() != null) {
        length(json, w.length());
      }
      strings(json.name("prepare_options"), w.prepareOptions()).endObject();
    }
    json.endArray();
    strings(json.name("prepared"), m.prepared());
    strings(json.name("preparing"), m.preparing());
    json.name("cells").beginArray();
    m.cells().forEach(c -> cell(json, c));
    json.endArray();
    return json.endObject().toString();
  }

  private static void head(JsonWriter json, SweepManifest.Head h) {
    json.name("schema_version").value(SCHEMA_VERSION);
    json.name("kind").value("tpcc-sweep");
    json.name("tool").beginObject();
    json.name("version").value(h.toolVersion()).name("commit").value(h.toolCommit()).endObject();
    SweepManifest.Host host = h.host();
    json.name("host").beginObject();
    json.name("name").value(host.name()).name("cpu").value(host.cpu());
    json.name("cores").value(host.cores()).name("kernel").value(host.kernel());
    json.name("os").value(host.os()).endObject();
    json.name("created").value(h.created());
    json.name("sweep_file").value(h.sweepFile());
    json.name("seed").value(h.seed());
    json.name("clients").beginArray();
    h.clients().forEach(c -> json.value(c));
    json.endArray();
    length(json, h.length());
    json.name("warmup").value(h.warmupSeconds());
    json.name("repeats").value(h.repeats());
    json.name("settings_dimension").beginObject();
    h.settingsDimension().forEach((name, values) -> strings(json.name(name), values));
    json.endObject();
  }

  /** {@code duration} (seconds) or {@code events} (transactions per client), whichever is set. */
  private static void length(JsonWriter json, SweepManifest.Length length) {
    if (length.seconds() != null) {
      json.name("duration").value(length.seconds());
    } else {
      json.name("events").value(length.eventsPerClient());
    }
  }

  private static void target(JsonWriter json, SweepManifest.Target t) {
    json.beginObject().name("name").value(t.name());
    json.name("server_version").value(t.serverVersion());
    map(json.name("non_default_settings"), t.nonDefaultSettings());
    json.name("connection").beginObject();
    json.name("host").value(t.host()).name("port").value(t.port());
    json.name("dbname").value(t.dbname()).name("user").value(t.user());
    if (t.connectionKey() != null) {
      json.name(t.connectionKey()).value(t.connectionText());
    }
    json.endObject();
    json.name("options").beginObject();
    t.options().forEach((kind, options) -> strings(json.name(kind), options));
    json.endObject();
    json.name("prepare").value(t.prepare());
    json.name("restart_command").value(t.restartCommand());
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
    json.name("started").value(run.started());
    json.name("ended").value(run.ended());
    json.name("error").value(run.error());
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
    values.forEach((name, value) -> json.name(name).value(value)); // null as null
    json.endObject();
  }
}
