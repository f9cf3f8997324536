package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;
import org.tpccpg.testkit.PostgresFixture;

/** TPC-C runs on 2 sets of 2 warehouses, followed each time by {@code check}. */
// Not beside other classes: a 20 s run must print 18 to 21 report lines, one every second.
@Isolated
class RunIT {
  @RegisterExtension static final PostgresFixture POSTGRES = new PostgresFixture();

  private static final Pattern REPORT_LINE =
      Pattern.compile(
          "^\\[ \\d+s \\] thds: \\d+ tps: \\d+\\.\\d\\d qps: \\d+\\.\\d\\d \\(r/w/o:"
              + " \\d+\\.\\d\\d/\\d+\\.\\d\\d/\\d+\\.\\d\\d\\) lat \\(ms,95%\\): \\d+\\.\\d\\d"
              + " err/s \\d+\\.\\d\\d reconn/s: \\d+\\.\\d\\d$",
          Pattern.MULTILINE);

  private static List<String> options(String... more) {
    List<String> args = new ArrayList<>(List.of("--tables=2", "--scale=2"));
    args.addAll(List.of(more));
    return CliRun.connectedTo(POSTGRES.database(), args.toArray(String[]::new));
  }

  private static CliRun tpcc(List<String> args) {
    return CliRun.of(args.toArray(String[]::new));
  }

  @BeforeAll
  static void prepare() {
    CliRun prepare = tpcc(options("--threads=2", "prepare"));
    assertEquals(0, prepare.exitCode(), prepare.err());
  }

  private static void assertCheckPasses() {
    CliRun check = tpcc(options("--threads=2", "check"));
    assertEquals(0, check.exitCode(), check.out() + check.err());
    assertTrue(check.out().contains("[11] SKIPPED"), check.out());
  }

  private static long number(String text, String regex) {
    Matcher matcher = Pattern.compile(regex).matcher(text);
    assertTrue(matcher.find(), () -> regex + " in\n" + text);
    return Long.parseLong(matcher.group(1));
  }

  private static double decimal(String text, String regex) {
    Matcher matcher = Pattern.compile(regex).matcher(text);
    assertTrue(matcher.find(), () -> regex + " in\n" + text);
    return Double.parseDouble(matcher.group(1));
  }

  @Test
  void aTwentySecondRunReportsEverySecondAndItsSummaryAddsUp() {
    CliRun run = tpcc(options("--threads=4", "--time=20", "--report-interval=1", "run"));
    assertEquals(0, run.exitCode(), run.err());
    String out = run.out();
    long lines = REPORT_LINE.matcher(out).results().count();
    assertTrue(lines >= 18 && lines <= 21, "report lines: " + lines + "\n" + out);
    assertEquals(
        lines,
        out.lines().filter(line -> line.contains("] thds: 4 tps:")).count(),
        "every line counts the 4 threads, the last one too:\n" + out);
    assertTrue(
        java.util.regex.Pattern.compile("\\] thds: 4 tps: [^\\n]*\\nSQL statistics:\n")
            .matcher(out)
            .find(),
        "as in sysbench, \"SQL statistics:\" follows the last report line directly:\n" + out);
    long transactions = number(out, "transactions: +(\\d+) ");
    double perSecond = decimal(out, "transactions: +\\d+ +\\((\\d+\\.\\d+) per sec\\.\\)");
    double totalTime = decimal(out, "total time: +(\\d+\\.\\d+)s");
    assertEquals(transactions, perSecond * totalTime, transactions * 0.01 + 1, "tps x time");
    assertEquals(transactions, number(out, "total number of events: +(\\d+)"));
    long perType = 0;
    for (String type : List.of("new_order", "payment", "order_status", "delivery", "stock_level")) {
      perType += number(out, "\\n +" + type + " +(\\d+) ");
    }
    assertEquals(transactions, perType, "per-type counts sum to the total");
    assertEquals(transactions, number(out, "\\n +total +(\\d+) "));
    long reads = number(out, "read: +(\\d+)");
    long writes = number(out, "write: +(\\d+)");
    long other = number(out, "other: +(\\d+)");
    assertEquals(reads + writes + other, number(out, "total: +(\\d+)\\n"));
    assertTrue(out.contains("tpmC: "), out);
    double tpmC = decimal(out, "tpmC: (\\d+\\.\\d+)");
    long newOrders = number(out, "\\n +new_order +(\\d+) ");
    assertTrue(tpmC > 0 && tpmC <= newOrders * 60.0 / (totalTime - 1), "tpmC " + tpmC);
    assertCheckPasses();
  }

  @Test
  void serializableRunsMeetSerializationFailuresAndStayConsistent() {
    CliRun run =
        tpcc(options("--threads=4", "--time=10", "--report-interval=1", "--trx_level=SER", "run"));
    assertEquals(0, run.exitCode(), run.err());
    double errorsPerSecond = decimal(run.out(), "ignored errors: +\\d+ +\\((\\d+\\.\\d+) per sec");
    assertTrue(errorsPerSecond > 0, run.out());
    assertCheckPasses();
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
