package org.tpccpg.driver.connect;

import java.util.Properties;

/**
 * pgbench's {@code -M simple|extended|prepared}, mapped onto PgJDBC: the hook for the TPC-B
 * command's {@code -M} option. TPC-C's {@code --db-ps-mode} is {@link
 * org.tpccpg.driver.run.StatementMode}: {@code auto} sends what {@link #PREPARED} sends, {@code
 * disable} what {@link #EXTENDED} sends.
 *
 * <table>
 *   <caption>What each mode sends, and where it works</caption>
 *   <tr><th>mode</th><th>PgJDBC</th><th>on the wire</th><th>pooler in transaction mode</th></tr>
 *   <tr><td>simple</td><td>preferQueryMode=simple</td><td>Query, values inlined by the
 *       driver</td><td>works</td></tr>
 *   <tr><td>extended</td><td>prepareThreshold=0</td><td>Parse/Bind/Execute of an unnamed
 *       statement, every time</td><td>works</td></tr>
 *   <tr><td>prepared</td><td>prepareThreshold=1</td><td>Parse of a named statement once per
 *       connection, then Bind/Execute</td><td>needs pgbouncer 1.21+ with max_prepared_statements
 *       &gt; 0; fails otherwise</td></tr>
 * </table>
 *
 * <p>A pooler in statement mode runs only single-statement transactions, whatever the mode.
 */
public enum QueryProtocol {
  SIMPLE,
  EXTENDED,
  PREPARED;

  /** The PgJDBC connection properties for this mode. */
  public Properties connectionProperties() {
    Properties properties = new Properties();
    switch (this) {
      case SIMPLE -> properties.setProperty("preferQueryMode", "simple");
      case EXTENDED -> {
        properties.setProperty("preferQueryMode", "extended");
        properties.setProperty("prepareThreshold", "0");
      }
      case PREPARED -> {
        properties.setProperty("preferQueryMode", "extended");
        properties.setProperty("prepareThreshold", "1");
      }
    }
    return properties;
  }

  /** Whether the mode leaves named statements on the server connection. */
  public boolean namedStatements() {
    return this == PREPARED;
  }
}
