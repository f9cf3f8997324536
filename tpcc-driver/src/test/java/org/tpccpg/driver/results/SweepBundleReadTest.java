package org.tpccpg.driver.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one reader of a sweep's manifest.json: what report, compare and a resumed sweep get. */
class SweepBundleReadTest {
  private static final String TARGET =
      """
      {"name": "pg", "server_version": "15.8",
       "non_default_settings": {"work_mem": "8MB", "cluster_name": null},
       "original_settings": {"work_mem": "4MB"}, "original_in_force": {"work_mem": "4MB"}}
      """;

  private static final String CELL =
      """
      {"id": "pg.w.c2.r1", "target": "pg", "workload": "w", "clients": 2, "repeat": 1,
       "settings": {"work_mem": "8MB"}, "seed": 7, "dir": "runs/pg.w.c2.r1", "status": "done",
       "started": "2026-12-01T03:21:02.776Z", "ended": "2026-12-01T03:21:12.561Z",
       "error": null, "elapsed_s": 26.5,
       "sizes": {"before": {"database_bytes": 1000,
                            "tables": {"pgbench_accounts": {"table_bytes": 600,
                                        "indexes_bytes": 300, "total_bytes": 950}}},
                 "after": null}}
      """;

  @TempDir Path dir;

  private SweepBundle read(String members) throws IOException {
    Files.writeString(dir.resolve("manifest.json"), "{\"kind\": \"tpcc-sweep\", " + members + "}");
    return SweepBundle.read(dir);
  }

  @Test
  void aCellsRunIsReadTypedWithItsTimesErrorAndSizes() throws IOException {
    SweepBundle bundle =
        read(
            "\"seed\": 42, \"targets\": ["
                + TARGET
                + "], \"workloads\": [{\"name\": \"w\", \"kind\": \"tpcb\"}], \"cells\": ["
                + CELL
                + "]");
    SweepCell cell = bundle.cells().get(0);
    assertEquals("done", cell.status());
    assertEquals(Map.of("work_mem", "8MB"), cell.settings());
    SweepCell.Run run = cell.run();
    assertEquals("2026-12-01T03:21:02.776Z", run.started());
    assertEquals("2026-12-01T03:21:12.561Z", run.ended());
    assertNull(run.error());
    assertEquals(26.5, run.elapsedSeconds());
    assertEquals(1000, run.sizesBefore().databaseBytes());
    assertEquals(
        new DatabaseSizes.TableSize(600, 300, 950),
        run.sizesBefore().tables().get("pgbench_accounts"));
    assertNull(run.sizesAfter(), "sizes the sweep could not read");
    assertEquals(1000, cell.bytesBefore());
    assertTrue(Double.isNaN(cell.bytesAfter()));
    assertEquals("tpcb", bundle.kind("w"));
  }

  @Test
  void whatAResumeKeepsIsReadTypedAndNullSettingsStayNull() throws IOException {
    SweepBundle bundle =
        read(
            "\"seed\": 42, \"created\": \"2026-12-01T03:20:00Z\", \"settings_restored\": false,"
                + " \"prepared\": [\"pg/w\"], \"preparing\": [\"pg/v\"], \"targets\": ["
                + TARGET
                + "], \"workloads\": [], \"cells\": []");
    SweepBundle.Saved saved = bundle.sweep();
    assertEquals(42L, saved.seed());
    assertEquals("2026-12-01T03:20:00Z", saved.created());
    assertFalse(saved.settingsRestored());
    assertEquals(List.of("pg/w"), saved.prepared());
    assertEquals(List.of("pg/v"), saved.preparing());
    SweepBundle.TargetSettings pg = saved.targetSettings().get("pg");
    assertEquals("8MB", pg.nonDefault().get("work_mem"));
    assertTrue(pg.nonDefault().containsKey("cluster_name"));
    assertNull(pg.nonDefault().get("cluster_name"));
    assertEquals(Map.of("work_mem", "4MB"), pg.originals());
    assertEquals(Map.of("work_mem", "4MB"), pg.originalsInForce());
  }

  @Test
  void aManifestWithoutTheOptionalMembersReadsWithTheirDefaults() throws IOException {
    SweepBundle bundle = read("\"targets\": [], \"workloads\": [], \"cells\": []");
    assertNull(bundle.sweep().seed(), "a resume refuses it; report and compare need none");
    assertTrue(bundle.sweep().settingsRestored());
    assertEquals(List.of(), bundle.sweep().prepared());
  }

  @Test
  void aCellWithoutItsStatusIsRefusedNamingTheFileAndTheMember() {
    IOException refused =
        assertThrows(
            IOException.class,
            () ->
                read(
                    "\"seed\": 1, \"targets\": [], \"workloads\": [], \"cells\": ["
                        + CELL.replace("\"status\": \"done\",", "")
                        + "]"));
    assertTrue(
        refused.getMessage().contains("manifest.json: status is not a string"),
        refused.getMessage());
  }
}
