package org.tpccpg.driver.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.tpccpg.driver.metrics.SpecReason;
import org.tpccpg.driver.results.JsonReader;
import org.tpccpg.driver.results.JsonWriter;
import org.tpccpg.driver.spec.SpecKinds;

/**
 * The merged spec verdict from drivers' summaries built here: whether every warehouse had its
 * terminals, which of a driver's reasons are carried and which judged again, and the constraints
 * over the drivers' latencies together.
 */
class MergedSpecVerdictTest {
  /** Completed per kind of {@link SpecKinds#KINDS}: a mix that meets 5.2.3's minimums. */
  private static final long[] COMPLETED = {4300, 4300, 400, 400, 400, 400};

  private static final String RANGE_REASON = "terminals on 1 of the data set's 2 warehouses only";

  /** A driver on {@code range} with a New-Order latency of {@code newOrderMicros} for all. */
  private static DriverResult driver(
      String range, long newOrderMicros, List<String> codes, List<String> texts, double keying) {
    Map<String, Object> kinds = new LinkedHashMap<>();
    Map<String, List<Histogram>> histograms = new LinkedHashMap<>();
    for (int k = 0; k < SpecKinds.KINDS.size(); k++) {
      kinds.put(
          SpecKinds.KINDS.get(k),
          Map.of("completed", (double) COMPLETED[k], "failed", 0.0, "skipped", 0.0));
      Histogram h = new Histogram(3);
      h.recordValueWithCount(k == 0 ? newOrderMicros : 100_000, COMPLETED[k]);
      histograms.put(SpecKinds.KINDS.get(k), List.of(h));
    }
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("terminals", 10.0);
    spec.put("warehouses", 1.0);
    spec.put("keying_multiplier", keying);
    spec.put("think_multiplier", 1.0);
    spec.put("ramp_up_seconds", 600.0);
    spec.put("not_tpcc_result", texts);
    spec.put("not_tpcc_codes", codes);
    Map<String, Object> limits = new LinkedHashMap<>();
    List.of(5.0, 5.0, 5.0, 5.0, 20.0, 80.0)
        .forEach(l -> limits.put(SpecKinds.KINDS.get(limits.size()), l));
    spec.put("limits_s", limits);
    spec.put("steady_state", Map.of("tpmC", Collections.nCopies(12, 12.5)));
    spec.put("deferred_delivery", Map.of("queued", 400.0, "completed", 400.0, "failed", 0.0));
    spec.put("scheduling_lag_ms", Map.of("max", 3.0));
    spec.put("pool_wait_avg_ms", 0.5);
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("workload", "tpcc");
    summary.put("config", new LinkedHashMap<>(Map.of("home_warehouses", range, "scale", 2.0)));
    summary.put("kinds", kinds);
    summary.put("spec", spec);
    List<Map<String, Object>> lines = List.of(Map.of("interval_s", 7200.0));
    return new DriverResult(Path.of(range), summary, lines, histograms);
  }

  private static DriverResult share(String range, long newOrderMicros) {
    return driver(range, newOrderMicros, List.of("range"), List.of(RANGE_REASON), 1.0);
  }

  private static ResultsMerge merge(DriverResult... drivers) {
    Map<String, Histogram> whole = new LinkedHashMap<>();
    for (String kind : SpecKinds.KINDS) {
      Histogram sum = new Histogram(3);
      for (DriverResult d : drivers) {
        sum.add(d.histograms().get(kind).get(0));
      }
      whole.put(kind, sum);
    }
    List<Integer> first = new ArrayList<>(Collections.nCopies(drivers.length, 0));
    return new ResultsMerge(
        List.of(drivers), new Alignment(first, 1), SpecKinds.KINDS, whole, List.of(whole));
  }

  private static List<String> codes(MergedSpecVerdict v) {
    return v.reasons().stream().map(SpecReason::code).toList();
  }

  @Test
  void twoSharesCoveringEveryWarehouseMergeIntoATpcCResultThoughNeitherIsOneAlone()
      throws Exception {
    MergedSpecVerdict v = MergedSpecVerdict.of(merge(share("1-1", 1_000), share("2-2", 1_000)));
    assertEquals(List.of(), v.reasons(), "each driver's share is judged again: all covered");
    assertTrue(v.tpccResult());
    assertTrue(v.verdict().met(), v.verdictLine());
    assertTrue(v.verdictLine().endsWith(" -- a TPC-C result"), v.verdictLine());
    assertEquals(12, v.steadyState().tpmC().size());
    assertEquals(25.0, v.steadyState().tpmC().get(0), 1e-9, "the drivers' windows added up");
  }

  @Test
  void aWarehouseWithoutTerminalsKeepsTheMergeFromBeingATpcCResult() throws Exception {
    DriverResult a = share("1-1", 1_000);
    a.config().put("scale", 3.0);
    DriverResult b = share("2-2", 1_000);
    b.config().put("scale", 3.0);
    MergedSpecVerdict v = MergedSpecVerdict.of(merge(a, b));
    assertEquals(List.of(MergedSpecVerdict.COVERAGE), codes(v));
    assertTrue(
        v.reasons().get(0).text().startsWith("1 of the data set's 3 warehouses"),
        v.reasons().get(0).text());
    assertFalse(v.tpccResult());
    assertTrue(v.verdictLine().endsWith("NOT a TPC-C result (1 reason below)"), v.verdictLine());
    assertTrue(v.text().contains("warehouses without terminals: 1"), v.text());
  }

  @Test
  void theConstraintsAreJudgedOverTheDriversLatenciesTogether() throws Exception {
    // each driver has 4,300 New-Orders: a's at 1 ms, b's at 6 s; the union's p90 is 6 s
    MergedSpecVerdict v = MergedSpecVerdict.of(merge(share("1-1", 1_000), share("2-2", 6_000_000)));
    assertEquals(List.of(SpecReason.CONSTRAINTS), codes(v));
    assertFalse(v.verdict().constraints().get(0).met(), v.verdict().constraints().toString());
    assertTrue(v.verdictLine().startsWith("verdict: MISSED: new_order p90 response time"));
  }

  @Test
  void aDriversOwnReasonsAreCarriedOnceAndItsShareIntervalAndStateAreJudgedAgain()
      throws Exception {
    List<String> codes = List.of("ramp_up", "range", "interval", "steady_state", "failed");
    List<String> texts =
        List.of("a ramp-up of 3 s", RANGE_REASON, "a measurement interval of 6 s", "x", "y");
    DriverResult a = driver("1-1", 1_000, codes, texts, 1.0);
    DriverResult b = driver("2-2", 1_000, codes, texts, 1.0);
    MergedSpecVerdict v = MergedSpecVerdict.of(merge(a, b));
    assertEquals(List.of(SpecReason.RAMP_UP), codes(v));
    assertEquals("a ramp-up of 3 s", v.reasons().get(0).text());
  }

  @Test
  void aResultWithoutCodesHasEveryReasonCarried() throws Exception {
    DriverResult old = driver("1-1", 1_000, List.of(), List.of(RANGE_REASON), 1.0);
    MergedSpecVerdict v = MergedSpecVerdict.of(merge(old, share("2-2", 1_000)));
    assertEquals(List.of(RANGE_REASON), SpecReason.texts(v.reasons()));
  }

  @Test
  void driversWithDifferentMultipliersAreNamed() throws Exception {
    DriverResult slow = driver("2-2", 1_000, List.of("range"), List.of(RANGE_REASON), 2.0);
    MergedSpecVerdict v = MergedSpecVerdict.of(merge(share("1-1", 1_000), slow));
    assertEquals(List.of(MergedSpecVerdict.SETTINGS), codes(v));
    assertTrue(
        v.reasons().get(0).text().contains("keying_multiplier 1.0 in 1-1 but 2.0 in 2-2"),
        v.reasons().get(0).text());
  }

  @Test
  void theSpecObjectCarriesTheMergedVerdictAndSums() throws Exception {
    MergedSpecVerdict v = MergedSpecVerdict.of(merge(share("1-1", 1_000), share("2-2", 1_000)));
    JsonWriter json = new JsonWriter().beginObject();
    v.write(json);
    @SuppressWarnings("unchecked")
    Map<String, Object> spec =
        (Map<String, Object>) JsonReader.object(json.endObject().toString()).get("spec");
    assertEquals(true, spec.get("tpcc_result"));
    assertEquals(20.0, spec.get("terminals"));
    assertEquals(0.0, spec.get("warehouses_without_terminals"));
    assertEquals(v.verdictLine(), spec.get("verdict_line"));
    assertEquals(
        Map.of("queued", 800.0, "completed", 800.0, "failed", 0.0), spec.get("deferred_delivery"));
  }

  @Test
  void runsOutsideSpecModeHaveNoSpecVerdict() throws Exception {
    DriverResult a = share("1-1", 1_000);
    a.summary().remove("spec");
    DriverResult b = share("2-2", 1_000);
    b.summary().remove("spec");
    assertNull(MergedSpecVerdict.of(merge(a, b)));
  }
}
