package org.tpccpg.driver.merge;

import java.io.IOException;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.TpccMix;
import org.tpccpg.driver.report.CFormat;

/**
 * The merged result as text: a line per driver (its range, tps, errors, outages), the common
 * window, then the table, tpmC and mix lines that {@code tpcc run} prints after its summary, in the
 * same columns ({@code TransactionTable}).
 */
final class MergedReport {
  private static final double[] PERCENTILES = {50, 90, 95, 99};
  private static final String[] LATENCY_HEADS = {
    "avg ms", "p50 ms", "p90 ms", "p95 ms", "p99 ms", "max ms"
  };

  private MergedReport() {}

  static String render(ResultsMerge m) throws IOException {
    StringBuilder out = new StringBuilder(2048);
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
    out.append("\nTransactions by type:\n");
    StringBuilder h = new StringBuilder("    ").append(CFormat.left("type", 13));
    h.append(CFormat.right("count", 10)).append(CFormat.right("share %", 9));
    h.append(CFormat.right("errors", 9)).append(CFormat.right("failed", 8));
    h.append(CFormat.right("rollbacks", 10));
    for (String head : LATENCY_HEADS) {
      h.append(CFormat.right(head, 10));
    }
    out.append(h).append('\n');
    long total = 0;
    for (String kind : m.kinds()) {
      total += m.kindCount(kind, "completed");
    }
    long errors = 0;
    long failed = 0;
    long rollbacks = 0;
    for (String kind : m.kinds()) {
      long e = m.kindCount(kind, "errors");
      long f = m.kindCount(kind, "failed");
      long r = m.kindCount(kind, "rollbacks");
      errors += e;
      failed += f;
      rollbacks += r;
      row(out, kind, m.kindCount(kind, "completed"), total, e, f, r, m.wholeRun().get(kind));
    }
    row(out, "total", total, total, errors, failed, rollbacks, m.allKinds());
    out.append('\n');
    out.append("tpmC: ")
        .append(CFormat.fixed(m.tpmC(), 2))
        .append("  tpmTotal: ")
        .append(CFormat.fixed(m.tpmTotal(), 2))
        .append("  (over the common window of all drivers)")
        .append('\n');
    Map<TransactionType, Double> mix = m.mix();
    StringBuilder line = new StringBuilder("mix (TPC-C 5.2.3):");
    String separator = " ";
    boolean meets = true;
    for (TransactionType type : TpccMix.types()) {
      line.append(separator).append(type.label()).append(' ');
      line.append(CFormat.fixed(mix.get(type), 2)).append(" %");
      double minimum = TpccMix.minimumPercent(type);
      if (minimum > 0) {
        line.append(" (>= ").append(CFormat.fixed(minimum, 0)).append(')');
      }
      meets &= mix.get(type) >= minimum;
      separator = ", ";
    }
    line.append(meets ? ": meets the minimums" : ": BELOW a minimum");
    out.append(line).append('\n');
    out.append(
        "note: without keying and think times this is a TPC-C-like figure, not a TPC-C result"
            + " (TPC-C 5.4)\n");
    return out.toString();
  }

  private static void row(
      StringBuilder out,
      String name,
      long completed,
      long total,
      long errors,
      long failed,
      long rollbacks,
      Histogram h) {
    double share = total == 0 ? 0 : 100.0 * completed / total;
    StringBuilder r = new StringBuilder("    ").append(CFormat.left(name, 13));
    r.append(CFormat.right(Long.toString(completed), 10));
    r.append(CFormat.fixed(share, 9, 2));
    r.append(CFormat.right(Long.toString(errors), 9));
    r.append(CFormat.right(Long.toString(failed), 8));
    r.append(CFormat.right(Long.toString(rollbacks), 10));
    boolean empty = h.getTotalCount() == 0;
    r.append(CFormat.fixed(empty ? 0 : h.getMean() / 1e3, 10, 2));
    for (double p : PERCENTILES) {
      r.append(CFormat.fixed(empty ? 0 : h.getValueAtPercentile(p) / 1e3, 10, 2));
    }
    r.append(CFormat.fixed(empty ? 0 : h.getMaxValue() / 1e3, 10, 2));
    out.append(r).append('\n');
  }
}
