package org.tpccpg.driver.merge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.tpccpg.driver.metrics.SpecOutcome;
import org.tpccpg.driver.metrics.SpecReason;
import org.tpccpg.driver.metrics.SpecRunReasons;
import org.tpccpg.driver.metrics.SpecVerdict;
import org.tpccpg.driver.metrics.SteadyState;
import org.tpccpg.driver.report.SpecReport;
import org.tpccpg.driver.results.JsonWriter;
import org.tpccpg.driver.results.SpecSummary;
import org.tpccpg.driver.run.SpecConfig;
import org.tpccpg.driver.spec.SpecKinds;

/**
 * The spec-mode verdict of drivers' runs merged ({@code run --spec --warehouses=FROM-TO} each): a
 * TPC-C result only if every warehouse of the data set had its terminals in some driver, the
 * drivers ran with the same spec settings, and every constraint, the interval, the steady state and
 * the failures hold over the merged figures. A driver's own share, interval, steady state, failures
 * and constraints are judged again here ({@link SpecReason#JUDGED_AGAIN_BY_MERGE}); its other
 * reasons (multipliers, data set, ramp-up, ...) are carried over. It does not merge the scheduling
 * lag's or the deferred Deliveries' time distributions: it reports their worst driver's maximum.
 */
final class MergedSpecVerdict {
  /** A reason only a merge gives: warehouses without terminals. */
  static final String COVERAGE = "coverage";

  /** A reason only a merge gives: drivers with different spec settings. */
  static final String SETTINGS = "settings";

  private static final List<String> SAME_SETTINGS =
      List.of("keying_multiplier", "think_multiplier", "ramp_up_seconds", "limits_s");

  private final List<Map<String, Object>> specs;
  private final long withoutTerminals;
  private final SpecVerdict verdict;
  private final SteadyState steady;
  private final List<SpecReason> reasons;

  private MergedSpecVerdict(
      List<Map<String, Object>> specs,
      long withoutTerminals,
      SpecVerdict verdict,
      SteadyState steady,
      List<SpecReason> reasons) {
    this.specs = specs;
    this.withoutTerminals = withoutTerminals;
    this.verdict = verdict;
    this.steady = steady;
    this.reasons = List.copyOf(reasons);
  }

  /** The merged verdict, or null when the drivers' runs were not spec-mode runs. */
  static MergedSpecVerdict of(ResultsMerge m) throws IOException {
    List<Map<String, Object>> specs = new ArrayList<>();
    for (DriverResult d : m.drivers()) {
      if (d.summary().get("spec") instanceof Map<?, ?>) {
        specs.add(Values.object(d.summary(), "spec", d.summaryFile()));
      }
    }
    if (specs.isEmpty()) {
      return null;
    }
    if (specs.size() != m.drivers().size()) {
      throw new IOException("some of the results are of run --spec and some are not");
    }
    DriverResult firstDriver = m.drivers().get(0);
    long scale = Values.integer(firstDriver.config(), "scale", firstDriver.summaryFile());
    long without = withoutTerminals(m, scale);
    SpecVerdict verdict = verdict(m, specs);
    SteadyState steady = SteadyState.ofWindows(windows(specs));
    List<SpecReason> reasons = new ArrayList<>(carried(specs));
    if (without > 0) {
      reasons.add(
          new SpecReason(
              COVERAGE,
              without
                  + " of the data set's "
                  + scale
                  + " warehouses (per table set) had no terminals in any driver ("
                  + m.warehouses()
                  + " had)"));
    }
    String differing = differingSetting(m, specs);
    if (differing != null) {
      reasons.add(new SpecReason(SETTINGS, differing));
    }
    reasons.addAll(
        SpecRunReasons.of(m.commonWindowSeconds(), steady, SpecKinds.KINDS, failed(m), verdict));
    return new MergedSpecVerdict(specs, without, verdict, steady, reasons);
  }

  /** The data set's warehouses (per set) outside every driver's range; ranges do not overlap. */
  private static long withoutTerminals(ResultsMerge m, long scale) throws IOException {
    long covered = 0;
    for (DriverResult d : m.drivers()) {
      covered += ShapeCheck.range(d).size();
    }
    return Math.max(0, scale - covered);
  }

  /** Each kind's p90 over every driver's latencies together, against the first driver's limits. */
  private static SpecVerdict verdict(ResultsMerge m, List<Map<String, Object>> specs)
      throws IOException {
    int n = SpecKinds.KINDS.size();
    double[] p90 = new double[n];
    long[] completed = new long[n];
    for (int k = 0; k < n; k++) {
      String kind = SpecKinds.KINDS.get(k);
      Histogram h = m.wholeRun().get(kind);
      p90[k] = h == null || h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(90) / 1e6;
      completed[k] = m.kinds().contains(kind) ? m.kindCount(kind, "completed") : 0;
    }
    long queued = 0;
    long done = 0;
    for (Map<String, Object> spec : specs) {
      if (spec.get("deferred_delivery") instanceof Map<?, ?> deferred) {
        queued += Values.count(deferred.get("queued"));
        done += Values.count(deferred.get("completed"));
      }
    }
    return SpecVerdict.judge(
        SpecKinds.KINDS, p90, completed, limits(specs.get(0)), MergedFigures.mix(m), queued, done);
  }

  private static List<Double> limits(Map<String, Object> spec) {
    if (!(spec.get("limits_s") instanceof Map<?, ?> given)) {
      return SpecConfig.SPECIFIED_LIMITS; // a result written before limits_s
    }
    List<Double> limits = new ArrayList<>();
    for (int k = 0; k < SpecKinds.KINDS.size(); k++) {
      double limit = Values.number(given.get(SpecKinds.KINDS.get(k)));
      limits.add(limit > 0 ? limit : SpecConfig.SPECIFIED_LIMITS.get(k));
    }
    return limits;
  }

  /**
   * The drivers' windows added up, window by window, over the windows every driver has: drivers
   * started together ({@code --start-at}) measure their windows over the same minutes.
   */
  private static List<Double> windows(List<Map<String, Object>> specs) {
    List<List<?>> each = new ArrayList<>();
    int common = Integer.MAX_VALUE;
    for (Map<String, Object> spec : specs) {
      List<?> tpmC =
          spec.get("steady_state") instanceof Map<?, ?> s && s.get("tpmC") instanceof List<?> l
              ? l
              : List.of();
      each.add(tpmC);
      common = Math.min(common, tpmC.size());
    }
    List<Double> sum = new ArrayList<>();
    for (int w = 0; w < common; w++) {
      double total = 0;
      for (List<?> tpmC : each) {
        total += Values.number(tpmC.get(w));
      }
      sum.add(total);
    }
    return sum;
  }

  private static long[] failed(ResultsMerge m) throws IOException {
    long[] failed = new long[SpecKinds.KINDS.size()];
    for (int k = 0; k < failed.length; k++) {
      String kind = SpecKinds.KINDS.get(k);
      failed[k] = m.kinds().contains(kind) ? m.kindCount(kind, "failed") : 0;
    }
    return failed;
  }

  /**
   * The drivers' reasons the merge does not judge again, each sentence once. A driver's result
   * without codes (written before them) has every reason carried: the safe side.
   */
  private static List<SpecReason> carried(List<Map<String, Object>> specs) {
    Set<String> seen = new LinkedHashSet<>();
    List<SpecReason> carried = new ArrayList<>();
    for (Map<String, Object> spec : specs) {
      List<?> texts = spec.get("not_tpcc_result") instanceof List<?> l ? l : List.of();
      List<?> codes = spec.get("not_tpcc_codes") instanceof List<?> l ? l : List.of();
      for (int i = 0; i < texts.size(); i++) {
        String text = String.valueOf(texts.get(i));
        String code = codes.size() == texts.size() ? String.valueOf(codes.get(i)) : SETTINGS;
        if (!SpecReason.JUDGED_AGAIN_BY_MERGE.contains(code) && seen.add(text)) {
          carried.add(new SpecReason(code, text));
        }
      }
    }
    return carried;
  }

  private static String differingSetting(ResultsMerge m, List<Map<String, Object>> specs) {
    for (String member : SAME_SETTINGS) {
      for (int i = 1; i < specs.size(); i++) {
        if (!Objects.equals(specs.get(0).get(member), specs.get(i).get(member))) {
          return "the drivers ran with different spec settings: "
              + member
              + " "
              + specs.get(0).get(member)
              + " in "
              + m.drivers().get(0).directory()
              + " but "
              + specs.get(i).get(member)
              + " in "
              + m.drivers().get(i).directory();
        }
      }
    }
    return null;
  }

  List<SpecReason> reasons() {
    return reasons;
  }

  SpecVerdict verdict() {
    return verdict;
  }

  SteadyState steadyState() {
    return steady;
  }

  /** Whether the merged run is a TPC-C result. */
  boolean tpccResult() {
    return reasons.isEmpty();
  }

  String verdictLine() {
    return SpecOutcome.verdictLine(verdict, reasons.size());
  }

  /** The block after the merged per-type table; every line ends in {@code \n}. */
  String text() {
    StringBuilder out = new StringBuilder(1024);
    out.append("TPC-C spec mode, merged: ")
        .append(sum("terminals"))
        .append(" terminals (")
        .append(sum("warehouses"))
        .append(" warehouses) in ")
        .append(specs.size())
        .append(" drivers; warehouses without terminals: ")
        .append(withoutTerminals)
        .append('\n');
    SpecReport.constraints(out, verdict);
    out.append(verdictLine()).append('\n');
    out.append(steady.line()).append(" (the drivers' windows added up)\n");
    if (!reasons.isEmpty()) {
      out.append("not a TPC-C result: ")
          .append(String.join("; ", SpecReason.texts(reasons)))
          .append('\n');
    }
    return out.toString();
  }

  private long sum(String member) {
    return specs.stream().mapToLong(s -> Values.count(s.get(member))).sum();
  }

  /** The merged summary's {@code spec} object, the members a run's has. */
  void write(JsonWriter json) {
    Map<String, Object> first = specs.get(0);
    json.name("spec").beginObject();
    json.name("terminals").value(sum("terminals"));
    json.name("warehouses").value(sum("warehouses"));
    json.name("keying_multiplier").value(Values.number(first.get("keying_multiplier")));
    json.name("think_multiplier").value(Values.number(first.get("think_multiplier")));
    json.name("ramp_up_seconds").value(Values.count(first.get("ramp_up_seconds")));
    json.name("tpcc_result").value(tpccResult());
    json.name("not_tpcc_result").beginArray();
    SpecReason.texts(reasons).forEach(json::value);
    json.endArray();
    json.name("not_tpcc_codes").beginArray();
    reasons.forEach(r -> json.value(r.code()));
    json.endArray();
    json.name("warehouses_without_terminals").value(withoutTerminals);
    json.name("verdict").value(verdict.met() ? "met" : "missed");
    json.name("verdict_line").value(verdictLine());
    json.name("limits_s").beginObject();
    List<Double> limits = limits(first);
    for (int k = 0; k < SpecKinds.KINDS.size(); k++) {
      json.name(SpecKinds.KINDS.get(k)).value(limits.get(k));
    }
    json.endObject();
    SpecSummary.steadyState(json, steady);
    SpecSummary.constraints(json, verdict);
    json.name("deferred_delivery").beginObject();
    for (String member : List.of("queued", "completed", "failed")) {
      json.name(member).value(deferredSum(member));
    }
    json.endObject();
    json.name("scheduling_lag_ms").beginObject();
    json.name("max").value(worst("scheduling_lag_ms", "max"));
    json.endObject();
    double wait = specs.stream().mapToDouble(s -> Values.number(s.get("pool_wait_avg_ms"))).sum();
    json.name("pool_wait_avg_ms").value(wait / specs.size());
    json.endObject();
  }

  private long deferredSum(String member) {
    long sum = 0;
    for (Map<String, Object> spec : specs) {
      if (spec.get("deferred_delivery") instanceof Map<?, ?> d) {
        sum += Values.count(d.get(member));
      }
    }
    return sum;
  }

  private double worst(String object, String member) {
    double worst = 0;
    for (Map<String, Object> spec : specs) {
      if (spec.get(object) instanceof Map<?, ?> o) {
        worst = Math.max(worst, Values.number(o.get(member)));
      }
    }
    return worst;
  }
}
