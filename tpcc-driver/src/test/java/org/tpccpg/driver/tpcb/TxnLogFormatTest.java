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
    return writer(limits, PgbenchVersion.V15);
  }

  private TxnLogWriter writer(RunLimits limits, PgbenchVersion version) throws IOException {
    TxnLogOptions options = new TxnLogOptions(true, 0, 1.0, "pgbench_log", dir);
    return new TxnLogWriter(options, limits, version, 1, 0, 0, 42, failure -> {});
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
  void from19AnOtherFailureIsOtherWhenDetailedAndFailedBefore() throws IOException {
    // pgbench 19's getResultString: ESTATUS_OTHER_SQL_ERROR is "other" with --failures-detailed
    long packed = TxnOutcome.pack(TxnOutcome.OTHER_FAILURE, 0, 1);
    RunLimits detailed = new RunLimits(1, true, 0, 0, false, true);
    assertEquals(
        "0 4 other 0 1796011598 400139\n",
        writer(detailed, PgbenchVersion.V19).line(0, 4, 1_796_011_598_400_139L, 0, 0, packed));
    assertEquals(
        "0 4 failed 0 1796011598 400139\n",
        writer(detailed, PgbenchVersion.V18).line(0, 4, 1_796_011_598_400_139L, 0, 0, packed));
    assertEquals(
        "0 4 failed 0 1796011598 400139\n",
        writer(new RunLimits(1, false, 0, 0, false, true), PgbenchVersion.V19)
            .line(0, 4, 1_796_011_598_400_139L, 0, 0, packed));
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
    IntervalLog log = new IntervalLog(1, false);
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

  @Test
  void from19AggregateLinesEndWithTheOtherFailures() throws IOException {
    // pgbench 19's 16th column, other_sql_failures, after deadlock_failures
    IntervalLog log = new IntervalLog(1, true);
    log.add(1_796_011_594_100_000L, 500, 0, TxnOutcome.pack(TxnOutcome.OK, 0, 1));
    log.add(1_796_011_594_200_000L, 0, 0, TxnOutcome.pack(TxnOutcome.OTHER_FAILURE, 0, 1));
    log.add(1_796_011_594_300_000L, 0, 0, TxnOutcome.pack(TxnOutcome.OTHER_FAILURE, 0, 1));
    log.add(1_796_011_594_400_000L, 0, 0, TxnOutcome.pack(TxnOutcome.DEADLOCK, 0, 1));
    StringWriter out = new StringWriter();
    log.writeAll(out);
    assertEquals("1796011594 1 500 250000 500 500 0 0 0 0 0 0 0 0 1 2\n", out.toString());
  }
}
