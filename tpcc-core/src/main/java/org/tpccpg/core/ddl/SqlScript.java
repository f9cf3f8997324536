package org.tpccpg.core.ddl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tpccpg.core.schema.TpccTable;

/**
 * One file of {@code sql/tpcc/} (or another directory of {@code sql/}), read from the classpath and
 * split into statement templates. A statement ends with {@code ;} at the end of a line, outside a
 * {@code $$}-quoted function body; lines starting with {@code --} are comments (inside a body too).
 * Templates hold {@code ${name}} placeholders that {@link #render} fills.
 */
public final class SqlScript {
  private static final String ROOT = "/org/tpccpg/sql/";
  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([a-z_]+)}");
  private static final Pattern TARGET_TABLE =
      Pattern.compile("(?i)\\b(?:TABLE(?:\\s+IF\\s+EXISTS)?|ON)\\s+([a-z_]+)\\$\\{set}");

  private final String fileName;
  private final List<String> templates;

  private SqlScript(String fileName, List<String> templates) {
    this.fileName = fileName;
    this.templates = List.copyOf(templates);
  }

  /** Reads {@code sql/tpcc/<fileName>} from the classpath. */
  static SqlScript load(String fileName) {
    return load("tpcc", fileName);
  }

  /** Reads {@code sql/<directory>/<fileName>} from the classpath, e.g. {@code ("tpcb", ...)}. */
  public static SqlScript load(String directory, String fileName) {
    String resource = ROOT + directory + "/" + fileName;
    try (InputStream in = SqlScript.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing classpath resource " + resource);
      }
      return new SqlScript(
          fileName, split(fileName, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }

  static List<String> split(String fileName, String text) {
    List<String> statements = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    boolean inBody = false;
    for (String line : text.split("\n", -1)) {
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.startsWith("--")) {
        continue;
      }
      current.append(current.length() == 0 ? "" : "\n").append(line.stripTrailing());
      if (dollarQuotes(trimmed) % 2 == 1) {
        inBody = !inBody;
      }
      if (!inBody && trimmed.endsWith(";")) {
        current.setLength(current.length() - 1);
        statements.add(current.toString().strip());
        current.setLength(0);
      }
    }
    if (current.length() > 0) {
      throw new IllegalStateException(fileName + ": last statement does not end with ';'");
    }
    return statements;
  }

  /** How many {@code $$} a line holds: a function body's ';' ends no statement. */
  private static int dollarQuotes(String line) {
    int count = 0;
    for (int at = line.indexOf("$$"); at >= 0; at = line.indexOf("$$", at + 2)) {
      count++;
    }
    return count;
  }

  String fileName() {
    return fileName;
  }

  /** The statement templates in file order. */
  public List<String> templates() {
    return templates;
  }

  /** The table a template creates, alters, indexes or drops, if it names one with a set suffix. */
  static Optional<TpccTable> targetTable(String template) {
    Matcher matcher = TARGET_TABLE.matcher(template);
    return matcher.find() ? Optional.of(TpccTable.ofBaseName(matcher.group(1))) : Optional.empty();
  }

  /**
   * Fills every {@code ${name}} of {@code template} from {@code values} and drops the spaces an
   * empty value leaves at the end of a line.
   *
   * @throws IllegalStateException when the template names a placeholder without a value
   */
  public String render(String template, Map<String, String> values) {
    Matcher matcher = PLACEHOLDER.matcher(template);
    StringBuilder sql = new StringBuilder();
    while (matcher.find()) {
      String value = values.get(matcher.group(1));
      if (value == null) {
        throw new IllegalStateException(
            fileName + ": no value for placeholder ${" + matcher.group(1) + "}");
      }
      matcher.appendReplacement(sql, Matcher.quoteReplacement(value));
    }
    matcher.appendTail(sql);
    return sql.toString().replaceAll("[ \t]+(?=\n|$)", "");
  }
}
