package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tpccpg.driver.cli.TwoSetRuns.REPORT_LINE;
import static org.tpccpg.driver.cli.TwoSetRuns.decimal;
import static org.tpccpg.driver.cli.TwoSetRuns.tpcc;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.PostgresFixture;

/**
 * TPC-C runs on 2 sets of 2 warehouses under serializable isolation, in sysbench-compatible mode,
 * as the published command line, ended by SIGTERM and refused for the wrong scale, each followed by
 * {@code check}. Beside other classes: none of them bounds time ({@link RunIT} does).
 */
class RunModesIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.twoSetsOfTwo());

  private static List<String> options(String... more) {
    return TwoSetRuns.options(POSTGRES.database(), more);
  }

  private static void assertCheckPasses() {
    TwoSetRuns.assertCheckPasses(POSTGRES.database());
  }

  @Test
  void sysbenchCompatibleModeRunsAndStaysConsistent() {
    CliRun run =
        tpcc(
            options(
                "--threads=2", "--time=5", "--report-interval=1", "--sysbench-compat=on", "run"));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(REPORT_LINE.matcher(run.out()).find(), run.out());
    assertCheckPasses();
  }

  @Test
  void thePublishedRunCommandLineWorksAsPasted() {
    CliRun run =
        tpcc(
            options(
                "--threads=4",
                "--trx_level=RC",
                "--db-ps-mode=auto",
                "--db-driver=pgsql",
                "--time=3",
                "--report-interval=1",
                "--enable_purge=no",
                "run"));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("Threads started!"), run.out());
    assertTrue(REPORT_LINE.matcher(run.out()).find(), run.out());
  }

  @Test
  void sigtermEndsTheRunWithTheSummaryAndExitCodeZero() throws Exception {
    java.nio.file.Path jar = java.nio.file.Path.of("target", "tpcc.jar");
    List<String> command =
        new ArrayList<>(
            List.of(
                java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                jar.toString()));
    command.addAll(options("--threads=2", "--time=60", "--report-interval=1", "run"));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    StringBuilder output = new StringBuilder();
    try (java.io.BufferedReader reader =
        new java.io.BufferedReader(
            new java.io.InputStreamReader(
                process.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
      String line = reader.readLine();
      while (line != null && !REPORT_LINE.matcher(line).find()) {
        output.append(line).append('\n');
        line = reader.readLine();
      }
      assertTrue(line != null, "a report line before SIGTERM:\n" + output);
      new ProcessBuilder("kill", "-TERM", Long.toString(process.pid())).start().waitFor();
      for (line = reader.readLine(); line != null; line = reader.readLine()) {
        output.append(line).append('\n');
      }
      assertTrue(process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), "ended after SIGTERM");
    } finally {
      process.destroyForcibly();
    }
    assertEquals(0, process.exitValue(), output.toString());
    assertTrue(output.toString().contains("SQL statistics:"), output.toString());
    assertTrue(output.toString().contains("tpmC: "), output.toString());
    double totalTime = decimal(output.toString(), "total time: +(\\d+\\.\\d+)s");
    assertTrue(totalTime < 30, "the summary covers the time actually run: " + totalTime);
    assertCheckPasses();
  }

  @Test
  void aRunWithTheWrongScaleIsRefusedWithOneLine() {
    List<String> args = options("--time=1", "run");
    args.set(args.indexOf("--scale=2"), "--scale=100");
    CliRun run = tpcc(args);
    assertEquals(1, run.exitCode());
    assertEquals(1, run.err().lines().count(), run.err());
    assertTrue(run.err().contains("--scale=100"), run.err());
  }
}
