package org.tpccpg.driver.metrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * What a run measured, for either workload, from its start (or the end of warmup) to its end: the
 * one model that sysbench's summary, pgbench's closing block and {@code summary.json} render. The
 * run's configuration, server and seeds are described beside it by whoever renders it.
 *
 * @param kinds the workload's kinds of transaction, their labels in kind order
 * @param elapsedSeconds the measured time, >= 0
 * @param connectionMillis pgbench's connection time in ms: the initial one, or with a connection
 *     per transaction the average per connection
 * @param counters the counters, summed, per kind, per cause and per client (at least one client)
 * @param latencies latencies in microseconds per kind, in kind order. The record keeps copies; do
 *     not modify the histograms it returns
 * @param outages the outages, in the order they started
 * @param ending how the run ended
 * @param workloadCounts counts only the workload keeps, by snake_case name, in the order given
 *     (TPC-C: the districts Delivery delivered and skipped)
 * @param stability the run's stability windows and figures ({@link Stability#NONE} without)
 */
public record RunResult(
    List<String> kinds,
    double elapsedSeconds,
    double connectionMillis,
    CounterSnapshot counters,
    List<Histogram> latencies,
    List<OutageTracker.Outage> outages,
    Ending ending,
    Map<String, Long> workloadCounts,
    Stability stability) {

  /** A result without stability windows. */
  public RunResult(
      List<String> kinds,
      double elapsedSeconds,
      double connectionMillis,
      CounterSnapshot counters,
      List<Histogram> latencies,
      List<OutageTracker.Outage> outages,
      Ending ending,
      Map<String, Long> workloadCounts) {
    this(
        kinds,
        elapsedSeconds,
        connectionMillis,
        counters,
        latencies,
        outages,
        ending,
        workloadCounts,
        Stability.NONE);
  }

  /** A result without counts of the workload's own. */
  public RunResult(
      List<String> kinds,
      double elapsedSeconds,
      double connectionMillis,
      CounterSnapshot counters,
      List<Histogram> latencies,
      List<OutageTracker.Outage> outages,
      Ending ending) {
    this(kinds, elapsedSeconds, connectionMillis, counters, latencies, outages, ending, Map.of());
  }

  /** Validates and copies the lists and histograms. */
  public RunResult {
    kinds = List.copyOf(kinds);
    if (!(elapsedSeconds >= 0) || Double.isInfinite(elapsedSeconds)) {
      throw new IllegalArgumentException(
          "elapsedSeconds must be a finite number >= 0 but was " + elapsedSeconds);
    }
    if (!(connectionMillis >= 0) || Double.isInfinite(connectionMillis)) {
      throw new IllegalArgumentException(
          "connectionMillis must be a finite number >= 0 but was " + connectionMillis);
    }
    if (counters == null || counters.perThread().isEmpty()) {
      throw new IllegalArgumentException("counters must cover >= 1 client but was " + counters);
    }
    if (counters.perKind().size() != kinds.size() || latencies.size() != kinds.size()) {
      throw new IllegalArgumentException(
          "counters and latencies must have "
              + kinds.size()
              + " kinds but had "
              + counters.perKind().size()
              + " and "
              + latencies.size());
    }
    List<Histogram> copies = new ArrayList<>(latencies.size());
    latencies.forEach(h -> copies.add(h.copy()));
    latencies = List.copyOf(copies);
    outages = List.copyOf(outages);
    Objects.requireNonNull(ending, "ending");
    workloadCounts = Collections.unmodifiableMap(new LinkedHashMap<>(workloadCounts));
    Objects.requireNonNull(stability, "stability");
  }

  /** The same result with these counts of the workload's own. */
  public RunResult withWorkloadCounts(Map<String, Long> counts) {
    return new RunResult(
        kinds,
        elapsedSeconds,
        connectionMillis,
        counters,
        latencies,
        outages,
        ending,
        counts,
        stability);
  }

  /** A count of the workload's own, 0 when it keeps none of that name. */
  public long workloadCount(String name) {
    return workloadCounts.getOrDefault(name, 0L);
  }

  /** The number of clients. */
  public int clients() {
    return counters.perThread().size();
  }

  /** The totals of one kind. */
  public KindTotals kind(int kind) {
    return counters.kind(kind);
  }

  /** A new histogram (microseconds) with the latencies of all kinds merged. */
  public Histogram mergedLatencies() {
    Histogram merged = new Histogram(KindLatencies.SIGNIFICANT_DIGITS);
    latencies.forEach(merged::add);
    return merged;
  }

  /** A rate over the measured time, 0 when no time was measured. */
  public double perSecond(long count) {
    return elapsedSeconds > 0 ? count / elapsedSeconds : 0;
  }

  /**
   * How a run ended.
   *
   * @param stoppedEarly whether a signal ended it before its time or count limit
   * @param clientsFailed clients that stopped on an error they could not survive
   * @param error the error that ended the run, or null
   */
  public record Ending(boolean stoppedEarly, int clientsFailed, String error) {
    /** A run that ran its course. */
    public static final Ending COMPLETED = new Ending(false, 0, null);

    public Ending {
      if (clientsFailed < 0) {
        throw new IllegalArgumentException("clientsFailed must be >= 0 but was " + clientsFailed);
      }
    }
  }
}
