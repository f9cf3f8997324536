package org.tpccpg.driver.merge;

import java.io.IOException;
import org.tpccpg.driver.metrics.SysbenchBuckets;
import org.tpccpg.driver.report.CFormat;
import org.tpccpg.driver.report.ErrorsByCause;
import org.tpccpg.driver.report.OutagesBlock;
import org.tpccpg.driver.report.SysbenchHistogramBlock;
import org.tpccpg.driver.report.SysbenchSummary;
import org.tpccpg.driver.report.TransactionTable;

/**
 * The merged result as text: the common window and a line per driver (its range, tps, errors,
 * outages), then what {@code tpcc run} prints at its end, by the same renderers, from the merged
 * figures ({@link MergedFigures}): sysbench's summary ("SQL statistics", "General statistics",
 * "Latency (ms)", "Threads fairness"), the table per type with tpmC and the mix, the errors by
 * cause and the outages. The last line says how the figures were merged.
 */
final class MergedReport {
  private MergedReport() {}

  static String render(ResultsMerge m) throws IOException {
    StringBuilder out = new StringBuilder(4096);
    drivers(out, m);
    if (Boolean.TRUE.equals(m.drivers().get(0).config().get("histogram"))) {
      out.append(SysbenchHistogramBlock.render(SysbenchBuckets.fromMicros(m.allKinds())));
    }
    double percentile = Values.number(m.drivers().get(0).config().get("percentile"));
    out.append(SysbenchSummary.render(MergedFigures.sysbench(m), percentile));
    out.append('\n');
    out.append(
        TransactionTable.render(
            MergedFigures.rows(m),
            MergedFigures.total(m),
            MergedFigures.tpmC(m),
            MergedFigures.mix(m),
            m.totalCount(TransactionTable.DISTRICTS_DELIVERED),
            m.totalCount(TransactionTable.DISTRICTS_SKIPPED)));
    out.append('\n');
    boolean compat = Boolean.TRUE.equals(m.drivers().get(0).config().get("sysbench_compat"));
    out.append(
        ErrorsByCause.line(
            MergedFigures.tryFailures(m),
            m.totalCount("retries"),
            compat ? -1 : m.totalCount("failed")));
    out.append(OutagesBlock.render(MergedFigures.outages(m)));
    MergedSpecVerdict spec = MergedSpecVerdict.of(m);
    if (spec != null) {
      out.append(spec.text());
    }
    out.append('\n').append(howMerged(m)).append('\n');
    return out.toString();
  }

  /** The merge's line, then a line per driver, then an empty line. */
  private static void drivers(StringBuilder out, ResultsMerge m) throws IOException {
    out.append("Merged ")
        .append(m.drivers().size())
        .append(" drivers on warehouses ")
        .append(m.warehouses())
        .append(": common window ")
        .append(CFormat.fixed(m.commonWindowSeconds(), 1))
        .append(" s (")
        .append(m.alignment().count())
        .append(" intervals)\n");
    int number = 1;
    for (DriverResult d : m.drivers()) {
      out.append("    driver ")
          .append(number++)
          .append(": warehouses ")
          .append(d.warehouses())
          .append(", ")
          .append(Values.count(d.totals().get("clients")))
          .append(" threads, tps: ")
          .append(CFormat.fixed(Values.number(d.totals().get("tps")), 2))
          .append(", transactions: ")
          .append(Values.count(d.totals().get("transactions")))
          .append(", errors: ")
          .append(Values.count(d.totals().get("errors")))
          .append(", outages: ")
          .append(MergedSummary.outageCount(d))
          .append(" (")
          .append(d.directory())
          .append(")\n");
    }
    out.append('\n');
  }

  /** What the figures above are, where a merge differs from a run. */
  private static String howMerged(ResultsMerge m) throws IOException {
    return "merged: counts summed and rates added over the drivers (total time: the longest"
        + " driver's); latencies from their histograms added; tpmC and tpmTotal over the common"
        + " window; threads fairness "
        + (MergedFigures.fairness(m) == null
            ? "n/a (a driver's summary.json has no threads_fairness: written by an older tpcc)"
            : "over all " + m.totalCount("clients") + " threads");
  }
}
