package org.tpccpg.driver.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.tpccpg.driver.results.JsonReader;

/**
 * A sweep bundle's cells, read from its {@code manifest.json} (only the fields of the shared
 * contract: id, target, workload, clients, repeat, settings, dir, status), for {@code compare}.
 * Cells whose status is not {@code done} are left out, never counted as zero.
 */
public final class SweepBundle {
  static final String MANIFEST = "manifest.json";

  private final Path directory;
  private final List<Map<String, String>> cells;

  private SweepBundle(Path directory, List<Map<String, String>> cells) {
    this.directory = directory;
    this.cells = List.copyOf(cells);
  }

  /** Whether a directory is a sweep bundle (it has a manifest). */
  public static boolean isBundle(Path directory) {
    return Files.isRegularFile(directory.resolve(MANIFEST));
  }

  /**
   * Reads a bundle's manifest.
   *
   * @throws IOException naming the file when it is missing or not a sweep's manifest
   */
  public static SweepBundle read(Path directory) throws IOException {
    Path file = directory.resolve(MANIFEST);
    if (!Files.isRegularFile(file)) {
      throw new IOException(directory + " is not a sweep bundle: it has no " + MANIFEST);
    }
    Map<String, Object> root = JsonReader.objectFile(file); // a truncated one named, #32
    if (!"tpcc-sweep".equals(root.get("kind")) || !(root.get("cells") instanceof List<?> list)) {
      throw new IOException(file + " is not the manifest of a sweep (kind tpcc-sweep, cells)");
    }
    List<Map<String, String>> cells = new ArrayList<>();
    for (Object item : list) {
      if (!(item instanceof Map<?, ?> cell) || !"done".equals(cell.get("status"))) {
        continue;
      }
      Map<String, String> fields = new LinkedHashMap<>();
      for (String key : List.of("id", "target", "workload", "clients", "repeat", "dir")) {
        Object value = cell.get(key);
        fields.put(
            key, value instanceof Number n ? Long.toString(n.longValue()) : String.valueOf(value));
      }
      if (cell.get("settings") instanceof Map<?, ?> settings) {
        settings.forEach((k, v) -> fields.put("settings." + k, String.valueOf(v)));
      }
      cells.add(fields);
    }
    return new SweepBundle(directory, cells);
  }

  /**
   * The values of {@code field} among the done cells {@code selector} matches, in numeric order
   * when they are all numbers (client counts), else in text order: what {@code compare --each}
   * compares one by one.
   */
  public List<String> values(CellSelector selector, String field) {
    TreeSet<String> values = new TreeSet<>();
    cells.stream()
        .filter(selector::matches)
        .map(cell -> cell.get(field))
        .filter(java.util.Objects::nonNull)
        .forEach(values::add);
    List<String> ordered = new ArrayList<>(values);
    if (ordered.stream().allMatch(v -> v.matches("\\d{1,18}"))) {
      ordered.sort(java.util.Comparator.comparingLong(Long::parseLong));
    }
    return ordered;
  }

  /**
   * The done cells a selector matches, as one side of a comparison: the repeats of one cell.
   *
   * @throws IOException in one line when none match, or they differ in more than the repeat (the
   *     line names the field and its values, so that the user can add it to the selector)
   */
  public RunGroup select(String label, CellSelector selector) throws IOException {
    List<Map<String, String>> matching = cells.stream().filter(selector::matches).toList();
    if (matching.isEmpty()) {
      throw new IOException(label + ": no done cell of " + directory + " matches " + selector);
    }
    TreeSet<String> fields = new TreeSet<>();
    matching.forEach(cell -> fields.addAll(cell.keySet()));
    for (String field : fields) {
      if (field.equals("id") || field.equals("dir") || field.equals("repeat")) {
        continue;
      }
      TreeSet<String> values = new TreeSet<>();
      matching.forEach(cell -> values.add(String.valueOf(cell.get(field))));
      if (values.size() > 1) {
        throw new IOException(
            label
                + ": "
                + selector
                + " matches cells of more than one "
                + field
                + " "
                + values
                + ": add "
                + field
                + "=VALUE, or compare each with --each="
                + field);
      }
    }
    List<ComparedRun> runs = new ArrayList<>();
    for (Map<String, String> cell : matching) {
      runs.add(ComparedRun.read(directory.resolve(cell.get("dir"))));
    }
    return new RunGroup(label, Path.of(directory + "[" + selector + "]"), runs);
  }
}
