package org.tpccpg.driver.merge;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.KindLatencies;
import org.tpccpg.driver.metrics.SysbenchBuckets;
import org.tpccpg.driver.results.IntervalFigures;
import org.tpccpg.driver.results.IntervalJson;
import org.tpccpg.driver.results.JsonWriter;
import org.tpccpg.driver.results.SummaryFigures;

/**
 * Several drivers' results of one scale-out run merged into one result of the same shape as a
 * single run's: counts summed, latencies from the drivers' HdrHistogram logs added together (a
 * percentile of the merge is the percentile of the union of every latency the drivers recorded,
 * which averaging the drivers' percentiles would not give), intervals aligned by wall clock ({@link
 * Alignment}), tpmC over the window all drivers ran in.
 *
 * <p>What a merge cannot know exactly is said where it is written: {@code config.seed} is the first
 * driver's (each driver's is in {@code drivers}); the threads' fairness is n/a when a driver's
 * summary lacks it ({@link MergedFigures}).
 *
 * @param drivers the drivers' results, in the order given
 * @param alignment their common window
 * @param kinds the kinds, in file order
 * @param wholeRun per kind, the latencies of every interval of every driver added up
 * @param intervals per common interval, per kind, the drivers' histograms added up
 */
public record ResultsMerge(
    List<DriverResult> drivers,
    Alignment alignment,
    List<String> kinds,
    Map<String, Histogram> wholeRun,
    List<Map<String, Histogram>> intervals) {

  /**
   * Reads and merges the results directories.
   *
   * @throws MergeRefused when the results are not parts of one run (shapes or windows differ)
   * @throws IOException when a directory is not a run's results
   */
  public static ResultsMerge of(List<Path> directories) throws MergeRefused, IOException {
    List<DriverResult> drivers = new ArrayList<>();
    for (Path directory : directories) {
      drivers.add(DriverResult.read(directory));
    }
    ShapeCheck.require(drivers);
    Alignment alignment = Alignment.of(drivers);
    List<String> kinds = drivers.get(0).kinds();
    Map<String, Histogram> wholeRun = new LinkedHashMap<>();
    for (String kind : kinds) {
      Histogram sum = empty();
      for (DriverResult d : drivers) {
        d.histograms().get(kind).forEach(sum::add);
      }
      wholeRun.put(kind, sum);
    }
    List<Map<String, Histogram>> intervals = new ArrayList<>();
    for (int k = 0; k < alignment.count(); k++) {
      Map<String, Histogram> perKind = new LinkedHashMap<>();
      for (String kind : kinds) {
        Histogram sum = empty();
        long start = Long.MAX_VALUE;
        long end = 0;
        for (int i = 0; i < drivers.size(); i++) {
          Histogram h = drivers.get(i).histograms().get(kind).get(alignment.first().get(i) + k);
          sum.add(h);
          start = Math.min(start, h.getStartTimeStamp());
          end = Math.max(end, h.getEndTimeStamp());
        }
        sum.setStartTimeStamp(start);
        sum.setEndTimeStamp(end);
        perKind.put(kind, sum);
      }
      intervals.add(perKind);
    }
    return new ResultsMerge(drivers, alignment, kinds, wholeRun, intervals);
  }

  /** An empty histogram of the run's precision, growing to any value added. */
  private static Histogram empty() {
    Histogram h = new Histogram(KindLatencies.SIGNIFICANT_DIGITS);
    h.setAutoResize(true);
    return h;
  }

  /** Every kind's latencies of the whole run added up. */
  public Histogram allKinds() {
    Histogram sum = empty();
    wholeRun.values().forEach(sum::add);
    return sum;
  }

  /** When the earliest driver started. */
  public Instant started() throws IOException {
    Instant first = drivers.get(0).started();
    for (DriverResult d : drivers) {
      first = d.started().isBefore(first) ? d.started() : first;
    }
    return first;
  }

  /** The length of common interval {@code k}: the drivers' lengths averaged. */
  double intervalSeconds(int k) {
    double sum = 0;
    for (int i = 0; i < drivers.size(); i++) {
      sum += drivers.get(i).intervalSeconds(alignment.first().get(i) + k);
    }
    return sum / drivers.size();
  }

  /** The seconds all drivers ran together, interval by interval. */
  public double commonWindowSeconds() {
    double sum = 0;
    for (int k = 0; k < alignment.count(); k++) {
      sum += intervalSeconds(k);
    }
    return sum;
  }

  /** Line {@code k} of driver {@code i}'s intervals in the common window. */
  Map<String, Object> line(int i, int k) {
    return drivers.get(i).intervals().get(alignment.first().get(i) + k);
  }

  /** The sum over the drivers' lines of common interval {@code k} of a member. */
  double sumOfLines(int k, String member) {
    double sum = 0;
    for (int i = 0; i < drivers.size(); i++) {
      sum += Values.number(line(i, k).get(member));
    }
    return sum;
  }

  /** A kind's completed transactions in the common window, over all drivers. */
  long completedInWindow(String kind) {
    long sum = 0;
    for (int k = 0; k < alignment.count(); k++) {
      Histogram h = intervals.get(k).get(kind);
      sum += h.getTotalCount();
    }
    return sum;
  }

  /** tpmC: New-Orders completed in the common window per minute of it (TPC-C 5.4.2). */
  public double tpmC() {
    double window = commonWindowSeconds();
    String newOrder = TransactionType.NEW_ORDER.label();
    return window == 0 || !kinds.contains(newOrder) ? 0 : completedInWindow(newOrder) * 60 / window;
  }

  /** Every transaction completed in the common window per minute of it. */
  public double tpmTotal() {
    double window = commonWindowSeconds();
    double sum = 0;
    for (int k = 0; k < alignment.count(); k++) {
      sum += sumOfLines(k, "transactions");
    }
    return window == 0 ? 0 : sum * 60 / window;
  }

  /** A summed member of the drivers' {@code totals}. */
  long totalCount(String member) throws IOException {
    long sum = 0;
    for (DriverResult d : drivers) {
      sum += Values.count(d.totals().get(member));
    }
    return sum;
  }

  /** A summed member of the drivers' kinds. */
  @SuppressWarnings("unchecked")
  long kindCount(String kind, String member) throws IOException {
    long sum = 0;
    for (DriverResult d : drivers) {
      Map<String, Object> k =
          (Map<String, Object>) Values.object(d.summary(), "kinds", d.summaryFile()).get(kind);
      sum += Values.count(k.get(member));
    }
    return sum;
  }

  /** The merged {@code intervals.jsonl} lines, one per interval of the common window. */
  public List<String> intervalLines() throws IOException {
    List<String> lines = new ArrayList<>();
    double seconds = 0;
    for (int k = 0; k < alignment.count(); k++) {
      double length = intervalSeconds(k);
      seconds += length;
      JsonWriter json = new JsonWriter().beginObject();
      IntervalJson.figures(json, intervalFigures(k, Math.round(seconds * 1000) / 1000.0, length));
      // Every driver samples the same server: the first driver's figures are the server's, where
      // summing the drivers' would count its WAL and sessions once per driver.
      if (line(0, k).get("server") instanceof Map<?, ?> server) {
        json.name("server");
        MergedSummary.copy(json, server, Map.of());
      }
      lines.add(json.endObject().toString());
    }
    return lines;
  }

  /**
   * Common interval {@code k}'s figures: counts and rates summed over the drivers' lines, the mean
   * latency, its deviation and the mean lag over all drivers' clients, percentiles from the added
   * histograms.
   */
  private IntervalFigures intervalFigures(int k, double seconds, double length) throws IOException {
    Instant end = Instant.MIN;
    for (int i = 0; i < drivers.size(); i++) {
      Instant e = drivers.get(i).intervalEnd(alignment.first().get(i) + k);
      end = e.isAfter(end) ? e : end;
    }
    Moments latency = new Moments();
    double lagSum = 0;
    for (int i = 0; i < drivers.size(); i++) {
      Map<String, Object> line = line(i, k);
      double n = Values.number(line.get("transactions"));
      latency.add(
          n,
          Values.number(line.get("latency_avg_ms")),
          Values.number(line.get("latency_stddev_ms")));
      lagSum += n * Values.number(line.get("lag_avg_ms"));
    }
    double percentile =
        drivers.get(0).config().get("percentile") instanceof Double p && p > 0 ? p : 0;
    Histogram all = empty();
    intervals.get(k).values().forEach(all::add);
    Map<String, Histogram> perKind = new LinkedHashMap<>();
    kinds.forEach(kind -> perKind.put(kind, intervals.get(k).get(kind)));
    return new IntervalFigures(
        end,
        seconds,
        length,
        count(k, "threads"),
        count(k, "transactions"),
        sumOfLines(k, "tps"),
        sumOfLines(k, "qps"),
        sumOfLines(k, "reads_per_s"),
        sumOfLines(k, "writes_per_s"),
        sumOfLines(k, "others_per_s"),
        count(k, "errors"),
        sumOfLines(k, "errors_per_s"),
        count(k, "rollbacks"),
        sumOfLines(k, "rollbacks_per_s"),
        count(k, "reconnects"),
        sumOfLines(k, "reconnects_per_s"),
        new SummaryFigures.Failures(
            count(k, "failed"),
            count(k, "serialization_failures"),
            count(k, "deadlock_failures"),
            count(k, "retried"),
            count(k, "retries"),
            count(k, "skipped"),
            count(k, "late")),
        latency.mean(),
        latency.stddev(),
        latency.count() == 0 ? 0 : lagSum / latency.count(),
        percentile,
        percentile > 0
            ? SysbenchBuckets.percentile(SysbenchBuckets.fromMicros(all), percentile)
            : Double.NaN,
        perKind);
  }

  /** A count summed over the drivers' lines of common interval {@code k}. */
  private long count(int k, String member) {
    return Math.round(sumOfLines(k, member));
  }

  /** The drivers' summaries' first non-null {@code error}, naming its directory. */
  String firstError() {
    for (DriverResult d : drivers) {
      if (d.summary().get("error") instanceof String error) {
        return d.directory() + ": " + error;
      }
    }
    return null;
  }

  /** When the latest driver ended. */
  Instant ended() throws IOException {
    Instant last = Instant.MIN;
    for (DriverResult d : drivers) {
      Object ended = d.summary().get("ended");
      Instant e = ended instanceof String s ? Instant.parse(s) : d.started();
      last = e.isAfter(last) ? e : last;
    }
    return last;
  }

  /** The drivers' home warehouses together: FROM-TO when they join up, else a list. */
  String warehouses() throws IOException {
    List<org.tpccpg.core.WarehouseRange> ranges = new ArrayList<>();
    for (DriverResult d : drivers) {
      ranges.add(ShapeCheck.range(d));
    }
    ranges.sort((a, b) -> Integer.compare(a.first(), b.first()));
    StringBuilder joined = new StringBuilder();
    int first = ranges.get(0).first();
    int last = ranges.get(0).last();
    for (org.tpccpg.core.WarehouseRange r : ranges.subList(1, ranges.size())) {
      if (r.first() == last + 1) {
        last = r.last();
      } else {
        joined.append(first).append('-').append(last).append(',');
        first = r.first();
        last = r.last();
      }
    }
    return joined.append(first).append('-').append(last).toString();
  }

  /** The seconds from the merged start to driver {@code d}'s start. */
  double offsetSeconds(DriverResult d) throws IOException {
    return Duration.between(started(), d.started()).toMillis() / 1e3;
  }

  /** The merged {@code summary.json}; {@code output} is named in its options (null: none). */
  public String summaryJson(Path output) throws IOException {
    return MergedSummary.render(this, output);
  }

  /**
   * The merged result as text: a line per driver, then a run's closing summary ({@link
   * MergedReport}).
   */
  public String text() throws IOException {
    return MergedReport.render(this);
  }
}
