package org.tpccpg.driver.compare;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which cells of a sweep bundle make one side of a comparison: {@code key=value} pairs separated by
 * commas, over the manifest's cell fields {@code target}, {@code workload}, {@code clients}, {@code
 * repeat} and {@code settings.NAME} (one setting of the settings dimension), e.g. {@code
 * target=pg15,workload=tpcb-select,clients=8}. B's selector is A's with B's pairs put over it, so
 * {@code --a target=pg15,clients=8 --b target=pg16} compares pg15 with pg16 at 8 clients.
 *
 * @param pairs the pairs, by key, in the order given
 */
public record CellSelector(Map<String, String> pairs) {
  public CellSelector {
    pairs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(pairs));
  }

  /**
   * Parses a selector.
   *
   * @throws IllegalArgumentException naming the pair when one is not {@code key=value} or its key
   *     is not a cell field
   */
  public static CellSelector parse(String text) {
    Map<String, String> pairs = new LinkedHashMap<>();
    for (String pair : text.split(",", -1)) {
      String[] parts = pair.split("=", 2);
      String key = parts[0].strip();
      if (parts.length != 2 || key.isEmpty() || parts[1].strip().isEmpty()) {
        throw new IllegalArgumentException(
            "'"
                + pair
                + "' is not key=value (keys: target, workload, clients, repeat, settings.NAME)");
      }
      if (!key.equals("target")
          && !key.equals("workload")
          && !key.equals("clients")
          && !key.equals("repeat")
          && !(key.startsWith("settings.") && key.length() > "settings.".length())) {
        throw new IllegalArgumentException(
            "unknown key '" + key + "' (keys: target, workload, clients, repeat, settings.NAME)");
      }
      if (pairs.put(key, parts[1].strip()) != null) {
        throw new IllegalArgumentException("the key '" + key + "' is given twice");
      }
    }
    return new CellSelector(pairs);
  }

  /** This selector with {@code other}'s pairs put over it. */
  public CellSelector with(CellSelector other) {
    Map<String, String> merged = new LinkedHashMap<>(pairs);
    merged.putAll(other.pairs);
    return new CellSelector(merged);
  }

  /** Whether a cell's fields (as {@link BundleCells} reads them) match every pair. */
  boolean matches(Map<String, String> fields) {
    return pairs.entrySet().stream()
        .allMatch(pair -> pair.getValue().equals(fields.get(pair.getKey())));
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    pairs.forEach(
        (k, v) -> text.append(text.length() == 0 ? "" : ",").append(k).append('=').append(v));
    return text.toString();
  }
}
