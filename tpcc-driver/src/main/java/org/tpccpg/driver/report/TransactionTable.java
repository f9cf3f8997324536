package org.tpccpg.driver.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.KindTotals;
import org.tpccpg.driver.metrics.RunResult;
import org.tpccpg.driver.metrics.TpccMix;
import org.tpccpg.driver.metrics.TpmC;

/**
 * What sysbench does not print: a table per transaction type (count, share of the mix, errors,
 * rollbacks, latency from HdrHistogram, round trips per transaction) and the tpmC line with its
 * caveat. Types with no activity are left out; the last row is the total.
 */
public final class TransactionTable {
  private static final String[] LATENCY_HEADS = {
    "avg ms", "p50 ms", "p90 ms", "p95 ms", "p99 ms", "max ms"
  };
  private static final double[] PERCENTILES = {50, 90, 95, 99};

  /** The type column's width; a longer name (spec mode's delivery_deferred) widens it. */
  private static final int TYPE_WIDTH = 13;

  private TransactionTable() {}

  /** Delivery's districts, as TPC-C runs count them ({@link RunResult#workloadCounts()}). */
  public static final String DISTRICTS_DELIVERED = "delivery_districts_delivered";

  public static final String DISTRICTS_SKIPPED = "delivery_districts_skipped";

  /**
   * Delivery's districts as a TPC-C run's {@link RunResult#workloadCounts()}, delivered first:
   * summary.json writes them in this order, as {@code merge} does.
   */
  public static Map<String, Long> deliveryCounts(long delivered, long skipped) {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put(DISTRICTS_DELIVERED, delivered);
    counts.put(DISTRICTS_SKIPPED, skipped);
    return counts;
  }

  /**
   * The table, a blank line, the tpmC line, the mix against TPC-C's minimums, Delivery's skipped
   * districts and the note; every line ends in {@code \n}.
   *
   * @param warehouses the warehouses of the run, for tpmC's efficiency
   * @param thinkTimes whether the run keyed and thought (only then is the efficiency shown)
   */
  public static String render(RunResult t, int warehouses, boolean thinkTimes) {
    List<TypeRow> rows = new ArrayList<>();
    for (int kind = 0; kind < t.kinds().size(); kind++) {
      KindTotals k = t.kind(kind);
      if (k.attempted() + k.tryFailures() > 0) {
        rows.add(TypeRow.of(t.kinds().get(kind), k, t.latencies().get(kind)));
      }
    }
    TypeRow total = TypeRow.of("total", t.counters().allKinds(), t.mergedLatencies());
    return render(
        rows,
        total,
        TpmC.of(t, warehouses, thinkTimes),
        TpccMix.of(t),
        t.workloadCount(DISTRICTS_DELIVERED),
        t.workloadCount(DISTRICTS_SKIPPED));
  }

  /**
   * The same lines from given figures (a merge's, for one); the note is printed when {@code tpmC}
   * has no efficiency, that is for a run without keying and think times.
   *
   * @param rows the types' rows, in kind order, without the total
   * @param districtsDelivered Delivery's districts delivered; with the skipped, 0 for no line
   */
  public static String render(
      List<TypeRow> rows,
      TypeRow total,
      TpmC tpmC,
      TpccMix mix,
      long districtsDelivered,
      long districtsSkipped) {
    StringBuilder out = new StringBuilder(1024);
    SysbenchSummary.line(out, "Transactions by type:");
    int width = TYPE_WIDTH;
    for (TypeRow row : rows) {
      width = Math.max(width, row.name().length() + 1);
    }
    header(out, width);
    for (TypeRow row : rows) {
      row(out, row, total.completed(), width);
    }
    row(out, total, total.completed(), width);
    SysbenchSummary.line(out, "");
    tpmC(out, tpmC);
    mix(out, mix);
    delivery(out, districtsDelivered, districtsSkipped);
    if (!tpmC.hasEfficiency()) {
      note(out);
    }
    return out.toString();
  }

  private static void header(StringBuilder out, int width) {
    StringBuilder h = new StringBuilder("    ").append(CFormat.left("type", width));
    h.append(CFormat.right("count", 10)).append(CFormat.right("share %", 9));
    h.append(CFormat.right("errors", 9)).append(CFormat.right("failed", 8));
    h.append(CFormat.right("rollbacks", 10));
    for (String head : LATENCY_HEADS) {
      h.append(CFormat.right(head, 10));
    }
    h.append(CFormat.right("trips/txn", 10));
    SysbenchSummary.line(out, h.toString());
  }

  private static void row(StringBuilder out, TypeRow k, long total, int width) {
    double share = total == 0 ? 0 : 100.0 * k.completed() / total;
    StringBuilder r = new StringBuilder("    ").append(CFormat.left(k.name(), width));
    r.append(CFormat.right(Long.toString(k.completed()), 10));
    r.append(CFormat.fixed(share, 9, 2));
    r.append(CFormat.right(Long.toString(k.errors()), 9));
    r.append(CFormat.right(Long.toString(k.failed()), 8));
    r.append(CFormat.right(Long.toString(k.rollbacks()), 10));
    Histogram h = k.latencies();
    boolean empty = h.getTotalCount() == 0;
    r.append(CFormat.fixed(empty ? 0 : h.getMean() / 1e3, 10, 2));
    for (double p : PERCENTILES) {
      r.append(CFormat.fixed(empty ? 0 : h.getValueAtPercentile(p) / 1e3, 10, 2));
    }
    r.append(CFormat.fixed(empty ? 0 : h.getMaxValue() / 1e3, 10, 2));
    // The client's waits for the server, COMMIT included, per completed transaction (--txn-mode).
    r.append(CFormat.fixed(k.roundTripsPerTransaction(), 10, 2));
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
            + (f.hasEfficiency()
                ? CFormat.fixed(f.efficiencyPercent(), 2) + "%"
                : "n/a (without keying and think times TPC-C 5.2.5.7's 12.86 tpmC per warehouse"
                    + " is no ceiling)"));
  }

  /** The finished mix against TPC-C 5.2.3's minimums, and how far failures moved it. */
  private static void mix(StringBuilder out, TpccMix mix) {
    StringBuilder line = new StringBuilder("mix (TPC-C 5.2.3):");
    String separator = " ";
    for (TransactionType type : TpccMix.types()) {
      line.append(separator).append(type.label()).append(' ');
      line.append(CFormat.fixed(mix.finished().get(type), 2)).append(" %");
      double minimum = TpccMix.minimumPercent(type);
      if (minimum > 0) {
        line.append(" (>= ").append(CFormat.fixed(minimum, 0)).append(')');
      }
      separator = ", ";
    }
    line.append(mix.meetsMinimums() ? ": meets the minimums" : ": BELOW a minimum");
    line.append("; drawn mix within ").append(CFormat.fixed(mix.driftPoints(), 2));
    line.append(" points");
    SysbenchSummary.line(out, line.toString());
  }

  /** Delivery's skipped districts: TPC-C 2.7.4.2 asks to report them when above 1 %. */
  private static void delivery(StringBuilder out, long delivered, long skipped) {
    long all = delivered + skipped;
    if (all == 0) {
      return;
    }
    double percent = 100.0 * skipped / all;
    SysbenchSummary.line(
        out,
        "delivery: "
            + skipped
            + " of "
            + all
            + " districts skipped, no new order to deliver ("
            + CFormat.fixed(percent, 2)
            + " %"
            + (percent > 1 ? "; above TPC-C 2.7.4.2's 1 %" : "")
            + ")");
  }

  private static void note(StringBuilder out) {
    SysbenchSummary.line(
        out,
        "note: without keying and think times this is a TPC-C-like figure,"
            + " not a TPC-C result (TPC-C 5.4)");
  }
}
