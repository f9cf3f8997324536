package org.tpccpg.driver.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sweep file's syntax, an INI dialect: {@code [kind name]} or {@code [kind]} section headers,
 * {@code key = value} lines, {@code #} comments (whole lines, or after a value when preceded by a
 * space), blank lines. Every section and value keeps its line number, so that the checks of {@link
 * SweepFile} can name the line of a bad value.
 */
final class IniText {
  private static final Pattern HEADER = Pattern.compile("\\[\\s*([a-z]+)(?:\\s+(\\S+))?\\s*]");
  private static final Pattern ENTRY = Pattern.compile("([A-Za-z_][A-Za-z0-9_.-]*)\\s*=(.*)");

  /** One {@code key = value} line. */
  record Value(String text, int line) {}

  /** One section: its kind, its name (null when the header has none), its values by key. */
  record Section(String kind, String name, int line, Map<String, Value> values) {
    String where() {
      return "[" + kind + (name == null ? "" : " " + name) + "]";
    }
  }

  private IniText() {}

  /**
   * Parses the text into its sections in file order.
   *
   * @throws SweepFileException for a line that is neither a header, an entry, a comment nor blank,
   *     an entry outside a section, or a key given twice in a section
   */
  static List<Section> parse(String text) {
    List<Section> sections = new ArrayList<>();
    Section current = null;
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      int number = i + 1;
      String line = stripComment(lines[i]).strip();
      if (line.isEmpty()) {
        continue;
      }
      Matcher header = HEADER.matcher(line);
      if (header.matches()) {
        current = new Section(header.group(1), header.group(2), number, new LinkedHashMap<>());
        sections.add(current);
        continue;
      }
      Matcher entry = ENTRY.matcher(line);
      if (!entry.matches()) {
        throw new SweepFileException(
            number, "expected [section], 'key = value' or a # comment, not '" + line + "'");
      }
      String key = entry.group(1);
      if (current == null) {
        throw new SweepFileException(number, key + ": a key before the first [section]");
      }
      Value previous = current.values().put(key, new Value(entry.group(2).strip(), number));
      if (previous != null) {
        throw new SweepFileException(
            number,
            current.where() + " " + key + ": given twice (first on line " + previous.line() + ")");
      }
    }
    return sections;
  }

  /** The line up to a {@code #} at its start or after white space (a '#' inside a word stays). */
  private static String stripComment(String line) {
    for (int i = 0; i < line.length(); i++) {
      if (line.charAt(i) == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
        return line.substring(0, i);
      }
    }
    return line;
  }
}
