package org.tpccpg.driver.htmlreport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.SavedSummary;

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
    if (!Files.exists(directory.resolve(ResultsFiles.SUMMARY))) {
      return unfinished(title, directory, maxPoints);
    }
    SavedSummary summary = SavedSummary.read(directory);
    List<double[]> outages =
        summary.outages().stream().map(o -> range(o.startS(), o.durationS())).toList();
    List<double[]> dips =
        summary.dips().stream().map(d -> range(d.startS(), d.durationS())).toList();
    Map<String, String> facts = facts(summary);
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
      charts.addAll(TimeCharts.of(timeline, known(outages), known(dips)));
    }
    latencyChart(directory, summary.kindNames()).ifPresent(charts::add);
    Map<String, String> settings =
        summary.server() == null ? Map.of() : summary.server().settings();
    return new RunView(
        title,
        facts,
        outageRows(summary.outages()),
        dipRows(summary.dips()),
        judgements(summary.verdict()),
        named(summary.options()),
        settings,
        charts);
  }

  /**
   * A run without its {@code summary.json} (still going, or killed, or its machine went down): what
   * it recorded as it ran, the intervals and each kind's latency log, with no verdict, outages,
   * dips, settings or options (those are the summary's).
   */
  private static RunView unfinished(String title, Path directory, int maxPoints)
      throws IOException {
    RunTimeline timeline = RunTimeline.read(directory, maxPoints, true);
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put(
        "ended",
        "not: no "
            + ResultsFiles.SUMMARY
            + " (the run is still going, or it was killed or its machine went down); shown is"
            + " what it recorded so far");
    facts.put("seconds recorded", text(timeline.lastSeconds()));
    facts.put("tps (mean of the intervals)", text(timeline.meanTps()));
    facts.put(
        "intervals",
        timeline.sampling.lines()
            + (timeline.cutShort() ? " and a last line cut short, left out" : "")
            + (timeline.sampling.perBucket() > 1
                ? " (drawn in buckets of " + timeline.sampling.perBucket() + ")"
                : ""));
    List<Chart> charts = new ArrayList<>(TimeCharts.of(timeline, List.of(), List.of()));
    latencyChart(directory, timeline.kinds()).ifPresent(charts::add);
    return new RunView(title, facts, List.of(), List.of(), Map.of(), Map.of(), Map.of(), charts);
  }

  /** Each kind's latency distribution from its HdrHistogram log; none without a log. */
  private static Optional<Chart> latencyChart(Path directory, List<String> kinds)
      throws IOException {
    Map<String, double[]> curves = LatencyCurves.read(directory, kinds);
    if (curves.isEmpty()) {
      return Optional.empty();
    }
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
    return Optional.of(chart);
  }

  /** The summary's headline facts, in the order shown. */
  private static Map<String, String> facts(SavedSummary summary) {
    SavedSummary.Totals totals = summary.totals();
    Map<String, String> facts = new LinkedHashMap<>();
    if (!summary.verdict().isEmpty()) {
      facts.put("verdict", verdict(summary.verdict()));
    }
    facts.put("workload", workload(summary.workload()));
    facts.put("target", String.valueOf(summary.target()));
    if (summary.server() != null) {
      facts.put("server", summary.server().version());
    }
    facts.put("started", String.valueOf(summary.started()));
    facts.put("clients", Figures.format(totals.clients()));
    facts.put("seconds", Figures.format(totals.elapsedS()));
    facts.put("tps", Figures.format(totals.tps()));
    if (!Double.isNaN(summary.tpmC())) {
      facts.put("tpmC", Figures.format(summary.tpmC())); // a TPC-C run's headline figure
    }
    facts.put("p95 ms", Figures.format(totals.latency().p95Ms()));
    facts.put("p99 ms", Figures.format(totals.latency().p99Ms()));
    double rollbacks = summary.kinds().stream().mapToDouble(SavedSummary.Kind::rollbacks).sum();
    double errors = totals.errors();
    // sysbench's errors hold the New-Orders rolled back on purpose (TPC-C 2.4.2.3): told apart
    facts.put("errors", Figures.format(Double.isNaN(rollbacks) ? errors : errors - rollbacks));
    if (rollbacks > 0) {
      facts.put("New-Order rollbacks (on purpose)", Figures.format(rollbacks));
    }
    facts.put("reconnects", Figures.format(totals.reconnects()));
    return facts;
  }

  /** An object's members as name to text. */
  private static Map<String, String> named(Map<String, Object> members) {
    Map<String, String> named = new LinkedHashMap<>();
    members.forEach((name, value) -> named.put(name, text(value)));
    return named;
  }

  /** The summary's workload and the benchmark it is: {@code tpcc (TPC-C)}. */
  private static String workload(String name) {
    return switch (name) {
      case "tpcc" -> "tpcc (TPC-C)";
      case "tpcb" -> "tpcb (TPC-B)";
      default -> name;
    };
  }

  /** An outage per row, numbered from 1 as the charts label them. */
  private static List<List<String>> outageRows(List<SavedSummary.Outage> outages) {
    List<List<String>> rows = new ArrayList<>();
    for (SavedSummary.Outage outage : outages) {
      rows.add(
          List.of(
              Integer.toString(rows.size() + 1),
              text(outage.startS()),
              text(outage.durationS()),
              text(outage.clients()),
              Double.isNaN(outage.backAfterS()) ? "not back" : text(outage.backAfterS())));
    }
    return rows;
  }

  /** A summary's value as the page shows it: numbers as {@link Figures#format}, null as –. */
  private static String text(Object value) {
    if (value == null) {
      return "–";
    }
    return value instanceof Number n ? text(n.doubleValue()) : String.valueOf(value);
  }

  /** A figure as the page shows it; one the summary does not have as –. */
  private static String text(double value) {
    return Double.isNaN(value) ? "–" : Figures.format(value);
  }

  /**
   * The verdict in one fact, first on the page ({@code stable yes · healthy NO · consistent not
   * judged · durable not judged}), each part's reason in summary.json.
   */
  private static String verdict(List<SavedSummary.Judgement> verdict) {
    return String.join(" · ", verdict.stream().map(j -> j.name() + " " + j.verdict()).toList());
  }

  /** Each judgement of the verdict with its reason. */
  private static Map<String, String> judgements(List<SavedSummary.Judgement> verdict) {
    Map<String, String> judgements = new LinkedHashMap<>();
    verdict.forEach(j -> judgements.put(j.name(), j.verdict() + ": " + j.why()));
    return judgements;
  }

  /** A dip per row, numbered from 1 as the charts label them. */
  private static List<List<String>> dipRows(List<SavedSummary.Dip> dips) {
    List<List<String>> rows = new ArrayList<>();
    for (SavedSummary.Dip dip : dips) {
      String causes =
          dip.causes() == null
              ? "–"
              : dip.causes().isEmpty() ? "nothing stood out" : String.join(", ", dip.causes());
      rows.add(
          List.of(
              Integer.toString(rows.size() + 1),
              text(dip.startS()),
              text(dip.durationS()),
              text(dip.lowestTps()),
              text(dip.depthPercent()) + " %",
              causes));
    }
    return rows;
  }

  /** {@code start_s} to {@code start_s + duration_s}; null when the summary lacks either. */
  private static double[] range(double start, double duration) {
    return Double.isNaN(start) || Double.isNaN(duration)
        ? null
        : new double[] {start, start + duration};
  }

  private static List<double[]> known(List<double[]> ranges) {
    return ranges.stream().filter(java.util.Objects::nonNull).toList();
  }
}
