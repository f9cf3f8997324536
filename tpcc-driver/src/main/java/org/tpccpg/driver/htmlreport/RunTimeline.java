package org.tpccpg.driver.htmlreport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.results.ResultsFiles;
import org.tpccpg.driver.results.SavedIntervals;

/**
 * A run's {@code intervals.jsonl} downsampled for the time charts. The file is read twice, line by
 * line, never held whole (a week of 1 s intervals is 604,800 lines): once to count its lines, which
 * fixes the buckets ({@link Downsampling}), then to add each interval to its bucket.
 *
 * <p>Latency: with one kind (a pgbench script) its p50, p90, p95, p99 and max; with several, each
 * kind's p95 and the mean latency of all. The optional {@code server} object (docs/schema) gives
 * WAL MB/s, checkpoints, autovacuum workers and the sessions waiting per wait event; spec mode's
 * {@code terminals} object the terminals thinking, keying and in a transaction, and the deferred
 * Deliveries queued. The optional {@code health} object (a reading a minute) gives the database's
 * and each table's size, its dead tuples, the XID age and the standbys' replay lag.
 */
final class RunTimeline {
  private static final double MIB = 1024.0 * 1024.0;

  private static final List<String> ONE_KIND_PERCENTILES =
      List.of("p50_ms", "p90_ms", "p95_ms", "p99_ms", "max_ms");

  final Downsampling sampling;
  final double[] seconds;
  final BucketSeries tps;
  final Map<String, BucketSeries> latency = new LinkedHashMap<>();
  final BucketSeries errors;
  final BucketSeries rollbacks;
  final BucketSeries reconnects;
  final BucketSeries serverSamples;
  final BucketSeries walMbPerSecond;
  final BucketSeries checkpoints;
  final BucketSeries deadlocks;
  final BucketSeries autovacuumWorkers;
  final Map<String, BucketSeries> waitEvents = new LinkedHashMap<>();
  final Map<String, BucketSeries> terminals = new LinkedHashMap<>();
  final BucketSeries healthReadings;
  final BucketSeries databaseMb;
  final BucketSeries xidAgeMillions;
  final BucketSeries replayLagMb;
  final Map<String, BucketSeries> tableMb = new LinkedHashMap<>();
  final Map<String, BucketSeries> deadTuples = new LinkedHashMap<>();
  private List<String> kinds;
  private int currentBucket = -1;
  private double lastSeconds = Double.NaN;
  private double transactions;
  private double intervalSeconds;
  private boolean cutShort;

  private RunTimeline(Downsampling sampling) {
    this.sampling = sampling;
    int n = sampling.buckets();
    seconds = new double[n];
    tps = new BucketSeries(n);
    errors = new BucketSeries(n);
    rollbacks = new BucketSeries(n);
    reconnects = new BucketSeries(n);
    serverSamples = new BucketSeries(n);
    walMbPerSecond = new BucketSeries(n);
    checkpoints = new BucketSeries(n);
    deadlocks = new BucketSeries(n);
    autovacuumWorkers = new BucketSeries(n);
    healthReadings = new BucketSeries(n);
    databaseMb = new BucketSeries(n);
    xidAgeMillions = new BucketSeries(n);
    replayLagMb = new BucketSeries(n);
  }

  /**
   * Reads {@code intervals.jsonl} of a results directory.
   *
   * @throws IOException naming the file and line when a line is not an interval
   */
  static RunTimeline read(Path directory, int maxPoints) throws IOException {
    return read(directory, maxPoints, false);
  }

  /**
   * Reads {@code intervals.jsonl} of a results directory; of a run that did not end ({@code
   * unfinished}: killed, or its machine went down) a last line that cannot be read is taken for one
   * cut short by the end ({@link #cutShort}), and the intervals before it are kept.
   *
   * @throws IOException naming the file and line when another line is not an interval
   */
  static RunTimeline read(Path directory, int maxPoints, boolean unfinished) throws IOException {
    return read(
        directory, maxPoints, unfinished, countLines(directory.resolve(ResultsFiles.INTERVALS)));
  }

  /** Reads the first {@code lines} lines of {@code intervals.jsonl}, as counted. */
  static RunTimeline read(Path directory, int maxPoints, boolean unfinished, long lines)
      throws IOException {
    RunTimeline timeline = new RunTimeline(Downsampling.of(lines, maxPoints));
    try (SavedIntervals intervals = SavedIntervals.open(directory)) {
      long index = 0;
      // no further than the lines counted: a run still going adds lines meanwhile
      while (index < lines) {
        SavedIntervals.Interval interval = next(intervals, unfinished && index == lines - 1);
        if (interval == null) {
          break;
        }
        timeline.add(timeline.sampling.bucket(index++), interval);
      }
      timeline.cutShort = index < lines;
    }
    return timeline;
  }

  /** The next interval; null at the end, or at the last line when it may be cut short. */
  private static SavedIntervals.Interval next(SavedIntervals intervals, boolean mayBeCut)
      throws IOException {
    try {
      return intervals.next();
    } catch (IOException e) {
      if (mayBeCut) {
        return null;
      }
      throw e;
    }
  }

  /** The number of non-empty lines, counted in bytes without decoding them. */
  private static long countLines(Path file) throws IOException {
    long lines = 0;
    boolean content = false;
    byte[] buffer = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        for (int i = 0; i < n; i++) {
          if (buffer[i] == '\n') {
            lines += content ? 1 : 0;
            content = false;
          } else if (buffer[i] != ' ' && buffer[i] != '\r' && buffer[i] != '\t') {
            content = true;
          }
        }
      }
    }
    return lines + (content ? 1 : 0);
  }

  List<String> kinds() {
    return kinds == null ? List.of() : kinds;
  }

  boolean hasServer() {
    return !serverSamples.isEmpty();
  }

  /** The time into the run of the last interval read; NaN without one. */
  double lastSeconds() {
    return lastSeconds;
  }

  /** The mean tps over the intervals read; NaN without one. */
  double meanTps() {
    return intervalSeconds > 0 ? transactions / intervalSeconds : Double.NaN;
  }

  /** Whether a last line cut short was left out (only read so for a run without a summary). */
  boolean cutShort() {
    return cutShort;
  }

  private void add(int bucket, SavedIntervals.Interval interval) {
    if (kinds == null) {
      kinds = List.copyOf(interval.kinds().keySet());
    }
    lastSeconds = interval.seconds();
    if (Double.isFinite(interval.tps()) && Double.isFinite(interval.intervalSeconds())) {
      transactions += interval.tps() * interval.intervalSeconds();
      intervalSeconds += interval.intervalSeconds();
    }
    if (bucket != currentBucket) {
      // a bucket is drawn at the time of its first interval
      seconds[bucket] = interval.seconds();
      currentBucket = bucket;
    }
    tps.add(bucket, interval.tps());
    // sysbench's errors hold the New-Orders rolled back on purpose: drawn apart, not as errors
    if (Double.isNaN(interval.rollbacksPerSecond())) {
      errors.add(bucket, interval.errorsPerSecond()); // a file from before they were recorded
    } else {
      errors.add(bucket, Math.max(0, interval.errorsPerSecond() - interval.rollbacksPerSecond()));
      rollbacks.add(bucket, interval.rollbacksPerSecond());
    }
    reconnects.add(bucket, interval.reconnectsPerSecond());
    addLatency(bucket, interval);
    if (interval.server() != null) {
      addServer(bucket, interval);
    }
    interval.terminals().forEach((state, n) -> series(terminals, state).add(bucket, n));
    if (interval.health() != null) {
      addHealth(bucket, interval);
    }
  }

  /** A health reading (once a minute): sizes in MB of 1,048,576 bytes, as the text line. */
  private void addHealth(int bucket, SavedIntervals.Interval interval) {
    healthReadings.add(bucket, 1);
    databaseMb.add(bucket, interval.health().getOrDefault("database_bytes", Double.NaN) / MIB);
    xidAgeMillions.add(bucket, interval.health().getOrDefault("xid_age", Double.NaN) / 1e6);
    // null (NaN here) without a standby: nothing is added
    replayLagMb.add(
        bucket, interval.health().getOrDefault("replication_lag_bytes", Double.NaN) / MIB);
    interval
        .tableBytes()
        .forEach((table, bytes) -> series(tableMb, table).add(bucket, bytes / MIB));
    interval.deadTuples().forEach((table, n) -> series(deadTuples, table).add(bucket, n));
  }

  /** Whether the run took at least two health readings: one point is not a series. */
  boolean hasHealthSeries() {
    return healthReadings.total() >= 2;
  }

  /** The {@code limit} names of {@code series} with the highest peak, highest first. */
  static List<String> highest(Map<String, BucketSeries> series, int limit) {
    List<String> names = new ArrayList<>(series.keySet());
    names.sort((a, b) -> Double.compare(peak(series.get(b)), peak(series.get(a))));
    return names.subList(0, Math.min(limit, names.size()));
  }

  private static double peak(BucketSeries s) {
    double peak = Double.NEGATIVE_INFINITY;
    for (double v : s.maxes()) {
      if (!Double.isNaN(v)) {
        peak = Math.max(peak, v);
      }
    }
    return peak;
  }

  private void addLatency(int bucket, SavedIntervals.Interval interval) {
    if (kinds.size() == 1) {
      Map<String, Double> k = interval.kinds().getOrDefault(kinds.get(0), Map.of());
      for (String p : ONE_KIND_PERCENTILES) {
        series(latency, p.substring(0, p.length() - 3)).add(bucket, k.getOrDefault(p, Double.NaN));
      }
      return;
    }
    for (String kind : kinds) {
      Map<String, Double> k = interval.kinds().getOrDefault(kind, Map.of());
      series(latency, kind + " p95").add(bucket, k.getOrDefault("p95_ms", Double.NaN));
    }
    series(latency, "mean, all kinds").add(bucket, interval.latencyAvgMs());
  }

  private void addServer(int bucket, SavedIntervals.Interval interval) {
    Map<String, Double> server = interval.server();
    serverSamples.add(bucket, 1);
    if (interval.intervalSeconds() > 0) {
      double wal = server.getOrDefault("wal_bytes", Double.NaN);
      walMbPerSecond.add(bucket, wal / 1e6 / interval.intervalSeconds());
    }
    checkpoints.add(bucket, server.getOrDefault("checkpoints", Double.NaN));
    deadlocks.add(bucket, server.getOrDefault("deadlocks", Double.NaN));
    autovacuumWorkers.add(bucket, server.getOrDefault("autovacuum_workers", Double.NaN));
    interval.waitEvents().forEach((name, count) -> series(waitEvents, name).add(bucket, count));
  }

  /** The wait events with the most sessions waiting over the run, most first. */
  List<String> topWaitEvents(int limit) {
    List<String> names = new ArrayList<>(waitEvents.keySet());
    names.sort((a, b) -> Double.compare(waitEvents.get(b).total(), waitEvents.get(a).total()));
    return names.subList(0, Math.min(limit, names.size()));
  }

  private BucketSeries series(Map<String, BucketSeries> map, String name) {
    return map.computeIfAbsent(name, k -> new BucketSeries(sampling.buckets()));
  }
}
