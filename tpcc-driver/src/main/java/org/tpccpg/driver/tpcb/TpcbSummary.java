package org.tpccpg.driver.tpcb;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tpccpg.driver.connect.ConnectionTarget;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.results.EffectiveConfig;
import org.tpccpg.driver.results.JsonWriter;
import org.tpccpg.driver.results.ServerInfo;
import org.tpccpg.driver.results.SummaryDescription;

/** What {@code summary.json} says about a pgbench run besides the shared figures. */
public final class TpcbSummary implements SummaryDescription {
  private final TpcbRunConfig config;
  private final TpcbRecording recording;
  private final ServerInfo server;
  private final TpcbDatabase database;

  TpcbSummary(
      TpcbRunConfig config, TpcbRecording recording, ServerInfo server, TpcbDatabase database) {
    this.config = config;
    this.recording = recording;
    this.server = server;
    this.database = database;
  }

  /**
   * One label per script, for the JSON and the hlog file names: the builtin's name, with {@code
   * -<position>} appended when the same builtin is given more than once; for a custom script its
   * file's name with characters other than letters, digits, {@code .}, {@code _} and {@code -}
   * replaced by {@code _}, with {@code -<position>} appended when another script has that label.
   */
  static List<String> scriptLabels(List<WeightedScript> scripts) {
    List<String> names = scripts.stream().map(TpcbSummary::scriptName).toList();
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < scripts.size(); i++) {
      String name = names.get(i);
      long same = names.stream().filter(name::equals).count();
      labels.add(same > 1 ? name + "-" + (i + 1) : name);
    }
    return labels;
  }

  /** {@code name@weight} as given to {@code -b}, or {@code file@weight} as given to {@code -f}. */
  private static String scriptSpec(WeightedScript script) {
    return (script.builtin() ? script.script().scriptName() : script.custom().name())
        + "@"
        + script.weight();
  }

  /** The builtin's name, or the custom script's file name made safe for a file name. */
  private static String scriptName(WeightedScript script) {
    if (script.builtin()) {
      return script.script().scriptName();
    }
    String file = Path.of(script.custom().name()).getFileName().toString();
    return file.replaceAll("[^A-Za-z0-9._-]", "_");
  }

  @Override
  public String workload() {
    return "tpcb";
  }

  /**
   * The run's configuration as it ran, defaults and the seed included, the password masked: {@code
   * summary.json}'s {@code "config"} and {@code --verbose}'s lines.
   */
  public static Map<String, Object> config(TpcbRunConfig c, ConnectionTarget target) {
    RunLimits limits = c.limits();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("host", target.host());
    m.put("port", target.port());
    m.put("database", target.database());
    m.put("user", target.user());
    m.put("password", target.passwordGiven() ? EffectiveConfig.MASK : null);
    m.put("scripts", String.join(",", c.scripts().stream().map(TpcbSummary::scriptSpec).toList()));
    m.put("clients", c.clients());
    m.put("threads", c.threads());
    m.put("time_seconds", c.durationSeconds());
    m.put("transactions_per_client", c.timed() ? 0 : c.transactionsPerClient());
    m.put("statement_mode", c.statementMode().label());
    m.put("connect_per_transaction", c.connectPerTransaction());
    m.put("progress_seconds", c.progressSeconds());
    m.put("report_per_command", c.reportPerCommand());
    m.put("rate", limits.rate());
    m.put("latency_limit_ms", limits.latencyLimitMicros() / 1e3);
    m.put("max_tries", limits.maxTries());
    m.put("failures_detailed", limits.failuresDetailed());
    m.put("exit_on_abort", limits.exitOnAbort());
    m.put("vacuum", c.vacuum().name().toLowerCase(Locale.ROOT));
    m.put("log", c.log().enabled());
    m.put("seed", Long.toUnsignedString(c.seed()));
    return Collections.unmodifiableMap(m);
  }

  @Override
  public void describe(JsonWriter json) {
    json.name("target").value(recording.target().toString());
    options(json);
    EffectiveConfig.write(json, config(config, recording.target()));
    server.writeTo(json);
    json.name("scale").value(database.scale());
    json.name("partition_method")
        .value(database.partitionMethod().isEmpty() ? null : database.partitionMethod());
    json.name("partitions").value(database.partitions());
  }

  @Override
  public void figures(JsonWriter json, RunResult result) {
    // pgbench's figures are all in the shared totals.
  }

  private void options(JsonWriter json) {
    RunLimits limits = config.limits();
    json.name("options").beginObject();
    json.name("builtins").beginArray();
    for (WeightedScript script : config.scripts()) {
      json.value(scriptSpec(script));
    }
    json.endArray();
    json.name("clients").value(config.clients());
    json.name("jobs").value(config.threads());
    json.name("time").value(config.durationSeconds());
    json.name("transactions").value(config.timed() ? 0 : config.transactionsPerClient());
    json.name("protocol").value(config.statementMode().label());
    json.name("connect").value(config.connectPerTransaction());
    json.name("progress").value(config.progressSeconds());
    json.name("rate").value(limits.rate());
    json.name("latency_limit_ms").value(limits.latencyLimitMicros() / 1e3);
    json.name("max_tries").value(limits.maxTries());
    json.name("exit_on_abort").value(limits.exitOnAbort());
    json.name("vacuum").value(config.vacuum().name().toLowerCase(Locale.ROOT));
    json.name("random_seed").value(Long.toUnsignedString(config.seed()));
    json.name("results").value(recording.directory().toString());
    json.endObject();
  }
}
