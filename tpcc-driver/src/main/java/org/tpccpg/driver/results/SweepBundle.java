package org.tpccpg.driver.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A sweep bundle read from its {@code manifest.json} (docs/sweep.md): the targets and workloads in
 * the manifest's order, every cell with how far its run got, and what a resumed sweep keeps. The
 * one reader of the manifest: {@code report} and {@code compare} read a finished bundle with it,
 * and the sweep that writes the manifest (through {@link SweepManifestJson}) reads it back to
 * resume. Only the members the sweep contract names are read; unknown ones are ignored, so a newer
 * manifest still renders.
 *
 * @param directory the bundle directory
 * @param targets the targets' names, in manifest order
 * @param workloads the workloads' names, in manifest order
 * @param kinds per workload name its {@code kind}, {@code tpcb} or {@code tpcc}; a workload whose
 *     entry has none is absent
 * @param cells every cell, whatever its status
 * @param sweep what a resumed sweep keeps from the one that wrote the manifest
 */
public record SweepBundle(
    Path directory,
    List<String> targets,
    List<String> workloads,
    Map<String, String> kinds,
    List<SweepCell> cells,
    Saved sweep) {
  public static final String MANIFEST = "manifest.json";

  public SweepBundle {
    targets = List.copyOf(targets);
    workloads = List.copyOf(workloads);
    kinds = Map.copyOf(kinds);
    cells = List.copyOf(cells);
    Objects.requireNonNull(sweep, "sweep");
  }

  /**
   * What a sweep resumes from besides its cells.
   *
   * @param seed the sweep's seed; null when the manifest has none (it cannot be resumed)
   * @param created when the bundle was created, ISO-8601 UTC
   * @param settingsRestored false when a sweep of a settings dimension ended without restoring the
   *     targets' settings (it was killed outright)
   * @param prepared the {@code target/workload} keys whose data are prepared, in that order
   * @param preparing the keys whose preparation began and did not finish
   * @param targetSettings per target name what was recorded about its settings
   */
  public record Saved(
      Long seed,
      String created,
      boolean settingsRestored,
      List<String> prepared,
      List<String> preparing,
      Map<String, TargetSettings> targetSettings) {
    /** A bundle read for its cells only, as report and compare read one. */
    public static final Saved NONE = new Saved(null, "", true, List.of(), List.of(), Map.of());

    public Saved {
      prepared = List.copyOf(prepared);
      preparing = List.copyOf(preparing);
      targetSettings = Map.copyOf(targetSettings);
    }
  }

  /**
   * A target's settings as the sweep recorded them; each map keeps its nulls.
   *
   * @param nonDefault {@code non_default_settings}, secrets masked
   * @param originals {@code original_settings}: each swept setting's value before the sweep
   * @param originalsInForce {@code original_in_force}: the value in force then
   */
  public record TargetSettings(
      Map<String, String> nonDefault,
      Map<String, String> originals,
      Map<String, String> originalsInForce) {}

  /** A bundle whose workloads name their kind; nothing saved for a resume. */
  public SweepBundle(
      Path directory,
      List<String> targets,
      List<String> workloads,
      Map<String, String> kinds,
      List<SweepCell> cells) {
    this(directory, targets, workloads, kinds, cells, Saved.NONE);
  }

  /** A bundle whose workloads name no kind. */
  public SweepBundle(
      Path directory, List<String> targets, List<String> workloads, List<SweepCell> cells) {
    this(directory, targets, workloads, Map.of(), cells);
  }

  /** The kind of a workload, {@code tpcb} or {@code tpcc}; null when the manifest has none. */
  public String kind(String workload) {
    return kinds.get(workload);
  }

  /** Whether a directory is a bundle: it holds a {@code manifest.json}. */
  public static boolean isBundle(Path directory) {
    return Files.isRegularFile(directory.resolve(MANIFEST));
  }

  /**
   * Reads a bundle's manifest.
   *
   * @throws IOException in one line naming the file and the member when it is not a sweep manifest
   */
  public static SweepBundle read(Path directory) throws IOException {
    Path file = directory.resolve(MANIFEST);
    if (!Files.isRegularFile(file)) {
      throw new IOException(directory + " is not a sweep bundle: it has no " + MANIFEST);
    }
    Map<String, Object> manifest = JsonReader.objectFile(file); // a truncated one named, #32
    Members m = new Members(file);
    if (!"tpcc-sweep".equals(manifest.get("kind"))) {
      throw new IOException(file + " is not a sweep manifest: kind is not \"tpcc-sweep\"");
    }
    List<String> targets = new ArrayList<>();
    Map<String, TargetSettings> targetSettings = new LinkedHashMap<>();
    for (Object item : m.list(manifest, "targets")) {
      Map<String, Object> target = m.object(item, "targets[]");
      String name = m.string(target, "name");
      targets.add(name);
      targetSettings.put(
          name,
          new TargetSettings(
              Members.strings(target.get("non_default_settings")),
              Members.strings(target.get("original_settings")),
              Members.strings(target.get("original_in_force"))));
    }
    List<String> workloads = new ArrayList<>();
    Map<String, String> kinds = new LinkedHashMap<>();
    for (Object item : m.list(manifest, "workloads")) {
      Map<String, Object> workload = m.object(item, "workloads[]");
      String name = m.string(workload, "name");
      workloads.add(name);
      if (workload.get("kind") instanceof String kind) {
        kinds.put(name, kind);
      }
    }
    List<SweepCell> cells = new ArrayList<>();
    for (Object item : m.list(manifest, "cells")) {
      cells.add(m.cell(m.object(item, "cells[]")));
    }
    Saved saved =
        new Saved(
            manifest.get("seed") instanceof Number seed ? seed.longValue() : null,
            String.valueOf(manifest.get("created")),
            !Boolean.FALSE.equals(manifest.get("settings_restored")),
            Members.texts(manifest.get("prepared")),
            Members.texts(manifest.get("preparing")),
            targetSettings);
    return new SweepBundle(directory, targets, workloads, kinds, cells, saved);
  }

  /** The results directory of a cell. */
  public Path runDirectory(SweepCell cell) {
    return directory.resolve(cell.dir());
  }

  /** Reads members, failing in one line naming the file and the member. */
  private record Members(Path file) {
    List<?> list(Map<String, Object> object, String name) throws IOException {
      if (object.get(name) instanceof List<?> list) {
        return list;
      }
      throw missing(name, "an array");
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> object(Object value, String name) throws IOException {
      if (value instanceof Map<?, ?> map) {
        return (Map<String, Object>) map;
      }
      throw missing(name, "an object");
    }

    String string(Map<String, Object> object, String name) throws IOException {
      if (object.get(name) instanceof String s) {
        return s;
      }
      throw missing(name, "a string");
    }

    int integer(Map<String, Object> object, String name) throws IOException {
      if (object.get(name) instanceof Double d && d == Math.rint(d) && d >= 0) {
        return d.intValue();
      }
      throw missing(name, "a whole number");
    }

    Map<String, String> settings(Map<String, Object> cell) throws IOException {
      Object value = cell.get("settings");
      Map<String, String> settings = new LinkedHashMap<>();
      if (value == null) {
        return settings;
      }
      for (Map.Entry<String, Object> e : object(value, "settings").entrySet()) {
        settings.put(e.getKey(), e.getValue() == null ? "" : text(e.getValue()));
      }
      return settings;
    }

    SweepCell cell(Map<String, Object> cell) throws IOException {
      return new SweepCell(
          string(cell, "id"),
          string(cell, "target"),
          string(cell, "workload"),
          integer(cell, "clients"),
          integer(cell, "repeat"),
          settings(cell),
          cell.get("seed") instanceof Number seed ? seed.longValue() : 0,
          string(cell, "dir"),
          string(cell, "status"),
          run(cell));
    }

    /**
     * A cell's run: its times, error and {@code sizes}; each member absent in a bundle made before
     * sweeps recorded it, or never recorded (a cell that did not run, sizes the sweep could not
     * read).
     */
    static SweepCell.Run run(Map<String, Object> cell) {
      Map<String, Object> sizes = objectOrEmpty(cell.get("sizes"));
      return new SweepCell.Run(
          textOrNull(cell.get("started")),
          textOrNull(cell.get("ended")),
          textOrNull(cell.get("error")),
          cell.get("elapsed_s") instanceof Number n ? n.doubleValue() : null,
          SizesJson.read(sizes.get("before")),
          SizesJson.read(sizes.get("after")));
    }

    /** A JSON object of strings (null values kept) as a map; empty when absent. */
    static Map<String, String> strings(Object value) {
      Map<String, String> out = new LinkedHashMap<>();
      objectOrEmpty(value).forEach((k, v) -> out.put(k, v == null ? null : String.valueOf(v)));
      return out;
    }

    /** A JSON array as strings; empty when absent. */
    static List<String> texts(Object value) {
      List<String> out = new ArrayList<>();
      if (value instanceof List<?> list) {
        list.forEach(v -> out.add(String.valueOf(v)));
      }
      return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> objectOrEmpty(Object value) {
      return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    private static String textOrNull(Object value) {
      return value == null ? null : value.toString();
    }

    private static String text(Object value) {
      if (value instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)) {
        return Long.toString(d.longValue());
      }
      return String.valueOf(value);
    }

    private IOException missing(String name, String what) {
      return new IOException(file + ": " + name + " is not " + what + ": not a sweep manifest");
    }
  }
}
