package org.tpccpg.driver.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.SweepCell;

/** A cell's outages, read from its run's summary.json as the run writes them (OutageJson). */
class CellOutagesTest {
  @TempDir Path results;

  /** A summary as a run writes it (the members every reader requires), with these outages. */
  private void summary(String outages) throws IOException {
    String latency = "{\"avg_ms\": 2.0, \"p95_ms\": 4.0, \"p99_ms\": 6.0}";
    Files.writeString(
        results.resolve("summary.json"),
        "{\"workload\": \"tpcb\", \"totals\": {\"tps\": 1780.0, \"latency\": "
            + latency
            + "}, \"kinds\": {\"tpcb-like\": {\"latency\": "
            + latency
            + "}}, \"outages\": "
            + outages
            + "}");
  }

  @Test
  void aSummaryWithOutagesGivesTheirCountAndLength() throws IOException {
    summary(
        """
        [{"start_s": 1.0, "duration_s": 3.0, "clients": 4, "back_to_90_percent_after_s": 0.4},
         {"start_s": 4.5, "duration_s": 1.5, "clients": 4, "back_to_90_percent_after_s": null}]
        """);
    CellOutages outages = CellOutages.of(results);
    assertTrue(outages.any());
    assertEquals(2, outages.count());
    assertEquals(4.5, outages.seconds(), 1e-9);
    assertEquals(
        "2 outages, 4.5 s without the server (summary.json outages): kept out of the samples, run"
            + " again on resume",
        outages.describe(false));
    assertEquals(SweepCell.OUTAGE, outages.status(false));
  }

  @Test
  void keptOutagesMakeTheCellDoneWithANoteThatSaysSo() throws IOException {
    summary(
        """
        [{"start_s": 1.0, "duration_s": 3.0, "clients": 1, "back_to_90_percent_after_s": 0.4}]
        """);
    CellOutages outages = CellOutages.of(results);
    assertEquals(SweepCell.DONE, outages.status(true));
    assertEquals(
        "1 outage, 3.0 s without the server (summary.json outages): kept in the samples"
            + " (--keep-outages)",
        outages.describe(true));
  }

  @Test
  void noOutagesOrNoSummaryIsNone() throws IOException {
    assertFalse(CellOutages.of(results).any(), "no summary.json");
    summary("[]");
    assertFalse(CellOutages.of(results).any(), "no outages");
    Files.writeString(results.resolve("summary.json"), "{\"totals\": {}, \"outages\": [");
    assertFalse(CellOutages.of(results).any(), "a summary cut short");
  }
}
