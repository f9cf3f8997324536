package org.tpccpg.driver.results;

import java.util.List;
import org.tpccpg.driver.metrics.OutageTracker;

/** A run's outages in its {@code summary.json}, the same for both workloads. */
public final class OutageJson {
  private OutageJson() {}

  /**
   * Writes {@code "outages": [...]}, each with {@code start_s}, {@code duration_s}, {@code clients}
   * and {@code back_to_90_percent_after_s} ({@code null} when not within the run).
   */
  public static void write(JsonWriter json, List<OutageTracker.Outage> outages) {
    json.name("outages").beginArray();
    for (OutageTracker.Outage outage : outages) {
      json.beginObject();
      json.name("start_s").value(outage.start());
      json.name("duration_s").value(outage.duration());
      json.name("clients").value(outage.clients());
      json.name("back_to_90_percent_after_s");
      if (outage.recoveredAfter() < 0) {
        json.nullValue();
      } else {
        json.value(outage.recoveredAfter());
      }
      json.endObject();
    }
    json.endArray();
  }
}
