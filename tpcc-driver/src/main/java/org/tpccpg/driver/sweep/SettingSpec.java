package org.tpccpg.driver.sweep;

import java.util.List;

/**
 * What {@code pg_settings} says a setting takes, for checking the sweep's values before any cell
 * runs and for reading back the value in force.
 *
 * @param name the setting
 * @param vartype {@code bool}, {@code integer}, {@code real}, {@code string} or {@code enum}
 * @param unit the base unit ({@code 8kB}, {@code kB}, {@code ms}, {@code s}, ...), or null
 * @param min the minimum in the base unit, or null
 * @param max the maximum in the base unit, or null
 * @param enumvals an enum's documented values (not the hidden ones a server also accepts)
 * @param context {@code postmaster}, {@code sighup}, {@code user}, ...
 */
record SettingSpec(
    String name,
    String vartype,
    String unit,
    Double min,
    Double max,
    List<String> enumvals,
    String context) {
  SettingSpec {
    enumvals = List.copyOf(enumvals);
  }

  boolean needsRestart() {
    return context.equals("postmaster");
  }
}
