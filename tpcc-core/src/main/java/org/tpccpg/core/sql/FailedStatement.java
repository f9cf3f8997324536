package org.tpccpg.core.sql;

import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A statement of a TPC-C transaction failed: the server's error, with the statement named by its
 * verb and tables ({@code UPDATE warehouse1}), so that an error which ends a run says where it
 * happened even when the server's message names no table (22003 numeric field overflow, 57014
 * statement timeout).
 *
 * <p>Keeps the SQLSTATE, vendor code and message of the error it wraps (its cause), so {@link
 * SqlStateClass} classifies it as the error itself. It does not classify, retry or log anything,
 * and keeps no parameter values (only the verb and table names of the statement's text).
 */
public final class FailedStatement extends SQLException {
  private static final long serialVersionUID = 1L;

  /** The TPC-C tables of a numbered table set, as both tools name them. */
  private static final Pattern TABLE =
      Pattern.compile(
          "\\b(?:warehouse|district|customer|history|orders|new_orders|order_line|stock|item)\\d+\\b");

  private static final Pattern FUNCTION = Pattern.compile("\\btpcc_[a-z_]+\\d+\\b");

  /** PL/pgSQL's context line for the statement that failed inside a function. */
  private static final Pattern INNER = Pattern.compile("SQL statement \"([^\"]*)\"");

  private final String statement;

  private FailedStatement(SQLException error, String state, String statement) {
    super(error.getMessage(), state, error.getErrorCode(), error);
    this.statement = statement;
  }

  /**
   * Wraps the error of the statement whose text is {@code sql}; an error already wrapped, or one
   * whose statement has no text (a JDBC driver's {@code toString()} need not give one), is returned
   * as it is.
   */
  public static SQLException of(SQLException error, String sql) {
    if (error instanceof FailedStatement || sql == null) {
      return error;
    }
    return new FailedStatement(error, stateOf(error), describe(sql, error.getMessage()));
  }

  /** The statement, e.g. {@code UPDATE warehouse1} or {@code tpcc_payment1(): UPDATE district1}. */
  public String statement() {
    return statement;
  }

  /** The state of the error, or of the first chained one that has one (a batch's). */
  private static String stateOf(SQLException error) {
    for (SQLException e = error; e != null; e = e.getNextException()) {
      if (e.getSQLState() != null) {
        return e.getSQLState();
      }
    }
    return null;
  }

  static String describe(String sql, String message) {
    Matcher function = FUNCTION.matcher(sql);
    if (function.find()) {
      Matcher inner = INNER.matcher(message == null ? "" : message);
      return function.group() + "()" + (inner.find() ? ": " + summary(inner.group(1)) : "");
    }
    return summary(sql);
  }

  /** The verb and the tables: the target of an INSERT, UPDATE or DELETE, all of a query's. */
  static String summary(String sql) {
    String text = sql.strip();
    int space = text.indexOf(' ');
    String verb = (space < 0 ? text : text.substring(0, space)).toUpperCase(Locale.ROOT);
    Set<String> tables = new LinkedHashSet<>();
    Matcher m = TABLE.matcher(text);
    while (m.find()) {
      tables.add(m.group());
    }
    if (tables.isEmpty()) {
      return verb;
    }
    String first = tables.iterator().next();
    return switch (verb) {
      case "UPDATE" -> "UPDATE " + first;
      case "INSERT" -> "INSERT INTO " + first;
      case "DELETE" -> "DELETE FROM " + first;
      default -> verb + " on " + String.join(", ", tables);
    };
  }
}
