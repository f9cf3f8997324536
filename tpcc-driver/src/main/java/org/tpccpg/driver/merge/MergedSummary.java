package org.tpccpg.driver.merge;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.report.SysbenchFigures;
import org.tpccpg.driver.results.JsonWriter;
import org.tpccpg.driver.results.OutageJson;
import org.tpccpg.driver.results.SummaryFigures;
import org.tpccpg.driver.results.SummaryJson;
import org.tpccpg.driver.results.TpccSummary;

/**
 * The merged {@code summary.json}: a single run's members (so {@code compare} and the JSON Schema
 * read it as one), from the drivers' summed counts and added histograms, plus {@code merged} (the
 * common window) and {@code drivers} (a line per driver).
 */
final class MergedSummary {
  private MergedSummary() {}

  static String render(ResultsMerge m, Path output) throws IOException {
    List<DriverResult> drivers = m.drivers();
    DriverResult first = drivers.get(0);
    JsonWriter json = new JsonWriter().beginObject();
    long clientsAborted = 0;
    for (DriverResult d : drivers) {
      clientsAborted += Values.count(d.summary().get("clients_aborted"));
    }
    SummaryJson.head(
        json,
        new SummaryFigures.Head(
            "tpcc",
            m.started(),
            m.ended(),
            any(drivers, "stopped_early"),
            any(drivers, "aborted"),
            clientsAborted,
            m.firstError()));
    json.name("target").value(String.valueOf(first.summary().get("target")));
    long threads = m.totalCount("clients");
    String warehouses = m.warehouses();
    json.name("options");
    copy(
        json,
        first.options(),
        Map.of(
            "threads",
            (double) threads,
            "warehouses",
            warehouses,
            "results",
            output == null ? "" : output.toString()));
    json.name("config");
    copy(json, first.config(), Map.of("threads", (double) threads, "home_warehouses", warehouses));
    json.name("server");
    copy(json, first.summary().get("server"), Map.of());
    totals(json, m);
    json.name("tpmC").value(m.tpmC());
    json.name("tpmTotal").value(m.tpmTotal());
    json.name("efficiency_percent").nullValue();
    TpccSummary.mix(json, MergedFigures.mix(m));
    roundTrips(json, drivers);
    kinds(json, m);
    OutageJson.write(json, MergedFigures.outages(m));
    MergedSpecVerdict spec = MergedSpecVerdict.of(m);
    if (spec != null) {
      spec.write(json);
    }
    json.name("merged").beginObject();
    json.name("drivers").value(drivers.size());
    json.name("common_window_s").value(m.commonWindowSeconds());
    json.name("common_intervals").value(m.alignment().count());
    json.endObject();
    driverList(json, drivers);
    return json.endObject().toString();
  }

  /** Each driver's directory, warehouses, start and headline figures. */
  private static void driverList(JsonWriter json, List<DriverResult> drivers) throws IOException {
    json.name("drivers").beginArray();
    for (DriverResult d : drivers) {
      json.beginObject();
      json.name("directory").value(d.directory().toString());
      json.name("warehouses").value(d.warehouses());
      json.name("started").value(d.started().toString());
      json.name("threads").value(Values.count(d.totals().get("clients")));
      json.name("seed").value(Values.count(d.config().get("seed")));
      json.name("transactions").value(Values.count(d.totals().get("transactions")));
      json.name("tps").value(Values.number(d.totals().get("tps")));
      json.name("errors").value(Values.count(d.totals().get("errors")));
      json.name("outages").value(outageCount(d));
      json.endObject();
    }
    json.endArray();
  }

  /** Each kind's round trips summed over the drivers, per completed transaction of all drivers. */
  private static void roundTrips(JsonWriter json, List<DriverResult> drivers) {
    json.name("round_trips").beginObject();
    for (Map.Entry<String, RoundTrips> e : RoundTrips.of(drivers).entrySet()) {
      json.name(e.getKey()).beginObject();
      json.name("round_trips").value(e.getValue().roundTrips());
      json.name("per_transaction").value(e.getValue().perTransaction());
      json.endObject();
    }
    json.endObject();
  }

  static int outageCount(DriverResult d) {
    return d.summary().get("outages") instanceof List<?> list ? list.size() : 0;
  }

  private static void totals(JsonWriter json, ResultsMerge m) throws IOException {
    List<DriverResult> drivers = m.drivers();
    double elapsed = 0;
    double connectionMs = 0;
    double tps = 0;
    double qps = 0;
    double lagMax = 0;
    double lagSum = 0;
    Moments latency = new Moments();
    for (DriverResult d : drivers) {
      Map<String, Object> t = d.totals();
      elapsed = Math.max(elapsed, Values.number(t.get("elapsed_s")));
      connectionMs += Values.number(t.get("connection_ms")) * Values.number(t.get("clients"));
      tps += Values.number(t.get("tps"));
      qps += Values.number(t.get("qps"));
      lagMax = Math.max(lagMax, Values.number(t.get("lag_max_ms")));
      Map<String, Object> l = Values.object(t, "latency", d.summaryFile());
      double n = Values.number(l.get("count"));
      latency.add(n, Values.number(l.get("avg_ms")), Values.number(t.get("latency_stddev_ms")));
      lagSum += n * Values.number(t.get("lag_avg_ms"));
    }
    long clients = m.totalCount("clients");
    SysbenchFigures figures = MergedFigures.sysbench(m);
    Map<String, Long> workloadCounts = new LinkedHashMap<>();
    for (String member : List.of("delivery_districts_delivered", "delivery_districts_skipped")) {
      if (drivers.get(0).totals().containsKey(member)) {
        workloadCounts.put(member, m.totalCount(member));
      }
    }
    SummaryJson.totals(
        json,
        new SummaryFigures.Totals(
            clients,
            elapsed,
            clients == 0 ? 0 : connectionMs / clients,
            m.totalCount("transactions"),
            tps,
            m.totalCount("queries"),
            qps,
            m.totalCount("reads"),
            m.totalCount("writes"),
            m.totalCount("others"),
            m.totalCount("errors"),
            m.totalCount("reconnects"),
            failures(name -> m.totalCount(name)),
            failedTriesByCause(drivers),
            figures.totals().latencySumNanos() / 1e6,
            figures.fairness(),
            latency.stddev(),
            latency.count() == 0 ? 0 : lagSum / latency.count(),
            lagMax,
            workloadCounts,
            m.allKinds()));
  }

  /** pgbench's failure counters, each by its member's name. */
  private static SummaryFigures.Failures failures(Sum sum) throws IOException {
    return new SummaryFigures.Failures(
        sum.of("failed"),
        sum.of("serialization_failures"),
        sum.of("deadlock_failures"),
        sum.of("retried"),
        sum.of("retries"),
        sum.of("skipped"),
        sum.of("late"));
  }

  /** A member summed over the drivers. */
  private interface Sum {
    long of(String member) throws IOException;
  }

  /** The first driver's causes, each summed over the drivers. */
  private static Map<String, Long> failedTriesByCause(List<DriverResult> drivers)
      throws IOException {
    Map<String, Long> byCause = new LinkedHashMap<>();
    DriverResult first = drivers.get(0);
    for (String cause :
        Values.object(first.totals(), "failed_tries_by_cause", first.summaryFile()).keySet()) {
      long sum = 0;
      for (DriverResult d : drivers) {
        sum +=
            Values.count(
                Values.object(d.totals(), "failed_tries_by_cause", d.summaryFile()).get(cause));
      }
      byCause.put(cause, sum);
    }
    return byCause;
  }

  private static void kinds(JsonWriter json, ResultsMerge m) throws IOException {
    json.name("kinds").beginObject();
    for (String kind : m.kinds()) {
      double tps = 0;
      for (DriverResult d : m.drivers()) {
        Map<String, Object> k =
            Values.object(
                Values.object(d.summary(), "kinds", d.summaryFile()), kind, d.summaryFile());
        tps += Values.number(k.get("tps"));
      }
      SummaryJson.kind(
          json,
          kind,
          new SummaryFigures.Kind(
              m.kindCount(kind, "completed"),
              m.kindCount(kind, "commits"),
              m.kindCount(kind, "rollbacks"),
              m.kindCount(kind, "errors"),
              tps,
              failures(member -> m.kindCount(kind, member)),
              m.wholeRun().get(kind)));
    }
    json.endObject();
  }

  private static boolean any(List<DriverResult> drivers, String member) {
    return drivers.stream().anyMatch(d -> Boolean.TRUE.equals(d.summary().get(member)));
  }

  /** Writes a plain value back as JSON, members of {@code replaced} in place of the object's. */
  static void copy(JsonWriter json, Object value, Map<String, Object> replaced) {
    if (value instanceof Map<?, ?> map) {
      json.beginObject();
      map.forEach(
          (name, member) -> {
            json.name((String) name);
            copy(json, replaced.getOrDefault(name, member), Map.of());
          });
      replaced.forEach(
          (name, member) -> {
            if (!map.containsKey(name)) {
              json.name(name);
              copy(json, member, Map.of());
            }
          });
      json.endObject();
    } else if (value instanceof List<?> list) {
      json.beginArray();
      list.forEach(item -> copy(json, item, Map.of()));
      json.endArray();
    } else if (value instanceof Double d) {
      json.value(d);
    } else if (value instanceof Boolean b) {
      json.value(b);
    } else if (value instanceof String s) {
      json.value(s);
    } else {
      json.nullValue();
    }
  }
}
