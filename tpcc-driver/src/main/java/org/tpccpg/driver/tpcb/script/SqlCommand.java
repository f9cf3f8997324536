package org.tpccpg.driver.tpcb.script;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An SQL command of a script: its text as pgbench sends it under {@code -M simple} after
 * substituting variables (several statements when joined with {@code \;}), and whether {@code
 * \gset} or {@code \aset} stores its results.
 *
 * @param text the command, leading blanks and {@code --} comments removed, the ending {@code ;}
 *     kept, {@code \;} turned into {@code ;}
 * @param capture where results go
 * @param prefix the variable name prefix of {@code \gset}/{@code \aset} ("" if none); "" with
 *     {@link Capture#NONE}
 */
public record SqlCommand(String text, Capture capture, String prefix) implements Command {
  /** pgbench's limit on {@code :variables} in one command under -M extended and prepared. */
  static final int MAX_PARAMETERS = 255;

  /** What happens to the command's results. */
  public enum Capture {
    /** Thrown away. */
    NONE,
    /** {@code \gset}: the one row of the last result into variables. */
    GSET,
    /** {@code \aset}: the last row of every result into variables. */
    ASET
  }

  public SqlCommand {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(capture, "capture");
    Objects.requireNonNull(prefix, "prefix");
    if (text.isBlank()) {
      throw new IllegalArgumentException("text must not be blank");
    }
    if (capture == Capture.NONE && !prefix.isEmpty()) {
      throw new IllegalArgumentException("prefix must be empty without \\gset or \\aset");
    }
  }

  /** A command whose results are thrown away. */
  public static SqlCommand of(String text) {
    return new SqlCommand(text, Capture.NONE, "");
  }

  SqlCommand capturing(Capture newCapture, String newPrefix) {
    return new SqlCommand(text, newCapture, newPrefix);
  }

  /**
   * The first line, as pgbench keeps it for its reports: at most 127 bytes of UTF-8 (a character
   * that would cross the limit is left out whole).
   */
  @Override
  public String firstLine() {
    int end = 0;
    int bytes = 0;
    while (end < text.length()) {
      int c = text.codePointAt(end);
      int size = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
      if (c == '\n' || c == '\r' || bytes + size > 127) {
        break;
      }
      bytes += size;
      end += Character.charCount(c);
    }
    return text.substring(0, end);
  }

  /**
   * The command as pgbench sends it under {@code -M simple} (assignVariables()): each {@code :name}
   * of a defined variable replaced by its text, anywhere in the command, quotes included; undefined
   * names and {@code ::} casts left as they are.
   */
  public String interpolate(Variables variables) {
    StringBuilder sql = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      int colon = text.indexOf(':', i);
      if (colon < 0) {
        sql.append(text, i, text.length());
        break;
      }
      sql.append(text, i, colon);
      int end = VariableReference.end(text, colon);
      if (end < 0) {
        int after = colon;
        while (after < text.length() && text.charAt(after) == ':') {
          after++;
        }
        sql.append(text, colon, after);
        i = after;
        continue;
      }
      Optional<String> value = variables.text(text.substring(colon + 1, end));
      if (value.isPresent()) {
        sql.append(value.get());
        i = end;
      } else {
        sql.append(':');
        i = colon + 1;
      }
    }
    return sql.toString();
  }

  /**
   * The command as pgbench sends it under {@code -M extended} and {@code prepared}: each {@code
   * :name} replaced by {@code $1}, {@code $2}, ... in order (a name used twice gets two numbers),
   * with the variable names to bind, in order. Like pgbench, this also replaces {@code :name}
   * inside quoted text.
   *
   * @throws IllegalArgumentException with pgbench's message beyond 255 variables
   */
  public Parameterized parameterized() {
    return parameterize(false);
  }

  /**
   * The same with PgJDBC's {@code ?} placeholders, which PgJDBC sends as the same {@code $1},
   * {@code $2}, ... Unlike pgbench, PgJDBC would also take a {@code ?} written in the command
   * (outside quotes) for a parameter.
   *
   * @throws IllegalArgumentException with pgbench's message beyond 255 variables
   */
  public Parameterized jdbcParameterized() {
    return parameterize(true);
  }

  private Parameterized parameterize(boolean jdbc) {
    StringBuilder sql = new StringBuilder();
    List<String> names = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      int colon = text.indexOf(':', i);
      if (colon < 0) {
        sql.append(text, i, text.length());
        break;
      }
      sql.append(text, i, colon);
      int end = VariableReference.end(text, colon);
      if (end < 0) {
        // pgbench skips the whole run of colons, so "::int" stays a cast
        int after = colon;
        while (after < text.length() && text.charAt(after) == ':') {
          after++;
        }
        sql.append(text, colon, after);
        i = after;
        continue;
      }
      if (names.size() >= MAX_PARAMETERS) {
        throw new IllegalArgumentException(
            "statement has too many arguments (maximum is " + MAX_PARAMETERS + "): " + text);
      }
      names.add(text.substring(colon + 1, end));
      if (jdbc) {
        sql.append('?');
      } else {
        sql.append('$').append(names.size());
      }
      i = end;
    }
    return new Parameterized(sql.toString(), names);
  }

  /**
   * A command with {@code $n} parameters.
   *
   * @param sql the text with {@code $1}, {@code $2}, ...
   * @param variables the variable bound to each parameter, in order
   */
  public record Parameterized(String sql, List<String> variables) {
    public Parameterized {
      Objects.requireNonNull(sql, "sql");
      variables = List.copyOf(variables);
    }

    /**
     * The parameter values, as pgbench's getQueryParams(): each variable's text, or null (sent as
     * SQL NULL) for an undefined one.
     */
    public List<String> values(Variables values) {
      List<String> texts = new ArrayList<>();
      for (String name : variables) {
        texts.add(values.text(name).orElse(null));
      }
      return Collections.unmodifiableList(texts);
    }
  }
}
