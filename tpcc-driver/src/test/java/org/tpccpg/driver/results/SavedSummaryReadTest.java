package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** summary.json's one reader: what every summary has is required, the rest read when present. */
class SavedSummaryReadTest {
  private static final String LATENCY = "{\"avg_ms\": 2.5, \"p95_ms\": 5, \"p99_ms\": 9}";

  @TempDir Path dir;

  private Path file() {
    return dir.resolve(ResultsFiles.SUMMARY);
  }

  /** The members every run's summary has, then {@code extra}. */
  private void write(String extra) throws IOException {
    Files.writeString(
        file(),
        "{\"workload\": \"tpcb\", \"totals\": {\"tps\": 120.5, \"latency\": "
            + LATENCY
            + "}, \"kinds\": {\"select-only\": {\"latency\": "
            + LATENCY
            + "}}, \"outages\": []"
            + extra
            + "}");
  }

  @Test
  void whatOnlySomeRunsRecordIsAbsentNotAnError() throws IOException {
    write("");
    SavedSummary saved = SavedSummary.read(dir);
    assertEquals(120.5, saved.totals().tps());
    assertEquals(5.0, saved.kinds().get(0).latency().p95Ms());
    assertTrue(Double.isNaN(saved.tpmC()), "a TPC-B run has no tpmC");
    assertTrue(Double.isNaN(saved.totals().reconnects()), "absent figures are NaN");
    assertNull(saved.server());
    assertEquals(SavedSummary.Activity.NONE, saved.activity());
    assertEquals(List.of(), saved.verdict());
    assertEquals(List.of(), saved.dips());
    assertNull(saved.target());
  }

  @Test
  void dipsServerActivityAndTheVerdictAreRead() throws IOException {
    write(
        """
        , "server_activity": {"intervals": 60, "checkpoints": 2, "checkpoints_requested": 1,
          "wal_bytes": 5},
          "stability": {"dips": [
            {"start_s": 60, "duration_s": 30, "lowest_tps": 10, "depth_percent": 80,
             "causes": ["checkpoint"]},
            {"start_s": 120, "duration_s": 30, "lowest_tps": 20, "depth_percent": 60,
             "causes": []},
            {"start_s": 180, "duration_s": 30, "lowest_tps": 30, "depth_percent": 40}]},
          "verdict": {"thresholds": {"tps_cv": 0.1},
            "stable": {"verdict": "yes", "why": "tps within 10 %"},
            "healthy": {"verdict": "NO", "why": "a replica fell behind"}}
        """);
    SavedSummary saved = SavedSummary.read(dir);
    assertEquals(new SavedSummary.Activity(2, 1, 5), saved.activity());
    assertEquals(List.of("checkpoint"), saved.dips().get(0).causes());
    assertEquals(List.of(), saved.dips().get(1).causes(), "named none");
    assertNull(saved.dips().get(2).causes(), "did not say");
    assertEquals(
        List.of(
            new SavedSummary.Judgement("stable", "yes", "tps within 10 %"),
            new SavedSummary.Judgement("healthy", "NO", "a replica fell behind")),
        saved.verdict(),
        "the thresholds are no judgement");
  }

  @Test
  void copiesOfOneFileHaveOneSha256AndAnyChangeAnother() throws IOException {
    write("");
    String first = SavedSummary.read(dir).sha256();
    assertEquals(first, SavedSummary.read(dir).sha256());
    write(", \"target\": \"u@h:5432/db\"");
    assertTrue(!first.equals(SavedSummary.read(dir).sha256()));
  }

  @Test
  void aFileThatIsNotARunsSummaryIsNamedInOneLine() throws IOException {
    IOException absent = assertThrows(IOException.class, () -> SavedSummary.read(dir));
    assertEquals(file() + " does not exist", absent.getMessage());
    Files.writeString(file(), "{\"workload\": \"tpcb\", \"totals\":");
    IOException cut = assertThrows(IOException.class, () -> SavedSummary.read(dir));
    assertTrue(cut.getMessage().startsWith(file() + ": not valid JSON: "), cut.getMessage());
    Files.writeString(
        file(),
        "{\"workload\": \"tpcb\", \"totals\": {\"tps\": 1}, \"kinds\": {}, \"outages\": []}");
    IOException partial = assertThrows(IOException.class, () -> SavedSummary.read(dir));
    assertEquals(
        file() + " has no totals.latency: it is not a run's summary", partial.getMessage());
  }
}
