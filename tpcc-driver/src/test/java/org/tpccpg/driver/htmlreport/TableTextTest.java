package org.tpccpg.driver.htmlreport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.results.DatabaseSizes;
import org.tpccpg.driver.results.SweepBundle;
import org.tpccpg.driver.results.SweepCell;

class TableTextTest {
  private static final double MIB = 1024 * 1024;
  private static final SweepCell A1 = cell("a1", "pg|a", 8, 1, 16 * MIB, 17 * MIB);
  private static final SweepCell A2 = cell("a2", "pg|a", 8, 2, 17 * MIB, 19 * MIB);
  private static final SweepCell B1 = cell("b1", "pg,\"b\"", 8, 1, Double.NaN, Double.NaN);
  private static final SweepCell A3 = cell("a3", "pg|a", 16, 1, Double.NaN, Double.NaN);

  private static SweepCell cell(
      String id, String target, int clients, int repeat, double before, double after) {
    SweepCell.Run run = new SweepCell.Run(null, null, null, null, sizes(before), sizes(after));
    return new SweepCell(
        id, target, "tpcb", clients, repeat, Map.of("work_mem", "64MB"), 0, id, "done", run);
  }

  /** A database of that many bytes, or none for NaN. */
  private static DatabaseSizes sizes(double bytes) {
    return Double.isNaN(bytes) ? null : new DatabaseSizes((long) bytes, Map.of());
  }

  private static List<SweepTable> tables() {
    SweepBundle bundle =
        new SweepBundle(
            Path.of("b"), List.of("pg|a", "pg,\"b\""), List.of("tpcb"), List.of(A1, A2, B1, A3));
    return SweepTable.of(
        bundle,
        Map.of(
            "a1", new RunTotals(null, 1200.4, Double.NaN, 2.5, 1.6, 10, 1, 96 * MIB, Double.NaN),
            "a2", new RunTotals(null, 1300.6, Double.NaN, 3.5, 1.5, 9, 0, 64 * MIB, Double.NaN),
            "b1", new RunTotals(9.876, 100)));
  }

  @Test
  void markdownHasATablePerWorkloadAndSettingsWithMedianAndRangeAndMissingCellsMarked() {
    assertEquals(
        """
        ### tpcb with work\\_mem=64MB

        tps, median (min–max) over repeats

        | clients | pg\\|a | pg,"b" |
        |--:|--:|--:|
        | 8 | 1251 (1200–1301) | 9.88 |
        | 16 | missing | missing |

        per target and client count, median (min–max) over repeats; sizes are\
         pg\\_database\\_size right before and after the run; checkpoints and WAL are the\
         server's during the run (missing without server statistics)

        | target | clients | time (s) | tps | latency avg (ms) | p95 (ms) | size before (MiB) |\
         size after (MiB) | growth (MiB) | checkpoints | WAL (MiB) |
        |:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|
        | pg\\|a | 8 | 9.50 (9–10) | 1251 (1200–1301) | 1.55 (1.50–1.60) | 3 (2.50–3.50) |\
         16.5 (16–17) | 18 (17–19) | 1.50 (1–2) | 0.50 (0–1) | 80 (64–96) |
        | pg\\|a | 16 | missing | missing | missing | missing | missing | missing | missing |\
         missing | missing |
        | pg,"b" | 8 | missing | 9.88 | missing | 100 | missing | missing | missing | missing |\
         missing |
        | pg,"b" | 16 | missing | missing | missing | missing | missing | missing | missing |\
         missing | missing |
        """,
        TableText.markdown(tables()));
  }

  @Test
  void markdownShowsSeveralCombinationsOfSettingsSideBySideAndCsvKeepsARowEach() {
    SweepCell on = new SweepCell("on", "pg", "tpcb", 2, 1, Map.of("fsync", "on"), "on", "done");
    SweepCell off = new SweepCell("off", "pg", "tpcb", 2, 1, Map.of("fsync", "off"), "off", "done");
    SweepBundle bundle =
        new SweepBundle(Path.of("b"), List.of("pg"), List.of("tpcb"), List.of(on, off));
    List<SweepTable> tables =
        SweepTable.of(bundle, Map.of("on", new RunTotals(100, 20), "off", new RunTotals(900, 3)));
    String md = TableText.markdown(tables);
    assertTrue(
        md.startsWith(
            """
            ### tpcb by fsync

            tps, median (min–max) over repeats

            | clients | pg (fsync=on) | pg (fsync=off) |
            |--:|--:|--:|
            | 2 | 100 | 900 |
            """),
        md);
    assertTrue(md.contains("\n| target (settings) | clients | time (s) | tps |"), md);
    assertTrue(md.contains("\n| pg (fsync=off) | 2 | missing | 900 | missing | 3 |"), md);
    assertEquals(1, md.split("### ").length - 1, md);
    String csv = TableText.csv(tables);
    assertTrue(csv.contains("\r\ntpcb,fsync=on,2,100.00,"), csv);
    assertTrue(csv.contains("\r\ntpcb,fsync=off,2,900.00,"), csv);
  }

  @Test
  void csvHasPerTargetTheTpsSpreadRepeatsP95LatencyTimeAndSizesWithMissingCellsEmpty() {
    List<String> columns =
        List.of(
            "tps_median",
            "tps_min",
            "tps_max",
            "repeats",
            "p95_ms_median",
            "latency_avg_ms_median",
            "elapsed_s_median",
            "db_bytes_before_median",
            "db_bytes_after_median",
            "growth_bytes_median",
            "checkpoints_median",
            "wal_bytes_median",
            "connection_ms_median");
    StringBuilder header = new StringBuilder("workload,settings,clients");
    columns.forEach(c -> header.append(",pg|a ").append(c));
    columns.forEach(c -> header.append(",\"pg,\"\"b\"\" ").append(c).append('"'));
    assertEquals(
        header
            + "\r\n"
            + "tpcb,work_mem=64MB,8,1250.50,1200.40,1300.60,2,3.00,1.55,9.50,17301504.00,"
            + "18874368.00,1572864.00,0.50,83886080.00,,9.88,9.88,9.88,1,100.00,,,,,,,,\r\n"
            + "tpcb,work_mem=64MB,16,,,,0,,,,,,,,,,,,,0,,,,,,,,,\r\n",
        TableText.csv(tables()));
  }

  @Test
  void aCellMissingSomeRepeatsSaysHowManyItHas() {
    assertEquals("5 [1 of 2]", Figures.cell(Spread.of(new double[] {5}, 2)));
    assertEquals("missing", Figures.cell(Spread.of(new double[0], 2)));
    assertEquals("12.3 (10–14.5)", Figures.cell(Spread.of(new double[] {10, 12.3, 14.5}, 3)));
  }

  /** #32: a TPC-C workload's table was not told from a TPC-B one, and showed no tpmC. */
  @Test
  void aTpccWorkloadsTableIsLabelledTpccAndHasItsTpmC() {
    SweepCell c1 = new SweepCell("c1", "pg", "orders", 2, 1, Map.of(), "c1", "done");
    SweepCell c2 = new SweepCell("c2", "pg", "orders", 2, 2, Map.of(), "c2", "done");
    SweepBundle bundle =
        new SweepBundle(
            Path.of("b"),
            List.of("pg"),
            List.of("orders"),
            Map.of("orders", "tpcc"),
            List.of(c1, c2));
    List<SweepTable> tables =
        SweepTable.of(
            bundle,
            Map.of(
                "c1", new RunTotals("tpcc", 50, 1300, 20, 10, 60),
                "c2", new RunTotals("tpcc", 52, 1340, 22, 11, 60)));
    String md = TableText.markdown(tables);
    assertTrue(md.startsWith("### orders (TPC-C)\n"), md);
    assertTrue(md.contains("| target | clients | time (s) | tps | tpmC | latency avg (ms) |"), md);
    assertTrue(
        md.contains("| pg | 2 | 60 (60–60) | 51 (50–52) | 1320 (1300–1340) | 10.5 (10–11) |"), md);
    SweepBundle tpcb =
        new SweepBundle(
            Path.of("b"), List.of("pg"), List.of("orders"), Map.of("orders", "tpcb"), List.of(c1));
    String other =
        TableText.markdown(
            SweepTable.of(
                tpcb,
                Map.of("c1", new RunTotals("tpcb", 50, Double.NaN, 20, Double.NaN, Double.NaN))));
    assertTrue(other.startsWith("### orders (TPC-B)\n"), other);
    assertFalse(other.contains("tpmC"), other);
  }

  /** #31: a pooler comparison with -C reads the connection time, which the tables lacked. */
  @Test
  void aTpcbWorkloadsRowsHavePgbenchsConnectionTimeInMarkdownAndCsv() {
    SweepCell c1 = new SweepCell("c1", "pool", "connect", 2, 1, Map.of(), "c1", "done");
    SweepCell c2 = new SweepCell("c2", "pool", "connect", 2, 2, Map.of(), "c2", "done");
    SweepBundle bundle =
        new SweepBundle(
            Path.of("b"),
            List.of("pool"),
            List.of("connect"),
            Map.of("connect", "tpcb"),
            List.of(c1, c2));
    List<SweepTable> tables =
        SweepTable.of(
            bundle,
            Map.of(
                "c1", new RunTotals("tpcb", 50, Double.NaN, 20, 10, 60, 1, 0, 2.5),
                "c2", new RunTotals("tpcb", 52, Double.NaN, 22, 11, 60, 1, 0, 3.5)));
    String md = TableText.markdown(tables);
    assertTrue(md.contains("; connection is pgbench's connection time, the average per"), md);
    assertTrue(
        md.contains(
            "| target | clients | time (s) | tps | latency avg (ms) | p95 (ms) | connection (ms) |"
                + " size before (MiB) |"),
        md);
    assertTrue(
        md.contains(
            "| pool | 2 | 60 (60–60) | 51 (50–52) | 10.5 (10–11) | 21 (20–22) | 3 (2.50–3.50) |"),
        md);
    String csv = TableText.csv(tables);
    assertTrue(csv.lines().findFirst().orElseThrow().endsWith(",pool connection_ms_median"), csv);
    assertTrue(csv.lines().skip(1).findFirst().orElseThrow().endsWith(",3.00"), csv);
  }
}
