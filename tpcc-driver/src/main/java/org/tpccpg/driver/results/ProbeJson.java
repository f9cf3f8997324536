package org.tpccpg.driver.results;

import java.util.List;
import org.tpccpg.core.check.ConditionResult;
import org.tpccpg.driver.check.ConsistencyProbe;
import org.tpccpg.driver.check.ProbeResult;
import org.tpccpg.driver.check.ProbeTotals;

/**
 * {@code run --check-every} in the results files: the probes finished in an interval as its line's
 * {@code "consistency"} array, and their totals as {@code summary.json}'s {@code
 * "consistency_during_run"}.
 */
final class ProbeJson {
  private ProbeJson() {}

  /** The probes of one interval, as an array after its name. */
  static void probes(JsonWriter json, List<ProbeResult> probes) {
    json.beginArray();
    for (ProbeResult p : probes) {
      json.beginObject();
      json.name("table_set").value(p.scope().set());
      json.name("first_warehouse").value(p.scope().firstWarehouse());
      json.name("last_warehouse").value(p.scope().lastWarehouse());
      json.name("error").value(p.error());
      json.name("conditions").beginObject();
      for (ConditionResult r : p.results()) {
        if (r.outcome() != ConditionResult.Outcome.SKIPPED) { // 5-12: a probe does not check them
          json.name(Integer.toString(r.number())).value(r.passed() ? "passed" : "FAILED");
        }
      }
      json.endObject();
      json.name("violations").beginArray();
      for (ConditionResult r : p.violations()) {
        json.beginObject();
        json.name("condition").value(r.number());
        json.name("offending").value(r.offendingKeys());
        json.endObject();
      }
      json.endArray().endObject();
    }
    json.endArray();
  }

  /** {@code "consistency_during_run": {...}}. */
  static void summary(JsonWriter json, ProbeTotals.Snapshot s) {
    json.name("consistency_during_run").beginObject();
    json.name("conditions").beginArray();
    ConsistencyProbe.CONDITIONS.forEach(c -> json.value(c.number()));
    json.endArray();
    json.name("probes").value(s.probes());
    json.name("could_not_check").value(s.failedToCheck());
    json.name("violated").value(s.violated());
    json.name("first_violation");
    if (s.first() == null) {
      json.nullValue();
    } else {
      ProbeTotals.FirstViolation f = s.first();
      json.beginObject();
      json.name("at_s").value(f.seconds());
      json.name("table_set").value(f.result().scope().set());
      json.name("first_warehouse").value(f.result().scope().firstWarehouse());
      json.name("last_warehouse").value(f.result().scope().lastWarehouse());
      json.name("condition").value(f.condition().number());
      json.name("offending").value(f.condition().offendingKeys());
      json.endObject();
    }
    json.endObject();
  }
}
