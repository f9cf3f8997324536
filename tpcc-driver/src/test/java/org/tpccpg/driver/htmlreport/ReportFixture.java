package org.tpccpg.driver.htmlreport;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Results directories and sweep bundles written by hand in the shapes the runs and {@code sweep}
 * write (docs/tpcc.md "Results files", the sweep contract's manifest.json), for report tests.
 */
public final class ReportFixture {
  private ReportFixture() {}

  /**
   * A run: {@code summary.json}, {@code intervals.jsonl} with {@code intervals} 1 s lines (tps 100
   * + i % 10, every kind's p95 5 ms; with {@code server} the contract's server object, a checkpoint
   * every 30th interval, and a health reading every 60th, the database growing 1 MB and
   * pgbench_accounts 100 dead tuples a reading), and a {@code <kind>.hlog} per kind.
   */
  public static Path run(
      Path dir, String workload, List<String> kinds, double tps, int intervals, boolean server)
      throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("summary.json"), summary(workload, kinds, tps, intervals));
    intervals(dir.resolve("intervals.jsonl"), kinds, intervals, server);
    for (String kind : kinds) {
      hlog(dir.resolve(kind + ".hlog"), Math.min(intervals, 100));
    }
    return dir;
  }

  static String summary(String workload, List<String> kinds, double tps, int seconds) {
    StringBuilder k = new StringBuilder();
    for (String kind : kinds) {
      k.append(k.length() > 0 ? "," : "")
          .append('"')
          .append(kind)
          .append("\":{\"completed\":100,\"tps\":1,\"latency\":")
          .append(latency())
          .append('}');
    }
    return String.format(
        Locale.ROOT,
        "{\"schema_version\":1,\"tool\":\"tpcc 0.1.0\",\"workload\":\"%s\","
            + "\"started\":\"2026-01-02T03:04:05Z\",\"target\":\"u@h:5432/db\","
            + "\"server\":{\"version\":\"15.8\",\"settings\":{\"shared_buffers\":\"128MB\","
            + "\"fsync\":\"on\"}},\"options\":{\"threads\":2,\"time\":%2$d,\"rate\":null},"
            + "\"totals\":{\"clients\":2,\"elapsed_s\":%d,\"tps\":%s,\"errors\":3,\"reconnects\":1,"
            + "\"latency\":%s},\"kinds\":{%s},"
            + "\"outages\":[{\"start_s\":%d,\"duration_s\":%d,\"clients\":2,"
            + "\"back_to_90_percent_after_s\":null}]}%n",
        workload,
        seconds,
        tps,
        latency(),
        k,
        seconds / 3,
        Math.max(1, seconds / 10));
  }

  private static String latency() {
    return "{\"count\":100,\"avg_ms\":2.5,\"p50_ms\":2,\"p90_ms\":4,\"p95_ms\":5,\"p99_ms\":9,"
        + "\"max_ms\":20}";
  }

  /** Writes {@code count} interval lines, streaming (a week's file is never held whole). */
  static void intervals(Path file, List<String> kinds, int count, boolean server)
      throws IOException {
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int i = 0; i < count; i++) {
        out.write(line(i, kinds, server));
        out.write('\n');
      }
    }
  }

  static String line(int i, List<String> kinds, boolean server) {
    StringBuilder k = new StringBuilder();
    for (String kind : kinds) {
      k.append(k.length() > 0 ? "," : "")
          .append('"')
          .append(kind)
          .append("\":{\"count\":100,\"p50_ms\":2,\"p90_ms\":4,\"p95_ms\":5,\"p99_ms\":9,")
          .append("\"max_ms\":20}");
    }
    String serverObject =
        server
            ? String.format(
                Locale.ROOT,
                ",\"server\":{\"checkpoints\":%d,\"checkpoints_requested\":0,\"wal_bytes\":%d,"
                    + "\"commits\":100,\"rollbacks\":1,\"deadlocks\":0,\"temp_bytes\":0,"
                    + "\"autovacuum_workers\":%d,\"wait_events\":{\"Lock:tuple\":%d,"
                    + "\"LWLock:WALWrite\":1}}",
                i % 30 == 29 ? 1 : 0,
                1_000_000 + 1000L * (i % 50),
                i % 7 == 0 ? 1 : 0,
                2 * (i % 3))
            : "";
    if (server && i % 60 == 0) {
      serverObject += health(i / 60);
    }
    // concatenation, not String.format: a week's file is 604,800 lines
    int tps = 100 + i % 10;
    return "{\"schema_version\":1,\"time\":\"2026-01-02T03:04:"
        + (i + 1) % 60 / 10
        + (i + 1) % 10
        + "Z\",\"seconds\":"
        + (i + 1)
        + ",\"interval_s\":1,\"threads\":2,\"transactions\":"
        + tps
        + ",\"tps\":"
        + tps
        + ",\"qps\":0,\"errors\":0,\"errors_per_s\":"
        + (i % 13 == 0 ? 1 : 0)
        + ",\"reconnects\":0,\"reconnects_per_s\":0,\"latency_avg_ms\":2.5,\"kinds\":{"
        + k
        + "}"
        + serverObject
        + "}";
  }

  /** The {@code n}th health reading, as the contract's health object after a comma. */
  private static String health(int n) {
    long mb = 1024 * 1024;
    return ",\"health\":{\"database_bytes\":"
        + (300 + n) * mb
        + ",\"xid_age\":"
        + (1_000_000 + 60_000L * n)
        + ",\"autovacuum_freeze_max_age\":200000000,\"temp_files\":0,\"standbys\":0,"
        + "\"replication_lag_bytes\":null,\"tables\":{\"pgbench_accounts\":{\"table_bytes\":"
        + (100 + n) * mb
        + ",\"indexes_bytes\":"
        + 20 * mb
        + ",\"live_tuples\":100000,\"dead_tuples\":"
        + 100L * n
        + ",\"xid_age\":1000}}}";
  }

  static void hlog(Path file, int intervals) throws IOException {
    try (PrintStream stream = new PrintStream(file.toFile(), StandardCharsets.UTF_8)) {
      HistogramLogWriter log = new HistogramLogWriter(stream);
      log.outputLogFormatVersion();
      log.outputStartTime(0);
      log.outputLegend();
      Histogram h = new Histogram(3);
      for (int i = 0; i < intervals; i++) {
        h.reset();
        for (int v = 1; v <= 100; v++) {
          h.recordValue(v * 100L + i); // 0.1 to 10 ms
        }
        h.setStartTimeStamp(i * 1000L);
        h.setEndTimeStamp((i + 1) * 1000L);
        log.outputIntervalHistogram(h);
      }
    }
  }

  /**
   * A bundle per the sweep contract: targets {@code targets}, one workload {@code tpcb-select} with
   * settings {@code {}}, client counts 1 and 4, two repeats. Cell ({@code targets[1]}, 4 clients)
   * failed in both repeats; its repeat 2 of 1 client is pending. Cell tps is {@code 100 * clients *
   * (target index + 1) + repeat}.
   */
  public static Path bundle(Path dir, List<String> targets) throws IOException {
    return bundle(dir, targets, List.of(Map.of()));
  }

  /**
   * The same bundle with a settings dimension: the cells of every target once per combination;
   * combination i (from 0) has {@code .si} in its cells' ids from i = 1 on, and tps {@code 1000 *
   * i} above the first's.
   */
  public static Path bundle(Path dir, List<String> targets, List<Map<String, String>> settings)
      throws IOException {
    Files.createDirectories(dir);
    StringBuilder cells = new StringBuilder();
    StringBuilder targetList = new StringBuilder();
    for (int t = 0; t < targets.size(); t++) {
      String target = targets.get(t);
      targetList
          .append(t > 0 ? "," : "")
          .append("{\"name\":")
          .append(jsonString(target))
          .append(",\"server_version\":\"15.8\",\"non_default_settings\":{}}");
      for (int n = 0; n < settings.size(); n++) {
        for (int clients : new int[] {1, 4}) {
          for (int repeat = 1; repeat <= 2; repeat++) {
            String id =
                "t" + t + ".tpcb-select.c" + clients + (n > 0 ? ".s" + n : "") + ".r" + repeat;
            String status =
                t == 1 && clients == 4 ? "failed" : t == 1 && repeat == 2 ? "pending" : "done";
            if ("done".equals(status)) {
              run(
                  dir.resolve("runs").resolve(id),
                  "tpcb",
                  List.of("select-only"),
                  100.0 * clients * (t + 1) + repeat + 1000.0 * n,
                  20,
                  false);
            }
            cells
                .append(cells.length() > 0 ? ",\n" : "")
                .append(
                    String.format(
                        Locale.ROOT,
                        "{\"id\":\"%s\",\"target\":%s,\"workload\":\"tpcb-select\",\"clients\":%d,"
                            + "\"repeat\":%d,\"settings\":%s,\"dir\":\"runs/%s\",\"status\":\"%s\","
                            + "\"started\":null,\"ended\":null,\"error\":null,\"unknown\":1}",
                        id,
                        jsonString(target),
                        clients,
                        repeat,
                        settingsJson(settings.get(n)),
                        id,
                        status));
          }
        }
      }
    }
    Files.writeString(
        dir.resolve("manifest.json"),
        "{\"schema_version\":1,\"kind\":\"tpcc-sweep\",\"tool\":{\"version\":\"0.1.0\","
            + "\"commit\":\"abc\"},\"host\":{\"name\":\"h\",\"cpu\":\"c\",\"cores\":2,"
            + "\"kernel\":\"k\",\"os\":\"o\"},\"created\":\"2026-01-02T03:04:05Z\","
            + "\"sweep_file\":\"sweep.toml\",\"targets\":["
            + targetList
            + "],\"workloads\":[{\"name\":\"tpcb-select\",\"kind\":\"tpcb\","
            + "\"options\":[\"-S\"]}],\"cells\":[\n"
            + cells
            + "]}\n");
    return dir;
  }

  private static String settingsJson(Map<String, String> settings) {
    StringBuilder json = new StringBuilder("{");
    new java.util.TreeMap<>(settings)
        .forEach(
            (name, value) ->
                json.append(json.length() > 1 ? "," : "")
                    .append(jsonString(name))
                    .append(':')
                    .append(jsonString(value)));
    return json.append('}').toString();
  }

  static String jsonString(String text) {
    return new org.tpccpg.driver.results.JsonWriter().value(text).toString();
  }
}
