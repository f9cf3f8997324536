package org.tpccpg.driver.htmlreport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.results.ResultsFiles;

/**
 * What the report shows of one run: a few facts from {@code summary.json}, and its charts: tps,
 * latency, errors and reconnects over time with the outages shaded; the server's WAL, checkpoints,
 * autovacuum workers and wait events under them when the intervals carry them; and each kind's
 * latency distribution from its HdrHistogram log.
 *
 * @param title the heading: the path as given
 * @param facts name to value, in the order shown
 * @param outages a row per outage ({@link #OUTAGE_HEADINGS}), numbered as the charts label them
 * @param dips a row per dip of the summary's stability figures ({@link #DIP_HEADINGS}), numbered as
 *     the charts label them, with the causes the server statistics named
 * @param verdict the verdict's judgements, name to {@code yes: why} ({@code stable}, ...); empty
 *     for a summary written before verdicts
 * @param options the run's options as its summary records them, name to value
 * @param settings the server's settings as the summary records them, name to value
 * @param charts in the order drawn
 */
record RunView(
    String title,
    Map<String, String> facts,
    List<List<String>> outages,
    List<List<String>> dips,
    Map<String, String> verdict,
    Map<String, String> options,
    Map<String, String> settings,
    List<Chart> charts) {
  /** The outage table's columns. */
  static final List<String> OUTAGE_HEADINGS =
      List.of(
          "outage",
          "start (s into the run)",
          "length (s)",
          "clients",
          "back to 90 % tps after (s)");

  /** The dip table's columns. */
  static final List<String> DIP_HEADINGS =
      List.of(
          "dip",
          "start (s into the run)",
          "length (s)",
          "lowest tps",
          "below the baseline",
          "what the server did (likeliest first)");

  /** The wait events drawn: the most waited-on over the run. */
  static final int WAIT_EVENTS = 5;

  RunView {
    facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(facts));
    outages = List.copyOf(outages);
    dips = List.copyOf(dips);
    verdict = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(verdict));
    options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
    settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    charts = List.copyOf(charts);
  }

  /**
   * Reads a results directory.
   *
   * @throws IOException in one line naming the file when one cannot be read
   */
  static RunView read(String title, Path directory, int maxPoints) throws IOException {
    Map<String, Object> summary = SummaryFile.read(directory);
    List<String> kinds = List.copyOf(SummaryFile.object(summary, "kinds", directory).keySet());
    List<?> outageItems = SummaryFile.list(summary, "outages", directory);
    List<double[]> outages = ranges(outageItems);
    List<?> dipItems = dipItems(summary);
    Map<String, String> facts = facts(summary, directory);
    facts.put("outages", Integer.toString(outages.size()));
    List<Chart> charts = new ArrayList<>();
    if (Files.isRegularFile(directory.resolve(ResultsFiles.INTERVALS))) {
      RunTimeline timeline = RunTimeline.read(directory, maxPoints);
      facts.put(
          "intervals",
          timeline.sampling.lines()
              + (timeline.sampling.perBucket() > 1
                  ? " (drawn in buckets of " + timeline.sampling.perBucket() + ")"
                  : ""));
      charts.addAll(TimeCharts.of(timeline, outages, ranges(dipItems)));
    }
    Map<String, double[]> curves = LatencyCurves.read(directory, kinds);
    if (!curves.isEmpty()) {
      double[] x = new double[LatencyCurves.LEVELS.length];
      for (int i = 0; i < x.length; i++) {
        x[i] = LatencyCurves.x(LatencyCurves.LEVELS[i]);
      }
      Chart chart =
          new Chart(
                  "Latency distribution per kind (whole run)",
                  "ms (log scale)",
                  Chart.Axis.PERCENTILE,
                  x)
              .logY();
      curves.forEach(chart::line);
      charts.add(chart);
    }
    Object server = summary.get("server") instanceof Map<?, ?> s ? s.get("settings") : null;
    return new RunView(
        title,
        facts,
        outageRows(outageItems),
        dipRows(dipItems),
        judgements(summary),
        named(summary.get("options")),
        named(server),
        charts);
  }

  /** The summary's headline facts, in the order shown. */
  private static Map<String, String> facts(Map<String, Object> summary, Path directory)
      throws IOException {
    Map<String, Object> totals = SummaryFile.object(summary, "totals", directory);
    Map<String, Object> latency = SummaryFile.object(totals, "latency", directory);
    Map<String, String> facts = new LinkedHashMap<>();
    verdict(summary).ifPresent(v -> facts.put("verdict", v));
    facts.put("workload", workload(summary.get("workload")));
    facts.put("target", String.valueOf(summary.get("target")));
    if (summary.get("server") instanceof Map<?, ?> server) {
      facts.put("server", String.valueOf(server.get("version")));
    }
    facts.put("started", String.valueOf(summary.get("started")));
    facts.put("clients", Figures.format(SummaryFile.number(totals.get("clients"))));
    facts.put("seconds", Figures.format(SummaryFile.number(totals.get("elapsed_s"))));
    facts.put("tps", Figures.format(SummaryFile.number(totals.get("tps"))));
    if (summary.get("tpmC") instanceof Double tpmC) {
      facts.put("tpmC", Figures.format(tpmC)); // a TPC-C run's headline figure, as its summary has
    }
    facts.put("p95 ms", Figures.format(SummaryFile.number(latency.get("p95_ms"))));
    facts.put("p99 ms", Figures.format(SummaryFile.number(latency.get("p99_ms"))));
    double rollbacks = rollbacks(SummaryFile.object(summary, "kinds", directory));
    double errors = SummaryFile.number(totals.get("errors"));
    // sysbench's errors hold the New-Orders rolled back on purpose (TPC-C 2.4.2.3): told apart
    facts.put("errors", Figures.format(Double.isNaN(rollbacks) ? errors : errors - rollbacks));
    if (rollbacks > 0) {
      facts.put("New-Order rollbacks (on purpose)", Figures.format(rollbacks));
    }
    facts.put("reconnects", Figures.format(SummaryFile.number(totals.get("reconnects"))));
    return facts;
  }

  /** An object's members as name to text; empty for anything else. */
  private static Map<String, String> named(Object object) {
    Map<String, String> named = new LinkedHashMap<>();
    if (object instanceof Map<?, ?> members) {
      members.forEach((name, value) -> named.put(String.valueOf(name), text(value)));
    }
    return named;
  }

  /** The summary's workload and the benchmark it is: {@code tpcc (TPC-C)}. */
  private static String workload(Object workload) {
    String name = String.valueOf(workload);
    return switch (name) {
      case "tpcc" -> "tpcc (TPC-C)";
      case "tpcb" -> "tpcb (TPC-B)";
      default -> name;
    };
  }

  /** The kinds' rollbacks on purpose, summed; NaN when a kind does not say. */
  private static double rollbacks(Map<String, Object> kinds) {
    double sum = 0;
    for (Object kind : kinds.values()) {
      sum += kind instanceof Map<?, ?> k ? SummaryFile.number(k.get("rollbacks")) : Double.NaN;
    }
    return sum;
  }

  /** An outage per row, numbered from 1 as the charts label them. */
  private static List<List<String>> outageRows(List<?> items) {
    List<List<String>> rows = new ArrayList<>();
    for (Object item : items) {
      if (item instanceof Map<?, ?> outage) {
        rows.add(
            List.of(
                Integer.toString(rows.size() + 1),
                text(outage.get("start_s")),
                text(outage.get("duration_s")),
                text(outage.get("clients")),
                outage.get("back_to_90_percent_after_s") == null
                    ? "not back"
                    : text(outage.get("back_to_90_percent_after_s"))));
      }
    }
    return rows;
  }

  /** A summary's value as the page shows it: numbers as {@link Figures#format}, null as –. */
  private static String text(Object value) {
    if (value == null) {
      return "–";
    }
    return value instanceof Number n ? Figures.format(n.doubleValue()) : String.valueOf(value);
  }

  /**
   * The verdict in one fact, first on the page ({@code stable yes · healthy NO · consistent not
   * judged · durable not judged}), each part's reason in summary.json; empty for a summary written
   * before verdicts.
   */
  private static java.util.Optional<String> verdict(Map<String, Object> summary) {
    if (!(summary.get("verdict") instanceof Map<?, ?> verdict)) {
      return java.util.Optional.empty();
    }
    List<String> parts = new ArrayList<>();
    for (String name : List.of("stable", "healthy", "consistent", "durable")) {
      if (verdict.get(name) instanceof Map<?, ?> judgement) {
        parts.add(name + " " + judgement.get("verdict"));
      }
    }
    return java.util.Optional.of(String.join(" · ", parts));
  }

  /** Each judgement of the verdict with its reason. */
  private static Map<String, String> judgements(Map<String, Object> summary) {
    Map<String, String> judgements = new LinkedHashMap<>();
    if (summary.get("verdict") instanceof Map<?, ?> verdict) {
      for (String name : List.of("stable", "healthy", "consistent", "durable")) {
        if (verdict.get(name) instanceof Map<?, ?> j) {
          judgements.put(name, j.get("verdict") + ": " + j.get("why"));
        }
      }
    }
    return judgements;
  }

  /** The summary's {@code stability.dips}, empty when it has none (a short run, an older file). */
  private static List<?> dipItems(Map<String, Object> summary) {
    return summary.get("stability") instanceof Map<?, ?> stability
            && stability.get("dips") instanceof List<?> dips
        ? dips
        : List.of();
  }

  /** A dip per row, numbered from 1 as the charts label them. */
  private static List<List<String>> dipRows(List<?> items) {
    List<List<String>> rows = new ArrayList<>();
    for (Object item : items) {
      if (item instanceof Map<?, ?> dip) {
        String causes =
            dip.get("causes") instanceof List<?> named && !named.isEmpty()
                ? String.join(", ", named.stream().map(String::valueOf).toList())
                : dip.containsKey("causes") ? "nothing stood out" : "–";
        rows.add(
            List.of(
                Integer.toString(rows.size() + 1),
                text(dip.get("start_s")),
                text(dip.get("duration_s")),
                text(dip.get("lowest_tps")),
                text(dip.get("depth_percent")) + " %",
                causes));
      }
    }
    return rows;
  }

  /** The {@code start_s} to {@code start_s + duration_s} of each outage or dip. */
  private static List<double[]> ranges(List<?> items) {
    List<double[]> ranges = new ArrayList<>();
    for (Object item : items) {
      if (item instanceof Map<?, ?> range) {
        double start = SummaryFile.number(range.get("start_s"));
        double duration = SummaryFile.number(range.get("duration_s"));
        if (!Double.isNaN(start) && !Double.isNaN(duration)) {
          ranges.add(new double[] {start, start + duration});
        }
      }
    }
    return ranges;
  }
}
