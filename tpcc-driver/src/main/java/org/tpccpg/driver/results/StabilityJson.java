package org.tpccpg.driver.results;

import org.tpccpg.driver.metrics.DipCauses;
import org.tpccpg.driver.metrics.Stability;
import org.tpccpg.driver.metrics.StabilityWindow;

/**
 * A run's stability windows and figures in its {@code summary.json}, the same for every workload.
 */
final class StabilityJson {
  private StabilityJson() {}

  /**
   * Writes {@code "stability": {...}} when there were enough windows ({@link
   * Stability#measured()}): the window length, the figures, the dips and every window's tps, p95
   * and p99, and each dip's causes as the server statistics name them ({@code DipCauses}). A run
   * too short for it has no member.
   */
  static void write(JsonWriter json, Stability s, DipCauses causes) {
    if (!s.measured()) {
      return;
    }
    json.name("stability").beginObject();
    json.name("window_s").value(s.windowSeconds());
    json.name("tps_cv").value(s.tpsCv());
    json.name("worst_tps_to_median").value(s.worstTpsToMedian());
    json.name("worst_p99_to_median").value(s.worstP99ToMedian());
    json.name("tps_drift_percent_per_day").value(s.tpsDriftPercentPerDay());
    json.name("p99_drift_percent_per_day").value(s.p99DriftPercentPerDay());
    json.name("dip_percent").value(Stability.DIP_PERCENT);
    json.name("baseline_windows").value(Stability.BASELINE_WINDOWS);
    json.name("dips").beginArray();
    for (Stability.Dip dip : s.dips()) {
      json.beginObject();
      json.name("start_s").value(dip.startSeconds());
      json.name("duration_s").value(dip.seconds());
      json.name("baseline_tps").value(dip.baselineTps());
      json.name("lowest_tps").value(dip.lowestTps());
      json.name("depth_percent").value(dip.depthPercent());
      json.name("causes").beginArray();
      causes.of(dip).forEach(json::value);
      json.endArray();
      json.endObject();
    }
    json.endArray();
    json.name("windows").beginArray();
    for (StabilityWindow w : s.windows()) {
      json.beginObject();
      json.name("start_s").value(w.startSeconds());
      json.name("duration_s").value(w.seconds());
      json.name("transactions").value(w.transactions());
      json.name("tps").value(w.tps());
      json.name("p95_ms").value(w.p95Millis());
      json.name("p99_ms").value(w.p99Millis());
      json.endObject();
    }
    json.endArray();
    json.endObject();
  }
}
