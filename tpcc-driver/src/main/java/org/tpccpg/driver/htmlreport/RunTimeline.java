package org.tpccpg.driver.htmlreport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tpccpg.driver.results.JsonReader;
import org.tpccpg.driver.results.ResultsFiles;

/**
 * A run's {@code intervals.jsonl} downsampled for the time charts. The file is read twice, line by
 * line, never held whole (a week of 1 s intervals is 604,800 lines): once to count its lines, which
 * fixes the buckets ({@link Downsampling}), then to add each interval to its bucket.
 *
 * <p>Latency: with one kind (a pgbench script) its p50, p90, p95, p99 and max; with several, each
 * kind's p95 and the mean latency of all. The optional {@code server} object (docs/schema) gives
 * WAL MB/s, checkpoints, autovacuum workers and the sessions waiting per wait event.
 */
final class RunTimeline {
  private static final List<String> ONE_KIND_PERCENTILES =
      List.of("p50_ms", "p90_ms", "p95_ms", "p99_ms", "max_ms");

  final Downsampling sampling;
  final double[] seconds;
  final BucketSeries tps;
  final Map<String, BucketSeries> latency = new LinkedHashMap<>();
  final BucketSeries errors;
  final BucketSeries reconnects;
  final BucketSeries serverSamples;
  final BucketSeries walMbPerSecond;
  final BucketSeries checkpoints;
  final BucketSeries deadlocks;
  final BucketSeries autovacuumWorkers;
  final Map<String, BucketSeries> waitEvents = new LinkedHashMap<>();
  private List<String> kinds;
  private int currentBucket = -1;

  private RunTimeline(Downsampling sampling) {
    this.sampling = sampling;
    int n = sampling.buckets();
    seconds = new double[n];
    tps = new BucketSeries(n);
    errors = new BucketSeries(n);
    reconnects = new BucketSeries(n);
    serverSamples = new BucketSeries(n);
    walMbPerSecond = new BucketSeries(n);
    checkpoints = new BucketSeries(n);
    deadlocks = new BucketSeries(n);
    autovacuumWorkers = new BucketSeries(n);
  }

  /**
   * Reads {@code intervals.jsonl} of a results directory.
   *
   * @throws IOException naming the file and line when a line is not an interval
   */
  static RunTimeline read(Path directory, int maxPoints) throws IOException {
    Path file = directory.resolve(ResultsFiles.INTERVALS);
    RunTimeline timeline = new RunTimeline(Downsampling.of(countLines(file), maxPoints));
    try (BufferedReader reader = Files.newBufferedReader(file)) {
      long index = 0;
      int number = 0;
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        Map<String, Object> interval;
        try {
          interval = JsonReader.object(line);
          timeline.add(timeline.sampling.bucket(index++), interval);
        } catch (IOException | ClassCastException e) {
          throw new IOException(file + " line " + number + ": " + e.getMessage(), e);
        }
      }
    }
    return timeline;
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

  private void add(int bucket, Map<String, Object> interval) throws IOException {
    Map<String, Object> perKind = object(interval.get("kinds"), "kinds");
    if (kinds == null) {
      kinds = List.copyOf(perKind.keySet());
    }
    if (bucket != currentBucket) {
      // a bucket is drawn at the time of its first interval
      seconds[bucket] = number(interval.get("seconds"));
      currentBucket = bucket;
    }
    tps.add(bucket, number(interval.get("tps")));
    errors.add(bucket, number(interval.get("errors_per_s")));
    reconnects.add(bucket, number(interval.get("reconnects_per_s")));
    addLatency(bucket, interval, perKind);
    if (interval.get("server") instanceof Map<?, ?> server) {
      addServer(bucket, server, number(interval.get("interval_s")));
    }
  }

  private void addLatency(int bucket, Map<String, Object> interval, Map<String, Object> perKind)
      throws IOException {
    if (kinds.size() == 1) {
      Map<String, Object> k = object(perKind.get(kinds.get(0)), "kinds." + kinds.get(0));
      for (String p : ONE_KIND_PERCENTILES) {
        series(latency, p.substring(0, p.length() - 3)).add(bucket, number(k.get(p)));
      }
      return;
    }
    for (String kind : kinds) {
      if (perKind.get(kind) instanceof Map<?, ?> k) {
        series(latency, kind + " p95").add(bucket, number(k.get("p95_ms")));
      }
    }
    series(latency, "mean, all kinds").add(bucket, number(interval.get("latency_avg_ms")));
  }

  private void addServer(int bucket, Map<?, ?> server, double intervalSeconds) {
    serverSamples.add(bucket, 1);
    double wal = number(server.get("wal_bytes"));
    if (intervalSeconds > 0) {
      walMbPerSecond.add(bucket, wal / 1e6 / intervalSeconds);
    }
    checkpoints.add(bucket, number(server.get("checkpoints")));
    deadlocks.add(bucket, number(server.get("deadlocks")));
    autovacuumWorkers.add(bucket, number(server.get("autovacuum_workers")));
    if (server.get("wait_events") instanceof Map<?, ?> events) {
      events.forEach(
          (name, count) -> series(waitEvents, String.valueOf(name)).add(bucket, number(count)));
    }
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

  private static double number(Object value) {
    return value instanceof Double d ? d : Double.NaN;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Object value, String member) throws IOException {
    if (value instanceof Map<?, ?> map) {
      return (Map<String, Object>) map;
    }
    throw new IOException("no " + member + ": not an interval of a run");
  }
}
