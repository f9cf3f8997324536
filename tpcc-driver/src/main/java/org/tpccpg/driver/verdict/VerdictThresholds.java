package org.tpccpg.driver.verdict;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a long run's verdict holds it to, each threshold named as {@code run --verdict} takes it.
 *
 * @param tpsCvPercent stable: the windows' tps coefficient of variation at most this, in %
 * @param worstWindow stable: the lowest window's tps at least this fraction of the median's
 * @param dipPercent stable: no dip deeper than this, in % below its baseline
 * @param freezeHours healthy: at the XID age's rate, {@code autovacuum_freeze_max_age} at least
 *     this many hours away (or not approached)
 * @param deadPercent healthy: no table's dead tuples above this share of its tuples, in %, at the
 *     latest reading (autovacuum's default scale factor is 20 %: above it, it is behind)
 */
public record VerdictThresholds(
    double tpsCvPercent,
    double worstWindow,
    double dipPercent,
    double freezeHours,
    double deadPercent) {
  /** The defaults: a run that varies by a tenth, never halves, has a week of XIDs in hand. */
  public static final VerdictThresholds DEFAULTS = new VerdictThresholds(10, 0.5, 50, 168, 20);

  /** The names, as the option takes them, to their values. */
  public Map<String, Double> named() {
    Map<String, Double> named = new LinkedHashMap<>();
    named.put("tps-cv", tpsCvPercent);
    named.put("worst-window", worstWindow);
    named.put("dip", dipPercent);
    named.put("freeze-hours", freezeHours);
    named.put("dead", deadPercent);
    return named;
  }

  /**
   * These thresholds with those of {@code text} ({@code tps-cv=5,dip=30}) changed.
   *
   * @throws IllegalArgumentException naming the item that is not {@code NAME=NUMBER} of a known
   *     name and a number >= 0
   */
  public VerdictThresholds with(String text) {
    Map<String, Double> named = named();
    for (String item : text.split(",", -1)) {
      int equals = item.indexOf('=');
      String name = equals < 0 ? item : item.substring(0, equals).strip().toLowerCase(Locale.ROOT);
      if (equals < 0 || !named.containsKey(name)) {
        throw new IllegalArgumentException(
            "'"
                + item
                + "' is not NAME=NUMBER with NAME one of "
                + String.join(", ", named.keySet()));
      }
      double value;
      try {
        value = Double.parseDouble(item.substring(equals + 1).strip());
      } catch (NumberFormatException e) {
        value = Double.NaN;
      }
      if (!(value >= 0) || Double.isInfinite(value)) {
        throw new IllegalArgumentException("'" + item + "': " + name + " must be a number >= 0");
      }
      named.put(name, value);
    }
    return new VerdictThresholds(
        named.get("tps-cv"),
        named.get("worst-window"),
        named.get("dip"),
        named.get("freeze-hours"),
        named.get("dead"));
  }
}
