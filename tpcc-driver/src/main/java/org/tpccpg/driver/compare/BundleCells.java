package org.tpccpg.driver.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.tpccpg.driver.results.SweepBundle;
import org.tpccpg.driver.results.SweepCell;

/**
 * The done cells of a sweep bundle, for {@code compare} to choose its two sides from; the manifest
 * is read by {@link SweepBundle}, as the report reads it. Cells whose status is not {@code done}
 * are left out, never counted as zero.
 */
public final class BundleCells {
  private final Path directory;
  private final List<Map<String, String>> cells;

  private BundleCells(Path directory, List<Map<String, String>> cells) {
    this.directory = directory;
    this.cells = List.copyOf(cells);
  }

  /**
   * Reads a bundle's manifest.
   *
   * @throws IOException naming the file when it is missing or not a sweep's manifest
   */
  public static BundleCells read(Path directory) throws IOException {
    List<Map<String, String>> done = new ArrayList<>();
    for (SweepCell cell : SweepBundle.read(directory).cells()) {
      if (cell.done()) {
        done.add(cell.fields());
      }
    }
    return new BundleCells(directory, done);
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
