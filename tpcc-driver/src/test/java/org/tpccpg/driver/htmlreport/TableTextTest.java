package org.tpccpg.driver.htmlreport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableTextTest {
  private static final SweepCell A1 = cell("a1", "pg|a", 8, 1);
  private static final SweepCell A2 = cell("a2", "pg|a", 8, 2);
  private static final SweepCell B1 = cell("b1", "pg,\"b\"", 8, 1);
  private static final SweepCell A3 = cell("a3", "pg|a", 16, 1);

  private static SweepCell cell(String id, String target, int clients, int repeat) {
    return new SweepCell(
        id, target, "tpcb", clients, repeat, Map.of("work_mem", "64MB"), id, "done");
  }

  private static List<SweepTable> tables() {
    SweepBundle bundle =
        new SweepBundle(
            Path.of("b"), List.of("pg|a", "pg,\"b\""), List.of("tpcb"), List.of(A1, A2, B1, A3));
    return SweepTable.of(
        bundle,
        Map.of(
            "a1", new RunTotals(1200.4, 2.5),
            "a2", new RunTotals(1300.6, 3.5),
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
        """,
        TableText.markdown(tables()));
  }

  @Test
  void csvHasTheMedianMinMaxRepeatsAndP95PerTargetWithMissingCellsEmpty() {
    assertEquals(
        "workload,settings,clients,pg|a tps_median,pg|a tps_min,pg|a tps_max,pg|a repeats,"
            + "pg|a p95_ms_median,\"pg,\"\"b\"\" tps_median\",\"pg,\"\"b\"\" tps_min\","
            + "\"pg,\"\"b\"\" tps_max\",\"pg,\"\"b\"\" repeats\",\"pg,\"\"b\"\" p95_ms_median\"\r\n"
            + "tpcb,work_mem=64MB,8,1250.50,1200.40,1300.60,2,3.00,9.88,9.88,9.88,1,100.00\r\n"
            + "tpcb,work_mem=64MB,16,,,,0,,,,,0,\r\n",
        TableText.csv(tables()));
  }

  @Test
  void aCellMissingSomeRepeatsSaysHowManyItHas() {
    assertEquals("5 [1 of 2]", Figures.cell(Spread.of(new double[] {5}, 2)));
    assertEquals("missing", Figures.cell(Spread.of(new double[0], 2)));
    assertEquals("12.3 (10–14.5)", Figures.cell(Spread.of(new double[] {10, 12.3, 14.5}, 3)));
  }
}
