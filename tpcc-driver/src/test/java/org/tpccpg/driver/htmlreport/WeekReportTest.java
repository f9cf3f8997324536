package org.tpccpg.driver.htmlreport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A week of 1 s intervals (604,800 lines) is reported in bounded memory: {@code tpcc report} runs
 * in a JVM of its own with a 256 MB heap, which holding the intervals as objects would exceed, and
 * every time chart gets at most {@link Downsampling#MAX_POINTS} points. The time it takes is
 * printed, not asserted (the machine is shared).
 */
class WeekReportTest {
  private static final int WEEK = 604_800;

  @TempDir Path dir;

  @Test
  void aWeekOfOneSecondIntervalsIsReportedInA256MbHeapWithAtMostTwoThousandPointsAChart()
      throws IOException, InterruptedException {
    Path run = dir.resolve("week");
    ReportFixture.run(run, "tpcb", List.of("builtin"), 100, WEEK, false);
    Path html = dir.resolve("week.html");
    Path log = dir.resolve("report.log");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process report =
        new ProcessBuilder(
                java,
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                "org.tpccpg.driver.cli.TpccCli",
                "report",
                run.toString(),
                "-o",
                html.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    long started = System.nanoTime();
    assertTrue(report.waitFor(5, TimeUnit.MINUTES), "report did not end in 5 minutes");
    System.out.printf(
        "a week of intervals (%d MB) reported in %.1f s with -Xmx256m%n",
        Files.size(run.resolve("intervals.jsonl")) >> 20, (System.nanoTime() - started) / 1e9);
    assertEquals(0, report.exitValue(), Files.readString(log));
    String page = Files.readString(html);
    assertTrue(page.contains("604800 (drawn in buckets of 303)"), "the facts say how it was cut");
    Matcher x = Pattern.compile("\"axis\":\"time\",\"x\":\\[([^\\]]*)\\]").matcher(page);
    int charts = 0;
    while (x.find()) {
      charts++;
      int points = x.group(1).split(",").length;
      assertTrue(points <= Downsampling.MAX_POINTS, points + " points in a time chart");
    }
    assertEquals(3, charts, "throughput, latency, errors and reconnects");
  }
}
