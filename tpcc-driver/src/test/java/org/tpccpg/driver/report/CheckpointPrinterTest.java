package org.tpccpg.driver.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.metrics.ClientCounters;
import org.tpccpg.driver.metrics.IntervalSampler;
import org.tpccpg.driver.metrics.KindLatencies;

/**
 * sysbench's checkpoint report: the window's counts over the window's time, "total time" since
 * start.
 */
class CheckpointPrinterTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void theReportIsSysbenchsClosingBlockOfTheWindowUnderATimestampedLine() {
    ClientCounters client = new ClientCounters(1);
    KindLatencies latencies = new KindLatencies(1);
    IntervalSampler sampler =
        new IntervalSampler(List.of("payment"), List.of(client), latencies, 0);
    sampler.trackCheckpoints();
    transactions(client, latencies, 50);
    sampler.checkpoint(() -> 2 * SECOND);
    transactions(client, latencies, 300);
    IntervalSampler.Checkpoint second = sampler.checkpoint(() -> 5 * SECOND);
    StringWriter text = new StringWriter();

    new CheckpointPrinter(95, false, false, new PrintWriter(text)).checkpoint(second);

    String report = text.toString();
    assertTrue(report.startsWith("[ 5s ] Checkpoint report:\nSQL statistics:\n"), report);
    assertTrue(
        report.contains("    transactions:                        300    (100.00 per sec.)\n"),
        report);
    assertTrue(report.contains("    total time:                          5.0000s\n"), report);
    assertTrue(report.contains("    total number of events:              300\n"), report);
    assertTrue(report.contains("    execution time (avg/stddev):   0.6000/0.00\n"), report);
    assertTrue(report.endsWith("\n\n"), "a blank line after Threads fairness, as sysbench");
    assertEquals(1, report.split("Checkpoint report", -1).length - 1);
  }

  private static void transactions(ClientCounters client, KindLatencies latencies, int n) {
    for (int i = 0; i < n; i++) {
      client.completed(0, 2_000_000, 0, 1, true, false);
      latencies.record(0, 2_000_000);
    }
  }
}
