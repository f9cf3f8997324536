package org.tpccpg.driver.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Choosing one side of a comparison among a bundle's cells, from a hand-written manifest. */
class SweepBundleTest {
  @TempDir Path bundle;

  private void cell(StringBuilder cells, String target, int clients, int repeat, String status)
      throws IOException {
    String id = target + ".sel.c" + clients + ".r" + repeat;
    if (status.equals("done")) {
      ResultsFixture.write(
          bundle.resolve("runs").resolve(id),
          "tpcb",
          List.of("select"),
          target.equals("slow") ? 100 : 400,
          5,
          new double[] {400, 400});
    }
    cells
        .append(cells.length() == 0 ? "" : ",")
        .append(
            String.format(
                "{\"id\":\"%s\",\"target\":\"%s\",\"workload\":\"sel\",\"clients\":%d,"
                    + "\"repeat\":%d,\"settings\":{},\"dir\":\"runs/%s\",\"status\":\"%s\","
                    + "\"started\":null,\"ended\":null,\"error\":null,\"unknown\":1}",
                id, target, clients, repeat, id, status));
  }

  private BundleCells write() throws IOException {
    StringBuilder cells = new StringBuilder();
    for (String target : List.of("fast", "slow")) {
      for (int clients : List.of(1, 8)) {
        cell(cells, target, clients, 1, "done");
        cell(cells, target, clients, 2, "done");
      }
    }
    cell(cells, "fast", 8, 3, "pending");
    Files.writeString(
        bundle.resolve("manifest.json"),
        "{\"schema_version\":1,\"kind\":\"tpcc-sweep\",\"targets\":[],\"workloads\":[],\"cells\":["
            + cells
            + "]}");
    return BundleCells.read(bundle);
  }

  @Test
  void aSelectorTakesTheDoneRepeatsOfOneCellAndBInheritsAsPairs() throws IOException {
    BundleCells read = write();
    CellSelector a = CellSelector.parse("target=fast,clients=8");
    RunGroup sideA = read.select("A", a);
    assertEquals(2, sideA.runs().size(), "the pending third repeat is left out");
    CellSelector b = a.with(CellSelector.parse("target=slow"));
    assertEquals(Map.of("target", "slow", "clients", "8"), b.pairs());
    Comparison comparison = Comparison.of(sideA, read.select("B", b));
    assertTrue(comparison.overRuns());
    assertTrue(comparison.rows().get(0).difference().significant());
  }

  @Test
  void aSelectorThatLeavesMoreThanTheRepeatOpenIsRefusedNamingTheField() throws IOException {
    BundleCells read = write();
    IOException e =
        assertThrows(IOException.class, () -> read.select("A", CellSelector.parse("target=fast")));
    assertEquals(
        "A: target=fast matches cells of more than one clients [1, 8]: add clients=VALUE, or"
            + " compare each with --each=clients",
        e.getMessage());
    IOException none =
        assertThrows(
            IOException.class, () -> read.select("B", CellSelector.parse("target=nosuch")));
    assertTrue(none.getMessage().startsWith("B: no done cell of "), none.getMessage());
  }

  @Test
  void aBadSelectorNamesThePair() {
    assertThrows(IllegalArgumentException.class, () -> CellSelector.parse("target"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CellSelector.parse("host=x"));
    assertTrue(e.getMessage().startsWith("unknown key 'host'"), e.getMessage());
    assertEquals(
        Map.of("settings.work_mem", "4MB"), CellSelector.parse("settings.work_mem=4MB").pairs());
  }

  /** #32: a truncated manifest gave Jackson's message, without the file. */
  @Test
  void aTruncatedManifestIsRefusedNamingTheFile() throws IOException {
    Path manifest = bundle.resolve("manifest.json");
    Files.writeString(manifest, "{\"kind\":\"tpcc-sweep\",\"cells\":[");
    IOException e = assertThrows(IOException.class, () -> BundleCells.read(bundle));
    assertTrue(
        e.getMessage().startsWith(manifest + ": not valid JSON: Unexpected end-of-input"),
        e.getMessage());
  }
}
