package org.tpccpg.driver.tpcb;

import java.util.Locale;
import java.util.Properties;

/**
 * pgbench's {@code -M}, mapped onto PgJDBC's protocol settings.
 *
 * <ul>
 *   <li>{@code simple}: the simple query protocol ({@code preferQueryMode=simple}); PgJDBC puts the
 *       parameter values into the query text, as pgbench does.
 *   <li>{@code extended}: the extended protocol with unnamed statements only ({@code
 *       prepareThreshold=0}): Parse, Bind, Execute for every statement.
 *   <li>{@code prepared}: named server-side prepared statements from the first execution ({@code
 *       prepareThreshold=1}): parsed once per connection, then Bind and Execute.
 * </ul>
 */
public enum QueryMode {
  SIMPLE("preferQueryMode", "simple"),
  EXTENDED("prepareThreshold", "0"),
  PREPARED("prepareThreshold", "1");

  private final String property;
  private final String value;

  QueryMode(String property, String value) {
    this.property = property;
    this.value = value;
  }

  /** The name on pgbench's command line and in its report. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The PgJDBC connection properties for this mode. */
  public Properties connectionProperties() {
    Properties properties = new Properties();
    properties.setProperty(property, value);
    return properties;
  }

  /**
   * Parses a {@code -M} value.
   *
   * @throws IllegalArgumentException with pgbench's message
   */
  public static QueryMode parse(String text) {
    for (QueryMode mode : values()) {
      if (mode.label().equals(text)) {
        return mode;
      }
    }
    throw new IllegalArgumentException("invalid query mode (-M): \"" + text + "\"");
  }
}
