package org.tpccpg.driver.merge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.CounterTotals;
import org.tpccpg.driver.metrics.FailureCause;
import org.tpccpg.driver.metrics.Fairness;
import org.tpccpg.driver.metrics.OutageTracker;
import org.tpccpg.driver.metrics.TpccMix;
import org.tpccpg.driver.metrics.TpmC;
import org.tpccpg.driver.report.SysbenchFigures;
import org.tpccpg.driver.report.TypeRow;

/**
 * The figures of a single run's summary, computed from the drivers' results: what {@link
 * MergedReport} prints with the single run's own renderers and {@link MergedSummary} writes. Counts
 * are summed; rates are the sum of the drivers' rates (each over its own measured time); latencies
 * come from the added histograms, and the latency sum from the drivers' exact sums; the threads'
 * fairness is that of all drivers' threads together, computed exactly from each driver's thread
 * count, mean and population standard deviation.
 */
final class MergedFigures {
  private MergedFigures() {}

  /** sysbench's summary of all drivers together. */
  static SysbenchFigures sysbench(ResultsMerge m) throws IOException {
    double elapsed = 0;
    double[] rates = new double[4];
    long latencySumNanos = 0;
    for (DriverResult d : m.drivers()) {
      Map<String, Object> t = d.totals();
      double seconds = Values.number(t.get("elapsed_s"));
      elapsed = Math.max(elapsed, seconds);
      long queries = Values.count(t.get("queries"));
      long[] counts = {
        Values.count(t.get("transactions")),
        queries,
        Values.count(t.get("errors")),
        Values.count(t.get("reconnects"))
      };
      for (int i = 0; i < counts.length; i++) {
        rates[i] += seconds > 0 ? counts[i] / seconds : 0;
      }
      latencySumNanos += Math.round(latencySumMillis(d) * 1e6);
    }
    CounterTotals totals =
        new CounterTotals(
            m.totalCount("transactions"),
            m.totalCount("reads"),
            m.totalCount("writes"),
            m.totalCount("others"),
            m.totalCount("errors"),
            m.totalCount("reconnects"),
            latencySumNanos);
    return new SysbenchFigures(
        totals, elapsed, rates[0], rates[1], rates[2], rates[3], m.allKinds(), fairness(m));
  }

  /**
   * A driver's exact latency sum; for results written before {@code latency_sum_ms} was, its
   * histogram's mean times its count (within the histogram's 3 significant digits).
   */
  private static double latencySumMillis(DriverResult d) throws IOException {
    Map<String, Object> t = d.totals();
    if (t.get("latency_sum_ms") instanceof Double sum) {
      return sum;
    }
    Map<String, Object> latency = Values.object(t, "latency", d.summaryFile());
    return Values.number(latency.get("count")) * Values.number(latency.get("avg_ms"));
  }

  /**
   * The fairness of every driver's threads taken together; null when a driver's summary has no
   * {@code threads_fairness} (written before it was), as it cannot be known then.
   */
  static Fairness fairness(ResultsMerge m) throws IOException {
    Moments events = new Moments();
    Moments seconds = new Moments();
    for (DriverResult d : m.drivers()) {
      if (!(d.totals().get("threads_fairness") instanceof Map<?, ?> f)) {
        return null;
      }
      double threads = Values.number(d.totals().get("clients"));
      events.add(
          threads, Values.number(f.get("events_avg")), Values.number(f.get("events_stddev")));
      seconds.add(
          threads,
          Values.number(f.get("execution_time_avg_s")),
          Values.number(f.get("execution_time_stddev_s")));
    }
    return new Fairness(events.mean(), events.stddev(), seconds.mean(), seconds.stddev());
  }

  /** The table's rows: the kinds with any activity, as a run leaves out the idle ones. */
  static List<TypeRow> rows(ResultsMerge m) throws IOException {
    Map<String, RoundTrips> trips = RoundTrips.of(m.drivers());
    List<TypeRow> rows = new ArrayList<>();
    for (String kind : m.kinds()) {
      long activity =
          m.kindCount(kind, "completed")
              + m.kindCount(kind, "failed")
              + m.kindCount(kind, "skipped")
              + m.kindCount(kind, "errors");
      if (activity > 0) {
        rows.add(row(m, kind, trips));
      }
    }
    return rows;
  }

  /** The table's last row, every kind together. */
  static TypeRow total(ResultsMerge m) throws IOException {
    Map<String, RoundTrips> trips = RoundTrips.of(m.drivers());
    long completed = 0;
    long errors = 0;
    long failed = 0;
    long rollbacks = 0;
    for (String kind : m.kinds()) {
      completed += m.kindCount(kind, "completed");
      errors += m.kindCount(kind, "errors");
      failed += m.kindCount(kind, "failed");
      rollbacks += m.kindCount(kind, "rollbacks");
    }
    RoundTrips all = trips.getOrDefault("total", new RoundTrips(0, 0));
    return new TypeRow(
        "total", completed, errors, failed, rollbacks, all.perTransaction(), m.allKinds());
  }

  private static TypeRow row(ResultsMerge m, String kind, Map<String, RoundTrips> trips)
      throws IOException {
    return new TypeRow(
        kind,
        m.kindCount(kind, "completed"),
        m.kindCount(kind, "errors"),
        m.kindCount(kind, "failed"),
        m.kindCount(kind, "rollbacks"),
        trips.getOrDefault(kind, new RoundTrips(0, 0)).perTransaction(),
        m.wholeRun().get(kind));
  }

  /** tpmC and tpmTotal over the common window; no efficiency (no keying and think times). */
  static TpmC tpmC(ResultsMerge m) {
    return new TpmC(m.tpmC(), m.tpmTotal(), Double.NaN);
  }

  /**
   * The mix of the summed counts, finished and drawn (completed, failed or skipped) as a run
   * computes it, so its drift is that of all drivers together.
   */
  static TpccMix mix(ResultsMerge m) throws IOException {
    Map<TransactionType, Long> finished = new EnumMap<>(TransactionType.class);
    Map<TransactionType, Long> drawn = new EnumMap<>(TransactionType.class);
    long finishedAll = 0;
    long drawnAll = 0;
    for (TransactionType type : TpccMix.types()) {
      String kind = type.label();
      boolean present = m.kinds().contains(kind);
      long completed = present ? m.kindCount(kind, "completed") : 0;
      long attempted =
          present ? completed + m.kindCount(kind, "failed") + m.kindCount(kind, "skipped") : 0;
      finished.put(type, completed);
      drawn.put(type, attempted);
      finishedAll += completed;
      drawnAll += attempted;
    }
    Map<TransactionType, Double> finishedShare = new EnumMap<>(TransactionType.class);
    Map<TransactionType, Double> drawnShare = new EnumMap<>(TransactionType.class);
    for (TransactionType type : TpccMix.types()) {
      finishedShare.put(type, finishedAll == 0 ? 0 : 100.0 * finished.get(type) / finishedAll);
      drawnShare.put(type, drawnAll == 0 ? 0 : 100.0 * drawn.get(type) / drawnAll);
    }
    return new TpccMix(finishedShare, drawnShare);
  }

  /** Failed tries per cause, summed. */
  static Map<FailureCause, Long> tryFailures(ResultsMerge m) throws IOException {
    Map<FailureCause, Long> causes = new EnumMap<>(FailureCause.class);
    for (DriverResult d : m.drivers()) {
      Map<String, Object> byCause =
          Values.object(d.totals(), "failed_tries_by_cause", d.summaryFile());
      for (FailureCause cause : FailureCause.values()) {
        long n = Values.count(byCause.get(cause.name().toLowerCase(Locale.ROOT)));
        causes.merge(cause, n, Long::sum);
      }
    }
    return causes;
  }

  /** Every driver's outages, their start shifted to the merged start, in order of start. */
  static List<OutageTracker.Outage> outages(ResultsMerge m) throws IOException {
    List<OutageTracker.Outage> all = new ArrayList<>();
    for (DriverResult d : m.drivers()) {
      if (!(d.summary().get("outages") instanceof List<?> list)) {
        continue;
      }
      double offset = m.offsetSeconds(d);
      for (Object item : list) {
        if (item instanceof Map<?, ?> o) {
          double back = o.get("back_to_90_percent_after_s") instanceof Double after ? after : -1;
          all.add(
              new OutageTracker.Outage(
                  Values.number(o.get("start_s")) + offset,
                  Values.number(o.get("duration_s")),
                  (int) Values.count(o.get("clients")),
                  back));
        }
      }
    }
    all.sort((a, b) -> Double.compare(a.start(), b.start()));
    return all;
  }
}
