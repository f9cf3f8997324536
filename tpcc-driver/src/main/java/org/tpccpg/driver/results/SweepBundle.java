package org.tpccpg.driver.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sweep bundle read from its {@code manifest.json} (docs/sweep.md): the targets and workloads in
 * the manifest's order and every cell. The one reader of a finished bundle, for {@code report} and
 * {@code compare}; the sweep that writes the manifest reads it back to resume ({@code
 * sweep.ManifestJson}). Only the members the sweep contract names are read; unknown ones are
 * ignored, so a newer manifest still renders.
 *
 * @param directory the bundle directory
 * @param targets the targets' names, in manifest order
 * @param workloads the workloads' names, in manifest order
 * @param kinds per workload name its {@code kind}, {@code tpcb} or {@code tpcc}; a workload whose
 *     entry has none is absent
 * @param cells every cell, whatever its status
 */
public record SweepBundle(
    Path directory,
    List<String> targets,
    List<String> workloads,
    Map<String, String> kinds,
    List<SweepCell> cells) {
  public static final String MANIFEST = "manifest.json";

  public SweepBundle {
    targets = List.copyOf(targets);
    workloads = List.copyOf(workloads);
    kinds = Map.copyOf(kinds);
    cells = List.copyOf(cells);
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
    for (Object target : m.list(manifest, "targets")) {
      targets.add(m.string(m.object(target, "targets[]"), "name"));
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
      Map<String, Object> cell = m.object(item, "cells[]");
      cells.add(
          new SweepCell(
              m.string(cell, "id"),
              m.string(cell, "target"),
              m.string(cell, "workload"),
              m.integer(cell, "clients"),
              m.integer(cell, "repeat"),
              m.settings(cell),
              m.string(cell, "dir"),
              m.string(cell, "status"),
              Members.databaseBytes(cell, "before"),
              Members.databaseBytes(cell, "after")));
    }
    return new SweepBundle(directory, targets, workloads, kinds, cells);
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

    /**
     * {@code sizes.WHEN.database_bytes} of a cell, NaN when absent: a bundle made before sweeps
     * recorded sizes, or sizes the sweep could not read.
     */
    static double databaseBytes(Map<String, Object> cell, String when) {
      if (cell.get("sizes") instanceof Map<?, ?> sizes
          && sizes.get(when) instanceof Map<?, ?> at
          && at.get("database_bytes") instanceof Double bytes) {
        return bytes;
      }
      return Double.NaN;
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
