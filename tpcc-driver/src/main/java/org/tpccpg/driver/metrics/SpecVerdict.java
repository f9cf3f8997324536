package org.tpccpg.driver.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.tpccpg.core.tpcc.TransactionType;

/**
 * Whether a spec-mode run met TPC-C's constraints over its measurement interval: each kind's 90th
 * percentile response time against its limit (TPC-C 5.2.5.3; the deferred Delivery's completion
 * against 80 s), the mix minimums of 5.2.3, and every deferred Delivery completed (2.7.2). Pure:
 * built from figures, so it is tested without a run.
 *
 * @param constraints each constraint, in the order printed
 */
public record SpecVerdict(List<Constraint> constraints) {
  /**
   * One constraint.
   *
   * @param name what is constrained, e.g. {@code new_order p90 response time}
   * @param measured the run's figure, with its unit
   * @param required the limit, e.g. {@code <= 5 s}
   * @param met whether the figure is within it
   */
  public record Constraint(String name, String measured, String required, boolean met) {}

  public SpecVerdict {
    constraints = List.copyOf(constraints);
  }

  /**
   * Judges a run's figures.
   *
   * @param kinds the kinds' labels: TPC-C's five types by {@link TransactionType} ordinal, then the
   *     deferred Delivery
   * @param p90Seconds each kind's 90th percentile response time, in seconds
   * @param completed each kind's completed transactions
   * @param limitSeconds each kind's limit on its 90th percentile, in seconds
   * @param mix the finished mix
   * @param deferredQueued deferred Deliveries queued over the whole run
   * @param deferredCompleted of those, the ones that committed
   */
  public static SpecVerdict judge(
      List<String> kinds,
      double[] p90Seconds,
      long[] completed,
      List<Double> limitSeconds,
      TpccMix mix,
      long deferredQueued,
      long deferredCompleted) {
    List<Constraint> constraints = new ArrayList<>();
    for (int k = 0; k < kinds.size(); k++) {
      double limit = limitSeconds.get(k);
      boolean any = completed[k] > 0;
      constraints.add(
          new Constraint(
              kinds.get(k) + " p90 response time",
              any ? String.format(Locale.ROOT, "%.3f s", p90Seconds[k]) : "none completed",
              "<= " + seconds(limit),
              any && p90Seconds[k] <= limit));
    }
    for (TransactionType type : TpccMix.types()) {
      double minimum = TpccMix.minimumPercent(type);
      if (minimum > 0) {
        double share = mix.finished().get(type);
        constraints.add(
            new Constraint(
                type.label() + " share of the mix",
                String.format(Locale.ROOT, "%.2f %%", share),
                String.format(Locale.ROOT, ">= %.0f %%", minimum),
                share >= minimum));
      }
    }
    constraints.add(
        new Constraint(
            "deferred deliveries completed",
            deferredCompleted + " of " + deferredQueued,
            "all",
            deferredCompleted == deferredQueued));
    return new SpecVerdict(constraints);
  }

  private static String seconds(double limit) {
    return limit == Math.rint(limit)
        ? String.format(Locale.ROOT, "%.0f s", limit)
        : String.format(Locale.ROOT, "%s s", limit);
  }

  /** Whether every constraint was met. */
  public boolean met() {
    return constraints.stream().allMatch(Constraint::met);
  }

  /** The constraints missed. */
  public List<Constraint> missed() {
    return constraints.stream().filter(c -> !c.met()).toList();
  }

  /**
   * The one verdict line: {@code verdict: MET (all 10 constraints: a, b, ...)} or {@code verdict:
   * MISSED: a, b; met: c, d, ...}, naming every constraint.
   */
  public String line() {
    String met =
        constraints.stream()
            .filter(Constraint::met)
            .map(Constraint::name)
            .collect(Collectors.joining(", "));
    if (met()) {
      return "verdict: MET (all " + constraints.size() + " constraints met: " + met + ")";
    }
    String missed = missed().stream().map(Constraint::name).collect(Collectors.joining(", "));
    return "verdict: MISSED: " + missed + (met.isEmpty() ? "" : "; met: " + met);
  }
}
