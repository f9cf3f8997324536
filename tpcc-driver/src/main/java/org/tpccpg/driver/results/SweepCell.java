package org.tpccpg.driver.results;

import java.util.Collections;
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
 * @param settings the settings applied for it, name to value, in the sweep file's order; empty
 *     without a settings dimension
 * @param seed the run's random seed, the same for every cell of a sweep (0 when the manifest has
 *     none)
 * @param dir its results directory, relative to the bundle
 * @param status {@link #PENDING}, {@link #DONE}, {@link #FAILED} or {@link #OUTAGE} (it ran to its
 *     end, but its run recorded outages); only done cells are samples
 * @param run when it ran, how it ended and what was measured around it
 */
public record SweepCell(
    String id,
    String target,
    String workload,
    int clients,
    int repeat,
    Map<String, String> settings,
    long seed,
    String dir,
    String status,
    Run run) {
  public static final String PENDING = "pending";
  public static final String DONE = "done";
  public static final String FAILED = "failed";
  public static final String OUTAGE = "outage";

  public SweepCell {
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    Objects.requireNonNull(run, "run");
  }

  /** A cell a sweep plans: pending, its results under {@code runs/ID}. */
  public static SweepCell planned(
      String id,
      String target,
      String workload,
      int clients,
      int repeat,
      Map<String, String> settings,
      long seed) {
    return new SweepCell(
        id, target, workload, clients, repeat, settings, seed, "runs/" + id, PENDING, Run.NONE);
  }

  /** The same cell with this status and run. */
  public SweepCell with(String status, Run run) {
    return new SweepCell(id, target, workload, clients, repeat, settings, seed, dir, status, run);
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
    this(id, target, workload, clients, repeat, settings, 0, dir, status, Run.NONE);
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
    return DONE.equals(status);
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
