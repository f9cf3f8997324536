package org.tpccpg.driver.tpcb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -l} lines against lines written by pgbench 15.18. */
class TxnLogFormatTest {
  @TempDir Path dir;

  private TxnLogWriter writer(RunLimits limits) throws IOException {
    TxnLogOptions options = new TxnLogOptions(true, 0, 1.0, "pgbench_log", dir);
    return new TxnLogWriter(options, limits, 1, 0, 0, 42, failure -> {});
  }

  @Test
  void rateAndRetriesAddLagAndRetriesColumns() throws IOException {
    // pgbench -c 2 -j 2 -t 3 -l --max-tries=2 -R 100: "0 1 5451 0 1796011570 16557 76 1"
    TxnLogWriter writer = writer(new RunLimits(2, false, 100, 0, false));
    long packed = TxnOutcome.pack(TxnOutcome.OK, 0, 2);
    assertEquals(
        "0 1 5451 0 1796011570 16557 76 1\n",
        writer.line(0, 1, 1_796_011_570_016_557L, 5451, 76, packed));
  }

  @Test
  void failuresAreNamedWhenDetailedAndCalledFailedOtherwise() throws IOException {
    // pgbench -t 30 -l --failures-detailed: "0 1 serialization 0 1796011598 400139"
    long packed = TxnOutcome.pack(TxnOutcome.SERIALIZATION, 0, 1);
    assertEquals(
        "0 1 serialization 0 1796011598 400139\n",
        writer(new RunLimits(1, true, 0, 0, false))
            .line(0, 1, 1_796_011_598_400_139L, 0, 0, packed));
    // pgbench -t 30 -l: "1 1 failed 0 1796011598 468102"
    assertEquals(
        "1 1 failed 0 1796011598 468102\n",
        writer(RunLimits.DEFAULT).line(1, 1, 1_796_011_598_468_102L, 0, 0, packed));
  }

  @Test
  void skippedTransactionsSaySkipped() throws IOException {
    long packed = TxnOutcome.pack(TxnOutcome.SKIPPED, 1, 0);
    assertEquals(
        "3 7 skipped 1 1796011598 5 2100\n",
        writer(new RunLimits(1, false, 10, 1000, false))
            .line(3, 7, 1_796_011_598_000_005L, 0, 2100, packed));
  }

  @Test
  void aggregateLinesHaveFifteenColumnsAndEmptyIntervalsAreWritten() throws IOException {
    IntervalLog log = new IntervalLog(1);
    log.add(1_796_011_594_100_000L, 500, 0, TxnOutcome.pack(TxnOutcome.OK, 0, 1));
    log.add(1_796_011_594_200_000L, 700, 0, TxnOutcome.pack(TxnOutcome.OK, 0, 3));
    log.add(1_796_011_594_300_000L, 0, 0, TxnOutcome.pack(TxnOutcome.SERIALIZATION, 0, 2));
    log.add(1_796_011_596_000_001L, 900, 0, TxnOutcome.pack(TxnOutcome.OK, 0, 1));
    StringWriter out = new StringWriter();
    log.writeAll(out);
    assertEquals(
        "1796011594 2 1200 740000 500 700 0 0 0 0 0 2 3 1 0\n"
            + "1796011595 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
            + "1796011596 1 900 810000 900 900 0 0 0 0 0 0 0 0 0\n",
        out.toString());
  }
}
