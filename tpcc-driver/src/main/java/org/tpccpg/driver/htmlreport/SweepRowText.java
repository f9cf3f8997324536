package org.tpccpg.driver.htmlreport;

import java.util.ArrayList;
import java.util.List;

/**
 * The columns of a sweep table's rows as text, shared by the HTML and Markdown tables: the
 * published version tables' time, tps (and a TPC-C workload's tpmC), latency and database sizes,
 * then the server's checkpoints and WAL during the run (a tuning sweep's lesson is often there),
 * and for TPC-B pgbench's connection time (the average per connection with {@code -C}, what a
 * pooler comparison reads), each {@code median (min–max)} over repeats ({@link Figures#cell});
 * sizes in MiB (2<sup>20</sup> bytes, what {@code pg_size_pretty} calls MB).
 */
final class SweepRowText {
  private static final List<String> HEADINGS =
      List.of(
          "target",
          "clients",
          "time (s)",
          "tps",
          "latency avg (ms)",
          "p95 (ms)",
          "size before (MiB)",
          "size after (MiB)",
          "growth (MiB)",
          "checkpoints",
          "WAL (MiB)");

  /** Where a TPC-C table has its tpmC column: after tps, as its summary has them. */
  private static final int TPMC_COLUMN = 4;

  /** Where a TPC-B table has its connection time: after the latency, as pgbench prints it. */
  private static final int CONNECTION_COLUMN = 6;

  private static final double MIB = 1024.0 * 1024.0;

  private SweepRowText() {}

  /**
   * The columns' headings of a table; a TPC-C table's have tpmC after tps, one with the settings
   * side by side names its first column for both.
   */
  static List<String> headings(SweepTable table) {
    List<String> headings = new ArrayList<>(HEADINGS);
    if (!table.settingColumns().isEmpty()) {
      headings.set(0, "target (settings)");
    }
    if (table.tpcc()) {
      headings.add(TPMC_COLUMN, "tpmC");
    }
    if (table.tpcb()) {
      headings.add(CONNECTION_COLUMN, "connection (ms)");
    }
    return headings;
  }

  /** The figures' columns of one row (the headings after target and clients). */
  static List<String> figures(SweepTable table, SweepRow row) {
    List<String> figures =
        new ArrayList<>(
            List.of(
                Figures.cell(row.seconds()),
                Figures.cell(row.tps()),
                Figures.cell(row.avgMs()),
                Figures.cell(row.p95Ms()),
                Figures.cell(row.bytesBefore().scaled(1 / MIB)),
                Figures.cell(row.bytesAfter().scaled(1 / MIB)),
                Figures.cell(row.growthBytes().scaled(1 / MIB)),
                Figures.cell(row.checkpoints()),
                Figures.cell(row.walBytes().scaled(1 / MIB))));
    if (table.tpcc()) {
      figures.add(TPMC_COLUMN - 2, Figures.cell(row.tpmC()));
    }
    if (table.tpcb()) {
      figures.add(CONNECTION_COLUMN - 2, Figures.cell(row.connectionMs()));
    }
    return figures;
  }
}
