package org.tpccpg.driver.results;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

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
 * @param run when it ran, how it ended and what was measured around it
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
    Run run) {
  public SweepCell {
    settings = Map.copyOf(settings);
    Objects.requireNonNull(run, "run");
  }

  /**
   * How far a cell's run got.
   *
   * @param started ISO-8601 UTC, or null when it never started
   * @param ended ISO-8601 UTC, or null
   * @param error one line, or null
   * @param elapsedSeconds the wall-clock seconds of its run's child process, or null
   * @param sizesBefore the database and the workload's tables right before the run, or null
   * @param sizesAfter the same right after it, or null
   */
  public record Run(
      String started,
      String ended,
      String error,
      Double elapsedSeconds,
      DatabaseSizes sizesBefore,
      DatabaseSizes sizesAfter) {
    /** A cell that has not run, or a manifest that says nothing about its run. */
    public static final Run NONE = new Run(null, null, null, null, null, null);
  }

  /** A cell without a record of its run, as bundles made before sweeps recorded sizes have. */
  public SweepCell(
      String id,
      String target,
      String workload,
      int clients,
      int repeat,
      Map<String, String> settings,
      String dir,
      String status) {
    this(id, target, workload, clients, repeat, settings, dir, status, Run.NONE);
  }

  /** The database's size right before its run ({@code sizes.before.database_bytes}), or NaN. */
  public double bytesBefore() {
    return run.sizesBefore() == null ? Double.NaN : run.sizesBefore().databaseBytes();
  }

  /** The same right after the run, or NaN. */
  public double bytesAfter() {
    return run.sizesAfter() == null ? Double.NaN : run.sizesAfter().databaseBytes();
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
