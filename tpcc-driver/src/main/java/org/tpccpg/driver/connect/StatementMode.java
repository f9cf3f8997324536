package org.tpccpg.driver.connect;

import java.util.Locale;
import java.util.Properties;

/**
 * How a statement travels over the wire, for both workloads: pgbench's {@code -M} names the three
 * modes, sysbench's {@code --db-ps-mode} picks two of them.
 *
 * <ul>
 *   <li>{@link #SIMPLE}: the simple query protocol ({@code preferQueryMode=simple}); PgJDBC puts
 *       the parameter values into the query text, as pgbench {@code -M simple} and sysbench's
 *       client-side emulation ({@code --db-ps-mode=disable}) do.
 *   <li>{@link #EXTENDED}: the extended protocol with unnamed statements only ({@code
 *       prepareThreshold=0}): Parse, Bind, Execute for every statement.
 *   <li>{@link #PREPARED}: named server-side prepared statements from the first execution ({@code
 *       prepareThreshold=1}): parsed once per connection, then Bind and Execute.
 * </ul>
 */
public enum StatementMode {
  SIMPLE("preferQueryMode", "simple"),
  EXTENDED("prepareThreshold", "0"),
  PREPARED("prepareThreshold", "1");

  private static final String BINARY_TRANSFER_DISABLE = "binaryTransferDisable";

  private final String property;
  private final String value;

  StatementMode(String property, String value) {
    this.property = property;
    this.value = value;
  }

  /** The name on pgbench's command line ({@code -M}) and in its report. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The PgJDBC connection properties for this mode. In every mode NUMERIC values travel as text, as
   * libpq sends and receives them for pgbench and sysbench: PgJDBC's binary NUMERIC encoding
   * divides a {@code BigInteger} for every amount bound, a tenth of a TPC-C client's CPU in a JFR
   * profile (docs/benchmarks.md), where the text form is the amount's few digits.
   */
  public Properties connectionProperties() {
    Properties properties = new Properties();
    properties.setProperty(property, value);
    properties.setProperty(BINARY_TRANSFER_DISABLE, "NUMERIC");
    return properties;
  }

  /**
   * Parses pgbench's {@code -M} value.
   *
   * @throws IllegalArgumentException with pgbench's message
   */
  public static StatementMode parsePgbench(String text) {
    for (StatementMode mode : values()) {
      if (mode.label().equals(text)) {
        return mode;
      }
    }
    throw new IllegalArgumentException("invalid query mode (-M): \"" + text + "\"");
  }

  /**
   * Parses sysbench's {@code --db-ps-mode} value, in any case. sysbench's PostgreSQL driver sends
   * {@code auto} statements with {@code PQprepare} and {@code PQexecPrepared} (named server-side
   * statements), and {@code disable} ones through its client-side emulation: values inlined into
   * the text, sent with {@code PQexec} (the simple protocol).
   *
   * @throws IllegalArgumentException naming the accepted values, in the words {@code --db-ps-mode}
   *     has always failed with
   */
  public static StatementMode parseSysbench(String text) {
    if ("auto".equalsIgnoreCase(text)) {
      return PREPARED;
    }
    if ("disable".equalsIgnoreCase(text)) {
      return SIMPLE;
    }
    throw new IllegalArgumentException(
        "expected one of [AUTO, DISABLE] (case-insensitive) but was '" + text + "'");
  }

  /**
   * The {@code --db-ps-mode} value that selects this mode, as run reports and results files print
   * it; null for {@link #EXTENDED}, which sysbench has no value for.
   */
  public String sysbenchLabel() {
    return switch (this) {
      case PREPARED -> "auto";
      case SIMPLE -> "disable";
      case EXTENDED -> null;
    };
  }
}
