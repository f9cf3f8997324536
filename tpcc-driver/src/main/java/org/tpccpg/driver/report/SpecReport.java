package org.tpccpg.driver.report;

import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.tpccpg.core.tpcc.TransactionType;
import org.tpccpg.driver.metrics.Interval;
import org.tpccpg.driver.metrics.IntervalSnapshot;
import org.tpccpg.driver.metrics.SpecOutcome;
import org.tpccpg.driver.metrics.SpecReason;
import org.tpccpg.driver.metrics.SpecTimes;
import org.tpccpg.driver.metrics.SpecVerdict;
import org.tpccpg.driver.metrics.TerminalStates;
import org.tpccpg.driver.metrics.TpccMix;
import org.tpccpg.driver.metrics.TpmC;
import org.tpccpg.driver.spec.TerminalTimes;

/**
 * Spec mode's text: the report line with the terminals' states, and the block after the summary
 * with the constraints one per line, the verdict line, tpmC with the real efficiency, tpmC per
 * steady-state window, the times beside the response times, and, when it applies, "not a TPC-C
 * result" with the reasons.
 */
public final class SpecReport {
  private SpecReport() {}

  /**
   * sysbench's report line, then the terminals thinking, keying and in a transaction (waiting for a
   * worker or connection, or running) and the deferred Deliveries waiting in the queue.
   *
   * @param states the terminals' states at the end of the interval
   */
  public static String line(Interval interval, double percentile, TerminalStates states) {
    return SysbenchReportLine.text(IntervalSnapshot.of(interval, percentile))
        + String.format(
            Locale.ROOT,
            " terminals thinking/keying/in txn: %d/%d/%d deferred queue: %d",
            states.thinking(),
            states.keying(),
            states.inTransaction(),
            states.deferredQueue());
  }

  /** The block after the transaction table; every line ends in {@code \n}. */
  public static String render(SpecOutcome o, double measuredSeconds) {
    StringBuilder out = new StringBuilder(2048);
    SysbenchSummary.line(out, "");
    SysbenchSummary.line(
        out,
        String.format(
            Locale.ROOT,
            "TPC-C spec mode: %d terminals (%d warehouses), keying x%s, think x%s, ramp-up %d s,"
                + " measurement interval %.1f s",
            o.terminals(),
            o.warehouses(),
            number(o.keyingMultiplier()),
            number(o.thinkMultiplier()),
            o.rampUpSeconds(),
            measuredSeconds));
    // sysbench's figures above count events by kind, and a deferred Delivery is two kinds here
    SysbenchSummary.line(
        out,
        "(sysbench's events, tps and latency above count a deferred Delivery twice: its queueing,"
            + " kind delivery, and its execution, kind delivery_deferred; tpmTotal counts it once)");
    constraints(out, o.verdict());
    SysbenchSummary.line(out, o.verdictLine());
    SysbenchSummary.line(
        out,
        String.format(
            Locale.ROOT,
            "tpmC: %.2f  tpmTotal: %.2f  efficiency: %.2f%% (tpmC / (12.86 x %d warehouses);"
                + " the 23-card deck's ceiling is %.2f per warehouse, %.1f%%)",
            o.tpmC().tpmC(),
            o.tpmC().tpmTotal(),
            o.tpmC().efficiencyPercent(),
            o.warehouses(),
            TpmC.DECK_TPMC_PER_WAREHOUSE,
            TpmC.DECK_TPMC_PER_WAREHOUSE / TpmC.MAX_TPMC_PER_WAREHOUSE * 100));
    SysbenchSummary.line(out, o.steadyState().line());
    SysbenchSummary.line(out, thinkTimes(o));
    deliveriesAndLag(out, o);
    if (!o.notTpccReasons().isEmpty()) {
      SysbenchSummary.line(
          out, "not a TPC-C result: " + String.join("; ", SpecReason.texts(o.notTpccReasons())));
    }
    return out.toString();
  }

  /** The deferred Deliveries, the skipped districts (2.7.4.2), the scheduling lag. */
  private static void deliveriesAndLag(StringBuilder out, SpecOutcome o) {
    SysbenchSummary.line(
        out,
        "deferred deliveries: "
            + o.deferredQueued()
            + " queued, "
            + o.deferredCompleted()
            + " completed, "
            + o.deferredFailed()
            + " failed; queued "
            + millis(o.times().deliveryQueued())
            + "; executing "
            + millis(o.times().deliveryExecution()));
    SpecTimes.Skips skips = o.times().skips();
    SysbenchSummary.line(
        out,
        String.format(
            Locale.ROOT,
            "skipped (2.7.4.2, Deliveries queued in the measurement interval): %d of %d districts"
                + " (%.2f %%), in %d of %d Deliveries (%.2f %%)",
            skips.districtsSkipped(),
            skips.districtsDelivered() + skips.districtsSkipped(),
            skips.districtsSkippedPercent(),
            skips.skippingDeliveries(),
            skips.deliveries(),
            skips.skippingPercent()));
    SysbenchSummary.line(
        out,
        "scheduling lag (a due terminal's wait for a worker): "
            + millis(o.times().schedulingLag())
            + String.format(
                Locale.ROOT,
                "; average wait for a pooled connection: %.3f ms (both in the response times)",
                o.poolWaitMillis()));
  }

  /**
   * The mean think time measured after each type against 5.2.5.7's mean times the multiplier, and
   * the keying times (constant, so as set).
   */
  static String thinkTimes(SpecOutcome o) {
    StringBuilder b = new StringBuilder("think times (mean measured / 5.2.5.7's x ");
    b.append(number(o.thinkMultiplier())).append("):");
    StringBuilder keying = new StringBuilder();
    for (TransactionType type : TpccMix.types()) {
      double measured = o.times().meanThinkSeconds().get(type.ordinal());
      b.append(' ')
          .append(type.label())
          .append(' ')
          .append(Double.isNaN(measured) ? "none" : String.format(Locale.ROOT, "%.2f", measured))
          .append(
              String.format(
                  Locale.ROOT,
                  " / %.2f s,",
                  TerminalTimes.meanThinkSeconds(type) * o.thinkMultiplier()));
      keying
          .append(keying.length() == 0 ? "" : ", ")
          .append(number(TerminalTimes.keyingSeconds(type)));
    }
    b.setLength(b.length() - 1);
    return b.append("; keying ")
        .append(keying)
        .append(" s x ")
        .append(number(o.keyingMultiplier()))
        .append(" (constant)")
        .toString();
  }

  /** The constraints' heading and one line per constraint: name, figure, limit, met or MISSED. */
  public static void constraints(StringBuilder out, SpecVerdict verdict) {
    SysbenchSummary.line(out, "constraints (TPC-C 5.2.5.3, 5.2.3, 2.7.2):");
    for (SpecVerdict.Constraint c : verdict.constraints()) {
      SysbenchSummary.line(
          out,
          "    "
              + CFormat.left(c.name() + ":", 38)
              + CFormat.right(c.measured(), 14)
              + "  "
              + CFormat.left(c.required(), 12)
              + (c.met() ? "met" : "MISSED"));
    }
  }

  /** avg, p50, p90, p99 and max of a histogram in microseconds, printed in milliseconds. */
  private static String millis(Histogram h) {
    if (h.getTotalCount() == 0) {
      return "none measured";
    }
    return String.format(
        Locale.ROOT,
        "avg %.2f ms, p50 %.2f, p90 %.2f, p99 %.2f, max %.2f",
        h.getMean() / 1e3,
        h.getValueAtPercentile(50) / 1e3,
        h.getValueAtPercentile(90) / 1e3,
        h.getValueAtPercentile(99) / 1e3,
        h.getMaxValue() / 1e3);
  }

  private static String number(double value) {
    return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
  }
}
