package org.tpccpg.driver.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.tpccpg.core.catalog.SetNumbers;
import org.tpccpg.driver.connect.ConnectionSettings;
import org.tpccpg.loader.CleanupReport;
import org.tpccpg.loader.DataSetCleaner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code cleanup}: drops the TPC-C table sets 1..--tables that this tool or sysbench-tpcc created,
 * and the load record once no set of it is left. Safe to repeat; never drops anything else.
 */
@Command(
    name = "cleanup",
    mixinStandardHelpOptions = true,
    description = {
      "Drops the TPC-C table sets 1..--tables that this tool's prepare (or sysbench-tpcc)"
          + " created, and the load record once no set of it is left. Tables of other origin"
          + " with TPC-C names are reported and left alone. Safe to run again."
    })
final class CleanupCommand implements Callable<Integer> {
  /** How many left-alone relations are named before the rest are only counted. */
  private static final int MAX_LEFT_ALONE_LINES = 10;

  @Spec private CommandSpec spec;
  @ParentCommand private TpccCli parent;
  @Mixin private ConnectionOptions connection;
  @Mixin private DataSetOptions dataSet;
  @Mixin private RunOptions run;
  @Mixin private SpecOptions specMode; // accepted, as sysbench accepts every option everywhere

  @Override
  public Integer call() throws Exception {
    ConnectionSettings settings = connection.resolve(spec.commandLine(), parent.environment());
    dataSet.validate(spec.commandLine(), parent.environment());
    run.validate(spec.commandLine());
    PrintWriter out = spec.commandLine().getOut();
    long start = System.nanoTime();
    CleanupReport report =
        new DataSetCleaner(settings, dataSet.threads)
            .cleanup(dataSet.tables, new ProgressLines(out, start));
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    report(out, report, dataSet.tables, elapsed);
    return 0;
  }

  static void report(PrintWriter out, CleanupReport report, int tables, Duration elapsed) {
    String dropped =
        report.droppedSets().isEmpty()
            ? "no table sets found"
            : "dropped table sets "
                + SetNumbers.describe(report.droppedSets())
                + " ("
                + report.tablesDropped()
                + " tables)";
    out.println(
        "cleanup: "
            + dropped
            + (report.recordDropped() ? " and the load record" : "")
            + " in "
            + PrepareCommand.seconds(elapsed));
    if (report.functionsDropped() > 0) {
      out.println(
          "cleanup: dropped the sets' "
              + report.functionsDropped()
              + " functions of --txn-mode=procedures");
    }
    List<String> leftAlone = report.leftAlone();
    leftAlone.stream()
        .limit(MAX_LEFT_ALONE_LINES)
        .forEach(line -> out.println("cleanup: left alone " + line));
    if (leftAlone.size() > MAX_LEFT_ALONE_LINES) {
      out.println(
          "cleanup: left alone "
              + (leftAlone.size() - MAX_LEFT_ALONE_LINES)
              + " more relations with TPC-C table names");
    }
    if (!report.outsideScope().isEmpty()) {
      out.println(
          "cleanup: kept table sets "
              + SetNumbers.describe(report.outsideScope())
              + ", beyond --tables="
              + tables
              + ": cleanup --tables="
              + report.outsideScope().last()
              + " drops them too");
    }
  }

  /** A line every 10 s while a long cleanup runs; nothing for a short one. */
  private static final class ProgressLines implements DataSetCleaner.Progress {
    private static final long INTERVAL_NANOS = Duration.ofSeconds(10).toNanos();

    private final PrintWriter out;
    private long lastLine;

    ProgressLines(PrintWriter out, long start) {
      this.out = out;
      this.lastLine = start;
    }

    @Override
    public synchronized void setsDropped(int done, int total) {
      long now = System.nanoTime();
      if (now - lastLine >= INTERVAL_NANOS && done < total) {
        lastLine = now;
        out.println("cleanup: dropped " + done + " of " + total + " table sets");
        out.flush();
      }
    }
  }
}
