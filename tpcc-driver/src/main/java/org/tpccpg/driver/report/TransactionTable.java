package org.tpccpg.driver.report;

import org.HdrHistogram.Histogram;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.TpmC;

/**
 * What sysbench does not print: a table per transaction type (count, share of the mix, errors,
 * rollbacks, latency from HdrHistogram) and the tpmC line with its caveat. Types with no activity
 * are left out; the last row is the total.
 */
public final class TransactionTable {
  private static final String[] LATENCY_HEADS = {
    "avg ms", "p50 ms", "p90 ms", "p95 ms", "p99 ms", "max ms"
  };
  private static final double[] PERCENTILES = {50, 90, 95, 99};

  private TransactionTable() {}

  /**
   * The table, a blank line, the tpmC line and the note; every line ends in {@code \n}.
   *
   * @param warehouses the warehouses of the run, for tpmC's efficiency
   */
  public static String render(RunResult t, int warehouses) {
    StringBuilder out = new StringBuilder(1024);
    SysbenchSummary.line(out, "Transactions by type:");
    header(out);
    KindTotals sum = t.counters().allKinds();
    for (int kind = 0; kind < t.kinds().size(); kind++) {
      KindTotals k = t.kind(kind);
      if (k.completed() + k.tryFailures() > 0) {
        row(out, t.kinds().get(kind), k, sum.completed(), t.latencies().get(kind));
      }
    }
    row(out, "total", sum, sum.completed(), t.mergedLatencies());
    SysbenchSummary.line(out, "");
    tpmC(out, TpmC.of(t, warehouses));
    return out.toString();
  }

  private static void header(StringBuilder out) {
    StringBuilder h = new StringBuilder("    ").append(CFormat.left("type", 13));
    h.append(CFormat.right("count", 10)).append(CFormat.right("share %", 9));
    h.append(CFormat.right("errors", 9)).append(CFormat.right("rollbacks", 10));
    for (String head : LATENCY_HEADS) {
      h.append(CFormat.right(head, 10));
    }
    SysbenchSummary.line(out, h.toString());
  }

  private static void row(StringBuilder out, String name, KindTotals k, long total, Histogram h) {
    double share = total == 0 ? 0 : 100.0 * k.completed() / total;
    StringBuilder r = new StringBuilder("    ").append(CFormat.left(name, 13));
    r.append(CFormat.right(Long.toString(k.completed()), 10));
    r.append(CFormat.fixed(share, 9, 2));
    r.append(CFormat.right(Long.toString(k.tryFailures()), 9));
    r.append(CFormat.right(Long.toString(k.rolledBack()), 10));
    boolean empty = h.getTotalCount() == 0;
    r.append(CFormat.fixed(empty ? 0 : h.getMean() / 1e3, 10, 2));
    for (double p : PERCENTILES) {
      r.append(CFormat.fixed(empty ? 0 : h.getValueAtPercentile(p) / 1e3, 10, 2));
    }
    r.append(CFormat.fixed(empty ? 0 : h.getMaxValue() / 1e3, 10, 2));
    SysbenchSummary.line(out, r.toString());
  }

  private static void tpmC(StringBuilder out, TpmC f) {
    SysbenchSummary.line(
        out,
        "tpmC: "
            + CFormat.fixed(f.tpmC(), 2)
            + "  tpmTotal: "
            + CFormat.fixed(f.tpmTotal(), 2)
            + "  efficiency: "
            + CFormat.fixed(f.efficiencyPercent(), 2)
            + "%");
    SysbenchSummary.line(
        out,
        "note: without keying and think times this is a TPC-C-like figure,"
            + " not a TPC-C result (TPC-C 5.4)");
  }
}
