package org.tpccpg.driver.htmlreport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tpccpg.driver.results.SweepBundle;
import org.tpccpg.driver.results.SweepCell;

class SweepTableTest {
  @TempDir Path dir;

  @Test
  void theMedianOfAnOddAndAnEvenNumberOfRepeatsWithTheirRange() {
    Spread odd = Spread.of(new double[] {3, 1, 2}, 3);
    assertEquals(2, odd.median());
    assertEquals(1, odd.min());
    assertEquals(3, odd.max());
    Spread even = Spread.of(new double[] {4, 1, Double.NaN, 2, 10}, 5);
    assertEquals(3, even.median());
    assertEquals(4, even.count());
    assertTrue(even.partial());
    assertTrue(Spread.of(new double[0], 2).missing());
  }

  @Test
  void rowsAreClientCountsColumnsTargetsAndCellsTheSpreadOfDoneRepeats() throws IOException {
    SweepBundle bundle = SweepBundle.read(ReportFixture.bundle(dir, List.of("pg-a", "pg-b")));
    Map<String, RunTotals> totals = new LinkedHashMap<>();
    for (SweepCell cell : bundle.cells()) {
      if (cell.done()) {
        totals.put(cell.id(), RunTotals.read(bundle.runDirectory(cell)));
      }
    }
    List<SweepTable> tables = SweepTable.of(bundle, totals);
    assertEquals(1, tables.size());
    SweepTable table = tables.get(0);
    assertEquals("tpcb-select", table.workload());
    assertEquals(List.of(1, 4), table.clients());
    assertEquals(List.of("pg-a", "pg-b"), table.targets());
    Spread a1 = table.tps(1, "pg-a");
    assertEquals(101.5, a1.median());
    assertEquals(101, a1.min());
    assertEquals(102, a1.max());
    assertEquals(2, a1.count());
    assertEquals(401.5, table.tps(4, "pg-a").median());
    Spread b1 = table.tps(1, "pg-b");
    assertTrue(b1.partial(), "repeat 2 is pending");
    assertEquals(201, b1.median());
    Spread b4 = table.tps(4, "pg-b");
    assertTrue(b4.missing(), "both repeats failed: missing, not zero");
    assertFalse(b4.median() == 0);
    assertEquals(5, table.p95Ms(1, "pg-a").median());
    SweepRow row = table.row(1, "pg-a");
    assertEquals(101.5, row.tps().median());
    assertEquals(20, row.seconds().median(), "the runs' elapsed_s");
    assertEquals(2.5, row.avgMs().median());
    assertTrue(row.bytesBefore().missing(), "a manifest made before sweeps recorded sizes");
    assertTrue(row.growthBytes().missing());
  }

  @Test
  void aCellsSizesComeFromTheManifestAndItsGrowthIsAfterMinusBefore() throws IOException {
    Path bundleDir = ReportFixture.bundle(dir, List.of("pg-a", "pg-b"));
    Path manifest = bundleDir.resolve("manifest.json");
    java.nio.file.Files.writeString(
        manifest,
        java.nio.file.Files.readString(manifest)
            .replaceFirst(
                "\"unknown\":1",
                "\"sizes\":{\"before\":{\"database_bytes\":1048576,\"tables\":{}},"
                    + "\"after\":{\"database_bytes\":3145728,\"tables\":{}}}"));
    SweepBundle bundle = SweepBundle.read(bundleDir);
    SweepCell first = bundle.cells().get(0);
    assertEquals(1048576, first.bytesBefore());
    assertEquals(3145728, first.bytesAfter());
    assertTrue(Double.isNaN(bundle.cells().get(1).bytesBefore()), "the next cell has none");
    Map<String, RunTotals> totals = new LinkedHashMap<>();
    for (SweepCell cell : bundle.cells()) {
      if (cell.done()) {
        totals.put(cell.id(), RunTotals.read(bundle.runDirectory(cell)));
      }
    }
    SweepRow row = SweepTable.of(bundle, totals).get(0).row(first.clients(), first.target());
    assertEquals(2097152, row.growthBytes().median());
    assertTrue(row.growthBytes().partial(), "one of the two repeats has sizes");
  }

  @Test
  void aDoneCellWhoseResultsAreUnreadableIsMissingAndEachSettingsCombinationIsItsOwnTable() {
    SweepCell a = new SweepCell("a", "t", "w", 1, 1, Map.of("work_mem", "4MB"), "a", "done");
    SweepCell b = new SweepCell("b", "t", "w", 1, 1, Map.of("work_mem", "64MB"), "b", "done");
    SweepBundle bundle = new SweepBundle(dir, List.of("t"), List.of("w"), List.of(a, b));
    List<SweepTable> tables = SweepTable.of(bundle, Map.of("a", new RunTotals(10, 1)));
    assertEquals(2, tables.size());
    assertEquals("work_mem=4MB", tables.get(0).settingsText());
    assertEquals(10, tables.get(0).tps(1, "t").median());
    assertTrue(tables.get(1).tps(1, "t").missing());
  }

  @Test
  void aWorkloadsCombinationsOfSettingsAreShownSideBySideEachTargetsNextToEachOther() {
    List<SweepCell> cells = new java.util.ArrayList<>();
    for (String target : List.of("a", "b")) {
      for (String value : List.of("on", "off")) {
        for (int clients : List.of(1, 4)) {
          String id = target + value + clients;
          Map<String, String> settings = Map.of("synchronous_commit", value);
          cells.add(new SweepCell(id, target, "w", clients, 1, settings, id, "done"));
        }
      }
    }
    SweepCell other =
        new SweepCell("x", "a", "v", 1, 1, Map.of("synchronous_commit", "on"), "x", "done");
    cells.add(other);
    SweepBundle bundle = new SweepBundle(dir, List.of("a", "b"), List.of("w", "v"), cells);
    Map<String, RunTotals> totals = new LinkedHashMap<>();
    for (SweepCell cell : cells) {
      double tps = cell.clients() * (cell.settings().containsValue("on") ? 100 : 300);
      totals.put(cell.id(), new RunTotals(tps + (cell.target().equals("b") ? 1 : 0), 2));
    }
    List<SweepTable> combinations = SweepTable.of(bundle, totals);
    assertEquals(3, combinations.size(), "w on, w off, v on");

    List<SweepTable> shown = SweepTable.settingsAsColumns(combinations);
    assertEquals(2, shown.size());
    SweepTable w = shown.get(0);
    assertEquals("w", w.workload());
    assertEquals(List.of("synchronous_commit"), w.settingColumns());
    assertEquals(
        List.of(
            "a (synchronous_commit=on)",
            "a (synchronous_commit=off)",
            "b (synchronous_commit=on)",
            "b (synchronous_commit=off)"),
        w.targets());
    assertEquals(List.of(1, 4), w.clients());
    assertEquals(400, w.tps(4, "a (synchronous_commit=on)").median());
    assertEquals(1201, w.tps(4, "b (synchronous_commit=off)").median());
    assertEquals(301, w.row(1, "b (synchronous_commit=off)").tps().median());
    assertEquals("w by synchronous_commit", TableText.title(w));
    SweepTable v = shown.get(1);
    assertEquals(List.of(), v.settingColumns(), "one combination keeps its table");
    assertEquals(List.of("a", "b"), v.targets());
    assertEquals("v with synchronous_commit=on", TableText.title(v));
    assertTrue(v.tps(1, "b").missing());
  }

  @Test
  void aSettingWithOneValueInEveryCombinationNamesTheTableNotEachColumn() {
    SweepCell small =
        new SweepCell(
            "s",
            "pg",
            "w",
            4,
            1,
            Map.of("max_wal_size", "32MB", "checkpoint_timeout", "30min"),
            "s",
            "done");
    SweepCell large =
        new SweepCell(
            "l",
            "pg",
            "w",
            4,
            1,
            Map.of("max_wal_size", "1GB", "checkpoint_timeout", "30min"),
            "l",
            "done");
    SweepBundle bundle = new SweepBundle(dir, List.of("pg"), List.of("w"), List.of(small, large));
    List<SweepTable> shown =
        SweepTable.settingsAsColumns(
            SweepTable.of(bundle, Map.of("s", new RunTotals(100, 2), "l", new RunTotals(120, 2))));
    assertEquals(1, shown.size());
    SweepTable table = shown.get(0);
    assertEquals(List.of("pg (max_wal_size=32MB)", "pg (max_wal_size=1GB)"), table.targets());
    assertEquals("w by max_wal_size, with checkpoint_timeout=30min", TableText.title(table));
    assertEquals(120, table.tps(4, "pg (max_wal_size=1GB)").median());
  }
}
