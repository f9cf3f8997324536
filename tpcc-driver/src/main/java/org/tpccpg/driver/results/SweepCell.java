package org.tpccpg.driver.results;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One cell of a sweep as {@code manifest.json} lists it: a run of one workload against one target
 * with one client count, repeat and combination of settings.
 *
 * @param id the cell's id, unique in the bundle
 * @param target the target's name
 * @param workload the workload's name
 * @param clients the client count
 * @param repeat the repeat, from 1
 * @param settings the settings applied for it, name to value; empty without a settings dimension
 * @param dir its results directory, relative to the bundle
 * @param status {@code done}, {@code failed} or {@code pending}; only done cells have results
 * @param bytesBefore the database's size right before its run ({@code
 *     sizes.before.database_bytes}), NaN when the manifest has none
 * @param bytesAfter the same right after the run, NaN when the manifest has none
 */
public record SweepCell(
    String id,
    String target,
    String workload,
    int clients,
    int repeat,
    Map<String, String> settings,
    String dir,
    String status,
    double bytesBefore,
    double bytesAfter) {
  public SweepCell {
    settings = Map.copyOf(settings);
  }

  /** A cell without recorded sizes, as bundles made before sweeps recorded them have. */
  public SweepCell(
      String id,
      String target,
      String workload,
      int clients,
      int repeat,
      Map<String, String> settings,
      String dir,
      String status) {
    this(id, target, workload, clients, repeat, settings, dir, status, Double.NaN, Double.NaN);
  }

  public boolean done() {
    return "done".equals(status);
  }

  /**
   * The cell's fields by the names {@code compare}'s selectors use: id, target, workload, clients,
   * repeat, dir, and {@code settings.NAME} per setting.
   */
  public Map<String, String> fields() {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("id", id);
    fields.put("target", target);
    fields.put("workload", workload);
    fields.put("clients", Integer.toString(clients));
    fields.put("repeat", Integer.toString(repeat));
    fields.put("dir", dir);
    settings.forEach((name, value) -> fields.put("settings." + name, value));
    return fields;
  }
}
