package org.tpccpg.driver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.tpccpg.driver.cli.TwoSetRuns.REPORT_LINE;
import static org.tpccpg.driver.cli.TwoSetRuns.decimal;
import static org.tpccpg.driver.cli.TwoSetRuns.number;
import static org.tpccpg.driver.cli.TwoSetRuns.tpcc;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tpccpg.testkit.PostgresFixture;

/**
 * A TPC-C run of 20 s and a serializable one on 2 sets of 2 warehouses, each followed by {@code
 * check}; the other runs on that data set are {@link RunModesIT}'s.
 */
class RunIT {
  @RegisterExtension
  static final PostgresFixture POSTGRES = new PostgresFixture(TpccDataSets.twoSetsOfTwo());

  private static List<String> options(String... more) {
    return TwoSetRuns.options(POSTGRES.database(), more);
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
    TwoSetRuns.assertCheckPasses(POSTGRES.database());
  }

  @Test
  void serializableRunsMeetSerializationFailuresAndStayConsistent() {
    CliRun run =
        tpcc(options("--threads=4", "--time=10", "--report-interval=1", "--trx_level=SER", "run"));
    assertEquals(0, run.exitCode(), run.err());
    double errorsPerSecond = decimal(run.out(), "ignored errors: +\\d+ +\\((\\d+\\.\\d+) per sec");
    assertTrue(errorsPerSecond > 0, run.out());
    TwoSetRuns.assertCheckPasses(POSTGRES.database());
  }
}
