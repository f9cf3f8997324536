package org.tpccpg.driver.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes a results directory by hand in the shape a run writes it (docs/tpcc.md "Results files"): a
 * {@code summary.json} with the members compare reads among others, and an {@code intervals.jsonl}
 * with one line per given interval tps. Every kind gets the same latencies. Each directory written
 * gets its own start time, as every real run has: compare takes directories with the same {@code
 * summary.json} for copies of one run.
 */
public final class ResultsFixture {
  private static final AtomicInteger RUNS = new AtomicInteger();

  private ResultsFixture() {}

  public static Path write(
      Path dir, String workload, List<String> kinds, double tps, double p95, double[] intervalTps)
      throws IOException {
    Files.createDirectories(dir);
    StringBuilder kindsJson = new StringBuilder();
    for (String kind : kinds) {
      if (kindsJson.length() > 0) {
        kindsJson.append(',');
      }
      kindsJson.append(
          String.format(
              Locale.ROOT,
              "\"%s\":{\"completed\":100,\"commits\":100,\"rollbacks\":0,\"errors\":0,"
                  + "\"tps\":%s,\"failed\":0,\"latency\":%s}",
              kind,
              tps / kinds.size(),
              latency(p95)));
    }
    String summary =
        String.format(
            Locale.ROOT,
            "{\"tool\":\"tpcc 0.1.0-SNAPSHOT\",\"commit\":\"abc1234\",\"workload\":\"%s\","
                + "\"started\":\"2026-01-02T03:04:05.%03dZ\",\"stopped_early\":false,"
                + "\"aborted\":false,\"clients_aborted\":0,\"error\":null,"
                + "\"totals\":{\"clients\":2,\"elapsed_s\":%d,\"transactions\":1000,"
                + "\"tps\":%s,\"errors\":0,\"reconnects\":0,\"latency\":%s},"
                + "\"kinds\":{%s},\"outages\":[]}",
            workload,
            RUNS.incrementAndGet() % 1000,
            intervalTps.length,
            tps,
            latency(p95),
            kindsJson);
    Files.writeString(dir.resolve("summary.json"), summary);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < intervalTps.length; i++) {
      StringBuilder perKind = new StringBuilder();
      for (String kind : kinds) {
        if (perKind.length() > 0) {
          perKind.append(',');
        }
        perKind.append(
            String.format(
                Locale.ROOT,
                "\"%s\":{\"count\":50,\"p50_ms\":%s,\"p90_ms\":%s,\"p95_ms\":%s,"
                    + "\"p99_ms\":%s,\"max_ms\":%s}",
                kind,
                p95 / 2,
                p95 * 0.9,
                p95,
                p95 * 1.5,
                p95 * 2));
      }
      lines.add(
          String.format(
              Locale.ROOT,
              "{\"time\":\"2026-01-02T03:04:%02dZ\",\"seconds\":%d,\"interval_s\":1,"
                  + "\"threads\":2,\"transactions\":%d,\"tps\":%s,\"latency_avg_ms\":1.5,"
                  + "\"kinds\":{%s}}",
              i + 6,
              i + 1,
              Math.round(intervalTps[i]),
              intervalTps[i],
              perKind));
    }
    Files.write(dir.resolve("intervals.jsonl"), lines);
    return dir;
  }

  private static String latency(double p95) {
    return String.format(
        Locale.ROOT,
        "{\"count\":1000,\"avg_ms\":%s,\"p50_ms\":%s,\"p90_ms\":%s,\"p95_ms\":%s,"
            + "\"p99_ms\":%s,\"max_ms\":%s}",
        p95 / 2,
        p95 / 2,
        p95 * 0.9,
        p95,
        p95 * 1.5,
        p95 * 2);
  }
}
