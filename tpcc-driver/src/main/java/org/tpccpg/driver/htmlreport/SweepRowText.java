package org.tpccpg.driver.htmlreport;

import java.util.List;

/**
 * The columns of a sweep table's rows as text, shared by the HTML and Markdown tables: the
 * published version tables' time, tps, latency and database sizes, each {@code median (min–max)}
 * over repeats ({@link Figures#cell}); sizes in MiB (2<sup>20</sup> bytes, what {@code
 * pg_size_pretty} calls MB).
 */
final class SweepRowText {
  static final List<String> HEADINGS =
      List.of(
          "target",
          "clients",
          "time (s)",
          "tps",
          "latency avg (ms)",
          "p95 (ms)",
          "size before (MiB)",
          "size after (MiB)",
          "growth (MiB)");

  private static final double MIB = 1024.0 * 1024.0;

  private SweepRowText() {}

  /** The figures' columns of one row (the headings after target and clients). */
  static List<String> figures(SweepRow row) {
    return List.of(
        Figures.cell(row.seconds()),
        Figures.cell(row.tps()),
        Figures.cell(row.avgMs()),
        Figures.cell(row.p95Ms()),
        Figures.cell(row.bytesBefore().scaled(1 / MIB)),
        Figures.cell(row.bytesAfter().scaled(1 / MIB)),
        Figures.cell(row.growthBytes().scaled(1 / MIB)));
  }
}
