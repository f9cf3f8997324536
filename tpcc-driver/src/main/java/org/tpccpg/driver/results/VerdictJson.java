package org.tpccpg.driver.results;

import org.tpccpg.driver.verdict.Judgement;
import org.tpccpg.driver.verdict.RunVerdict;

/** A run's verdict in its {@code summary.json}: the thresholds, then each judgement and why. */
final class VerdictJson {
  private VerdictJson() {}

  /** {@code "verdict": {"thresholds": {...}, "stable": {"verdict": "yes", "why": "..."}, ...}}. */
  static void write(JsonWriter json, RunVerdict v) {
    json.name("verdict").beginObject();
    json.name("thresholds").beginObject();
    v.thresholds().named().forEach((name, value) -> json.name(name).value(value));
    json.endObject();
    judgement(json, "stable", v.stable());
    judgement(json, "healthy", v.healthy());
    judgement(json, "consistent", v.consistent());
    judgement(json, "durable", v.durable());
    json.endObject();
  }

  private static void judgement(JsonWriter json, String name, Judgement j) {
    json.name(name).beginObject();
    json.name("verdict").value(j.state().word());
    json.name("why").value(j.why());
    json.endObject();
  }
}
